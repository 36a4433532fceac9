/** Community emails: announcement, violation notice, update, letter and hearing, request filed and update. Rich text is sanitised here again. */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { sanitizeRichText } from '../services/sanitize';
import { formatDay } from '../../schema/days';
import { formatUsd } from '../../schema/money';
import { Fact, Layout, renderEmail, styles } from './layout';

/** Stored rich text (already sanitised on save) shown in the mail; sanitised again since mail clients run no DOMPurify. */
function RichText({ html }: { html: string }) {
  return <div style={{ fontSize: '15px', lineHeight: '24px', color: '#1f2937', margin: '0 0 12px' }} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function announcementEmail(p: { hoaName: string; title: string; category: string; messageHtml: string; url: string; attachmentName?: string | null }) {
  const subject = `${p.category === 'urgent' ? 'Urgent: ' : ''}${p.title}`;
  return renderEmail(
    'announcement',
    subject,
    <Layout
      preview={`${p.hoaName}: ${p.title}`}
      heading={p.title}
      hoaName={p.hoaName}
      cta={{ label: 'View Announcement', url: p.url }}
      footer={`You receive this because you are a member of ${p.hoaName}.`}
    >
      <Text style={styles.label}>Category: {capitalise(p.category)}</Text>
      <RichText html={p.messageHtml} />
      {p.attachmentName ? <Text style={styles.muted}>Attachment: {p.attachmentName} (open the announcement to download it)</Text> : null}
    </Layout>,
  );
}

export function violationNoticeEmail(p: {
  hoaName: string;
  residentName: string;
  title: string;
  category: string;
  messageHtml: string;
  dueDate: number;
  address?: string | null;
  url: string;
  /** The photos recorded with it, each linked to the violation page. */
  photos?: { name: string; url: string }[];
}) {
  const subject = `Compliance notice: ${p.title}`;
  return renderEmail(
    'violation-notice',
    subject,
    <Layout
      preview={`${p.hoaName} issued a compliance notice: ${p.title}`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'View Violation', url: p.url }}
      footer="Reply through the violation page so the board sees your message with the notice."
    >
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>The board of {p.hoaName} has recorded a compliance violation{p.address ? ` at ${p.address}` : ''}.</Text>
      <Section style={styles.box}>
        <Fact label="Category">{p.category}</Fact>
        <Fact label="Please resolve by">{formatDay(p.dueDate)}</Fact>
      </Section>
      <RichText html={p.messageHtml} />
      {p.photos?.length ? (
        <Section style={styles.box}>
          <Text style={styles.label}>{p.photos.length === 1 ? 'Photo' : `Photos (${p.photos.length})`}</Text>
          {p.photos.map((photo) => (
            <Text key={photo.url} style={{ ...styles.text, margin: 0 }}>
              <a href={photo.url} style={{ color: '#1d4ed8' }}>{photo.name}</a>
            </Text>
          ))}
        </Section>
      ) : null}
    </Layout>,
  );
}

/** A violation's new status, or a board message on it (plain text), to the resident it was issued to. */
export function violationUpdateEmail(p: { hoaName: string; residentName: string; title: string; statusLabel: string; messagePlain?: string | null; url: string }) {
  const subject = `Violation update: ${p.title}`;
  return renderEmail(
    'violation-update',
    subject,
    <Layout
      preview={p.messagePlain ? `New message about "${p.title}"` : `The violation "${p.title}" is now ${p.statusLabel}`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'View Violation', url: p.url }}
      footer="Reply through the violation page so the board sees your message with the notice."
    >
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>
        The violation <strong>{p.title}</strong> is {p.messagePlain ? '' : 'now '}
        <strong>{p.statusLabel}</strong>.
      </Text>
      {p.messagePlain ? (
        <Section style={styles.box}>
          <Text style={styles.label}>Message from the board</Text>
          <Text style={{ ...styles.text, margin: 0 }}>{p.messagePlain}</Text>
        </Section>
      ) : null}
    </Layout>,
  );
}

