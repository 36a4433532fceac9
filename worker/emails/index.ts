/**
 * The mails the domain queues: each function takes its template's inputs and returns what the
 * outbox stores until the mail is rendered after commit ({template, props}; worker/services/email.ts).
 * Rendering (react-email, milliseconds a mail) never runs while a transaction holds the writer.
 * The templates themselves, which render, are in ./templates.
 */
import type { EmailProps, EmailTemplateName } from './templates';

/** A mail waiting to be rendered: its template and that template's inputs (plain JSON). */
export interface QueuedEmail {
  template: EmailTemplateName;
  props: Record<string, unknown>;
}

const queued =
  <K extends EmailTemplateName>(template: K) =>
  (props: EmailProps<K>): QueuedEmail => ({ template, props: props as Record<string, unknown> });

export const invitationEmail = queued('invitation');
export const emailChangeEmail = queued('email-change');
export const passwordResetEmail = queued('password-reset');
export const signupUnfinishedEmail = queued('signup-unfinished');
export const invoiceIssuedEmail = queued('invoice-issued');
export const invoiceReminderEmail = queued('invoice-reminder');
export const paymentReceiptEmail = queued('payment-receipt');
export const trialEndingEmail = queued('trial-ending');
export const paymentFailedEmail = queued('payment-failed');
export const refundFailedEmail = queued('refund-failed');
export const bankPaymentFailedEmail = queued('bank-payment-failed');
export const autopayFailedEmail = queued('autopay-failed');
export const announcementEmail = queued('announcement');
export const violationNoticeEmail = queued('violation-notice');
export const violationUpdateEmail = queued('violation-update');
export const violationLetterEmail = queued('violation-letter');
export const violationHearingEmail = queued('violation-hearing');
export const requestUpdateEmail = queued('request-update');
export const requestFiledEmail = queued('request-filed');
export const ledgerQuestionAskedEmail = queued('ledger-question-asked');
export const ledgerQuestionAnsweredEmail = queued('ledger-question-answered');
export const applicationDecisionEmail = queued('application-decision');
export const applicationEscalatedEmail = queued('application-escalated');
export const meetingAgendaEmail = queued('meeting-agenda');
export const voteOpenedEmail = queued('vote-opened');
export const voteReceiptEmail = queued('vote-receipt');
