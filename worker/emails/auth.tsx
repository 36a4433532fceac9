/** Account emails: invitation (7-day activation link) and password reset (2-hour link). */
import { Text } from '@react-email/text';
import { Layout, renderEmail, styles } from './layout';

export function passwordResetEmail(p: { name: string; url: string }) {
  const subject = 'Reset your password';
  return renderEmail(
    'password-reset',
    subject,
    <Layout
      preview="Choose a new password for your HOA account"
      heading={subject}
      cta={{ label: 'Reset Password', url: p.url }}
      footer="The link is valid for 2 hours and can be used once. If you did not ask for this, ignore this email."
    >
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>We received a request to reset your password. Use the button below to choose a new one.</Text>
    </Layout>,
  );
}

export function invitationEmail(p: { hoaName: string; inviterName: string; url: string }) {
  const subject = `You're invited to ${p.hoaName}`;
  return renderEmail(
    'invitation',
    subject,
    <Layout
      preview={`${p.inviterName} invited you to join ${p.hoaName}`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: 'Activate Account', url: p.url }}
      footer="The link is valid for 7 days and can be used once."
    >
      <Text style={styles.text}>
        {p.inviterName} invited you to join <strong>{p.hoaName}</strong>, where your community shares announcements, requests, documents and dues.
      </Text>
      <Text style={styles.text}>Activate your account to choose your name and password.</Text>
    </Layout>,
  );
}
