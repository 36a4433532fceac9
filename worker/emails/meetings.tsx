/** Meeting emails: the published agenda, to the residents (open meetings) or the board (board-only ones). */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fact, Layout, renderEmail, styles } from './layout';

export function meetingAgendaEmail(p: {
  hoaName: string;
  title: string;
  /** "Thursday, March 12, 2026 at 7:00 PM". */
  when: string;
  place: string | null;
  videoLink: string | null;
  items: { title: string; description: string | null }[];
  url: string;
}) {
  const subject = `Meeting agenda: ${p.title}`;
  return renderEmail(
    'meeting-agenda',
    subject,
    <Layout preview={`${p.hoaName}: ${p.title}, ${p.when}`} heading={subject} hoaName={p.hoaName} cta={{ label: 'View Meeting', url: p.url }} footer={`You receive this because you are a member of ${p.hoaName}.`}>
      <Section style={styles.box}>
        <Fact label="When">{p.when}</Fact>
        {p.place ? <Fact label="Place">{p.place}</Fact> : null}
        {p.videoLink ? <Fact label="Video link">{p.videoLink}</Fact> : null}
      </Section>
      <Text style={styles.label}>Agenda</Text>
      {p.items.map((item, i) => (
        <Text key={i} style={styles.text}>
          {i + 1}. <strong>{item.title}</strong>
          {item.description ? ` — ${item.description}` : ''}
        </Text>
      ))}
    </Layout>,
  );
}
