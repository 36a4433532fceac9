/** Architectural review emails: the decision letter to the resident, an escalated application to the board. Rich text is sanitised here again. */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatDay } from '../../schema/days';
import { sanitizeRichText } from '../services/sanitize';
import { Fact, Layout, renderEmail, styles } from './layout';

export function applicationDecisionEmail(p: { hoaName: string; residentName: string; title: string; statusLabel: string; letterHtml: string; url: string }) {
  const subject = `Architectural application ${p.statusLabel.toLowerCase()}: ${p.title}`;
  return renderEmail(
    'application-decision',
    subject,
    <Layout preview={`The board's decision on ${p.title}: ${p.statusLabel}`} heading={subject} hoaName={p.hoaName} cta={{ label: 'View Application', url: p.url }}>
      <Section style={styles.box}>
        <Fact label="Application">{p.title}</Fact>
        <Fact label="Decision">{p.statusLabel}</Fact>
      </Section>
      <div style={{ fontSize: '15px', lineHeight: '24px', color: '#1f2937', margin: '0 0 12px' }} dangerouslySetInnerHTML={{ __html: sanitizeRichText(p.letterHtml) }} />
    </Layout>,
  );
}

export function applicationEscalatedEmail(p: { hoaName: string; title: string; deadline: number; url: string }) {
  const subject = `Escalated to the full board: ${p.title}`;
  return renderEmail(
    'application-escalated',
    subject,
    <Layout
      preview={`No decision on ${p.title} by its deadline`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'Review Application', url: p.url }}
      footer={`You receive this because you are on the board of ${p.hoaName}.`}
    >
      <Text style={styles.text}>
        The architectural application <strong>{p.title}</strong> was not decided by its review deadline of {formatDay(p.deadline)}. Under the HOA&apos;s rule it goes to the full
        board: please review it.
      </Text>
    </Layout>,
  );
}
