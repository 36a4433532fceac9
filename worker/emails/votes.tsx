/** Owner votes' emails: a vote opened (to each eligible voter) and a ballot's receipt (to whoever cast it, once per cast). */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fact, Layout, renderEmail, styles } from './layout';

export function voteOpenedEmail(p: { hoaName: string; name: string; question: string; closesAt: string; url: string }) {
  const subject = `A vote is open: ${p.question}`;
  return renderEmail(
    'vote-opened',
    subject,
    <Layout preview={`${p.question} — closes ${p.closesAt}`} heading={subject} hoaName={p.hoaName} cta={{ label: 'Vote now', url: p.url }} footer={`You receive this because your address may vote in ${p.hoaName}.`}>
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>
        The board opened a vote: <strong>{p.question}</strong>. One ballot counts per address: any resident of your address may cast it, and the latest one cast counts.
      </Text>
      <Fact label="Closes">{p.closesAt}</Fact>
    </Layout>,
  );
}

export function voteReceiptEmail(p: { hoaName: string; name: string; question: string; code: string; choices: string[]; castAt: string; url: string }) {
  const subject = `Your vote receipt: ${p.question}`;
  return renderEmail(
    'vote-receipt',
    subject,
    <Layout preview={`Receipt ${p.code}`} heading="Your vote is recorded" hoaName={p.hoaName} cta={{ label: 'Check a receipt', url: p.url }}>
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>
        Your household&apos;s vote on <strong>{p.question}</strong> is recorded. Keep the code: anyone who checks it on the vote&apos;s screen sees the choice recorded under it, and nobody else learns it from us.
      </Text>
      <Section style={styles.box}>
        <Fact label="Receipt code">{p.code}</Fact>
        <Fact label="Your choice">{p.choices.join(', ')}</Fact>
        <Fact label="Cast">{p.castAt}</Fact>
      </Section>
    </Layout>,
  );
}
