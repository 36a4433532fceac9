/**
 * Every email template (react-email), each rendering {template, subject, html, text}, and the render
 * of a queued mail by its template's name. Domain code does not render: it queues a template's
 * inputs (worker/emails/index.ts) and the mail is rendered after the transaction commits.
 */
import { invitationEmail, passwordResetEmail, signupUnfinishedEmail } from './auth';
import { autopayFailedEmail, bankPaymentFailedEmail, invoiceIssuedEmail, invoiceReminderEmail, paymentFailedEmail, paymentReceiptEmail, refundFailedEmail, trialEndingEmail } from './billing';
import { announcementEmail, requestFiledEmail, requestUpdateEmail, violationHearingEmail, violationLetterEmail, violationNoticeEmail, violationUpdateEmail } from './community';
import { ledgerQuestionAnsweredEmail, ledgerQuestionAskedEmail } from './ledger-questions';
import { applicationDecisionEmail, applicationEscalatedEmail } from './applications';
import { meetingAgendaEmail } from './meetings';
import { voteOpenedEmail, voteReceiptEmail } from './votes';
import { emailChangeEmail } from './people';
import type { RenderedEmail } from './layout';

export {
  announcementEmail,
  applicationDecisionEmail,
  applicationEscalatedEmail,
  bankPaymentFailedEmail,
  autopayFailedEmail,
  emailChangeEmail,
  invitationEmail,
  invoiceIssuedEmail,
  invoiceReminderEmail,
  ledgerQuestionAnsweredEmail,
  ledgerQuestionAskedEmail,
  meetingAgendaEmail,
  passwordResetEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  refundFailedEmail,
  requestFiledEmail,
  requestUpdateEmail,
  signupUnfinishedEmail,
  trialEndingEmail,
  violationHearingEmail,
  violationLetterEmail,
  violationNoticeEmail,
  violationUpdateEmail,
  voteOpenedEmail,
  voteReceiptEmail,
};
export type { RenderedEmail };

/** Each template by the name the outbox stores (its `template` column). */
export const emailTemplates = {
  invitation: invitationEmail,
  'email-change': emailChangeEmail,
  'password-reset': passwordResetEmail,
  'signup-unfinished': signupUnfinishedEmail,
  'invoice-issued': invoiceIssuedEmail,
  'invoice-reminder': invoiceReminderEmail,
  'payment-receipt': paymentReceiptEmail,
  'trial-ending': trialEndingEmail,
  'payment-failed': paymentFailedEmail,
  'refund-failed': refundFailedEmail,
  'bank-payment-failed': bankPaymentFailedEmail,
  'autopay-failed': autopayFailedEmail,
  announcement: announcementEmail,
  'violation-notice': violationNoticeEmail,
  'violation-update': violationUpdateEmail,
  'violation-letter': violationLetterEmail,
  'violation-hearing': violationHearingEmail,
  'request-update': requestUpdateEmail,
  'request-filed': requestFiledEmail,
  'ledger-question-asked': ledgerQuestionAskedEmail,
  'ledger-question-answered': ledgerQuestionAnsweredEmail,
  'application-decision': applicationDecisionEmail,
  'application-escalated': applicationEscalatedEmail,
  'meeting-agenda': meetingAgendaEmail,
  'vote-opened': voteOpenedEmail,
  'vote-receipt': voteReceiptEmail,
} as const;

export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailProps<K extends EmailTemplateName> = Parameters<(typeof emailTemplates)[K]>[0];

export const isEmailTemplate = (name: string): name is EmailTemplateName => Object.hasOwn(emailTemplates, name);

/** Renders a queued mail from its template's name and inputs. */
export function renderTemplate(template: EmailTemplateName, props: unknown): Promise<RenderedEmail> {
  return (emailTemplates[template] as (p: unknown) => Promise<RenderedEmail>)(props);
}
