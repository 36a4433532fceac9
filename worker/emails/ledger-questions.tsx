/** Ledger question emails: a resident's question to the board, the board's answer to the resident. */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatUsd } from '../../schema/money';
import { Fact, Layout, renderEmail, styles } from './layout';

export function ledgerQuestionAskedEmail(p: { hoaName: string; residentName: string; kindLabel: string; lineDescription: string; amountCents: number; messagePlain: string; url: string }) {
  const subject = `${p.kindLabel}: ${p.lineDescription}`;
  return renderEmail(
    'ledger-question-asked',
    subject,
    <Layout
      preview={`${p.residentName} asked about ${p.lineDescription}`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'View Question', url: p.url }}
      footer={`You receive this because you are on the board of ${p.hoaName}.`}
    >
      <Section style={styles.box}>
        <Fact label="Resident">{p.residentName}</Fact>
        <Fact label="Line">{p.lineDescription}</Fact>
        <Fact label="Amount">{formatUsd(p.amountCents)}</Fact>
      </Section>
      <Text style={styles.text}>{p.messagePlain}</Text>
    </Layout>,
  );
}

export function ledgerQuestionAnsweredEmail(p: { hoaName: string; residentName: string; kindLabel: string; lineDescription: string; statusLabel: string; reason: string; url: string }) {
  const subject = `${p.kindLabel} ${p.statusLabel.toLowerCase()}: ${p.lineDescription}`;
  return renderEmail(
    'ledger-question-answered',
    subject,
    <Layout preview={`Your ${p.kindLabel.toLowerCase()} was ${p.statusLabel.toLowerCase()}`} heading={subject} hoaName={p.hoaName} cta={{ label: 'View Question', url: p.url }}>
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>
        The board has answered your {p.kindLabel.toLowerCase()} about <strong>{p.lineDescription}</strong>: <strong>{p.statusLabel}</strong>.
      </Text>
      <Section style={styles.box}>
        <Text style={styles.label}>Reason</Text>
        <Text style={{ ...styles.text, margin: 0 }}>{p.reason}</Text>
      </Section>
    </Layout>,
  );
}
