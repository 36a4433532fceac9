/** People emails: the confirmation of an email change the board made (sent to the new address). */
import { Text } from '@react-email/text';
import { Layout, renderEmail, styles } from './layout';

export function emailChangeEmail(p: { hoaName: string; name: string; url: string }) {
  const subject = 'Confirm your new email address';
  return renderEmail(
    'email-change',
    subject,
    <Layout
      preview={`Confirm this address for your ${p.hoaName} account`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'Confirm Email', url: p.url }}
      footer="The link is valid for 7 days and can be used once. If you did not expect this, ignore this email: nothing changes."
    >
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>
        Your HOA board changed the email address of your <strong>{p.hoaName}</strong> account to this one. It takes effect once you confirm it.
      </Text>
    </Layout>,
  );
}