/** A stage's letter on a violation (courtesy notice, warning, fine), with the way to its printable page. */
export function violationLetterEmail(p: {
  hoaName: string;
  residentName: string;
  title: string;
  category: string;
  stageLabel: string;
  address?: string | null;
  cureBy: number | null;
  fineCents: number;
  finedCents: number;
  url: string;
  letterUrl: string;
}) {
  const subject = p.fineCents > 0 ? `Fine of ${formatUsd(p.fineCents)}: ${p.title}` : `${p.stageLabel}: ${p.title}`;
  return renderEmail(
    'violation-letter',
    subject,
    <Layout
      preview={`${p.hoaName}: ${p.stageLabel.toLowerCase()} about ${p.title}`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'View Violation', url: p.url }}
      footer="You may request a hearing from the violation page. Reply there so the board sees your message with the case."
    >
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>
        The board of {p.hoaName} has sent you a {p.stageLabel.toLowerCase()} about a violation{p.address ? ` at ${p.address}` : ''}.
      </Text>
      <Section style={styles.box}>
        <Fact label="Violation">{p.title}</Fact>
        <Fact label="Category">{p.category}</Fact>
        {p.cureBy != null ? <Fact label="Please cure by">{formatDay(p.cureBy)}</Fact> : null}
        {p.fineCents > 0 ? <Fact label="Fine posted to your account">{formatUsd(p.fineCents)}</Fact> : null}
        {p.fineCents > 0 ? <Fact label="Fines on this violation">{formatUsd(p.finedCents)}</Fact> : null}
      </Section>
      <Text style={styles.muted}>A printable copy of this letter: {p.letterUrl}</Text>
    </Layout>,
  );
}

/** A violation's hearing scheduled or decided (with the reason and any fines credited back). */
export function violationHearingEmail(p: {
  hoaName: string;
  residentName: string;
  title: string;
  scheduledFor: number | null;
  decisionLabel: string | null;
  reason: string | null;
  creditedCents: number;
  url: string;
}) {
  const subject = p.decisionLabel ? `Hearing decided: ${p.title}` : `Hearing scheduled: ${p.title}`;
  const when = p.scheduledFor != null ? new Date(p.scheduledFor).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : null;
  return renderEmail(
    'violation-hearing',
    subject,
    <Layout preview={`${p.hoaName}: ${subject}`} heading={subject} hoaName={p.hoaName} cta={{ label: 'View Violation', url: p.url }}>
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Section style={styles.box}>
        <Fact label="Violation">{p.title}</Fact>
        {!p.decisionLabel && when ? <Fact label="Hearing">{when}</Fact> : null}
        {p.decisionLabel ? <Fact label="Decision">{p.decisionLabel}</Fact> : null}
        {p.reason ? <Fact label="Reason">{p.reason}</Fact> : null}
        {p.creditedCents > 0 ? <Fact label="Credited to your account">{formatUsd(p.creditedCents)}</Fact> : null}
      </Section>
    </Layout>,
  );
}

export function requestUpdateEmail(p: { hoaName: string; residentName: string; title: string; statusLabel: string; messagePlain?: string | null; url: string }) {
  const subject = `Request update: ${p.title}`;
  return renderEmail(
    'request-update',
    subject,
    <Layout preview={`Your request "${p.title}" is now ${p.statusLabel}`} heading={subject} hoaName={p.hoaName} cta={{ label: 'View Request', url: p.url }}>
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>
        Your request <strong>{p.title}</strong> is now <strong>{p.statusLabel}</strong>.
      </Text>
      {p.messagePlain ? (
        <Section style={styles.box}>
          <Text style={styles.label}>Message from HOA Staff</Text>
          <Text style={{ ...styles.text, margin: 0 }}>{p.messagePlain}</Text>
        </Section>
      ) : null}
    </Layout>,
  );
}

export function requestFiledEmail(p: { hoaName: string; residentName: string; address?: string | null; title: string; category: string; descriptionHtml: string; url: string }) {
  const subject = `New request: ${p.title}`;
  return renderEmail(
    'request-filed',
    subject,
    <Layout
      preview={`${p.residentName} filed a ${p.category.toLowerCase()} request: ${p.title}`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'View Request', url: p.url }}
      footer={`You receive this because you are on the board of ${p.hoaName}.`}
    >
      <Section style={styles.box}>
        <Fact label="Submitted by">{p.residentName}</Fact>
        {p.address ? <Fact label="Address">{p.address}</Fact> : null}
        <Fact label="Category">{p.category}</Fact>
      </Section>
      <RichText html={p.descriptionHtml} />
    </Layout>,
  );
}
