// Every email template (react-email), each returning {template, subject, html, text}.
export { invitationEmail, passwordResetEmail } from './auth';
export { announcementEmail, requestFiledEmail, requestUpdateEmail, violationNoticeEmail, violationUpdateEmail } from './community';
export { invoiceIssuedEmail, invoiceReminderEmail, paymentFailedEmail, paymentReceiptEmail, trialEndingEmail } from './billing';
export type { RenderedEmail } from './layout';
