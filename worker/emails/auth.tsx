/** Account emails: invitation (7-day activation link), password reset (2-hour link), and the answer to a reset for an unfinished signup. */
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

/** `hasAccount`: the address signs in to another HOA already; the link adds this one to that account. */
export function invitationEmail(p: { hoaName: string; inviterName: string; url: string; hasAccount?: boolean }) {
  const subject = `You're invited to ${p.hoaName}`;
  return renderEmail(
    'invitation',
    subject,
    <Layout
      preview={`${p.inviterName} invited you to join ${p.hoaName}`}
      heading={subject}
      hoaName={p.hoaName}
      cta={{ label: p.hasAccount ? 'Accept Invitation' : 'Activate Account', url: p.url }}
      footer="The link is valid for 7 days and can be used once."
    >
      <Text style={styles.text}>
        {p.inviterName} invited you to join <strong>{p.hoaName}</strong>, where your community shares announcements, requests, documents and dues.
      </Text>
      <Text style={styles.text}>
        {p.hasAccount
          ? 'You already have an account with this email address: accept with it, and switch between your HOAs from the menu under your name. No new password is needed.'
          : 'Activate your account to choose your name and password.'}
      </Text>
    </Layout>,
  );
}

/**
 * Forgot password for an address that only an unfinished signup names (no card was given): there is
 * no account to reset. The owner is told so and pointed to the signup, which replaces the unfinished
 * one. Nothing in it comes from whoever started that signup (its HOA name could be anything).
 */
export function signupUnfinishedEmail(p: { url: string }) {
  const subject = 'No HOA account uses this email yet';
  return renderEmail(
    'signup-unfinished',
    subject,
    <Layout preview="An HOA signup was started with this address but never finished" heading={subject} cta={{ label: 'Start Your Free Trial', url: p.url }} footer="If you did not ask for this, ignore this email.">
      <Text style={styles.text}>We received a request to reset the password of an HOA account with this email address, but no account uses it yet.</Text>
      <Text style={styles.text}>An HOA signup was started with this address and never finished. It holds nothing: if it was yours, or you want to create your HOA now, start a new signup with this email.</Text>
    </Layout>,
  );
}
