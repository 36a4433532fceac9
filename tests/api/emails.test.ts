import { describe, expect, it } from 'vitest';
import {
  announcementEmail,
  invitationEmail,
  invoiceIssuedEmail,
  invoiceReminderEmail,
  passwordResetEmail,
  paymentReceiptEmail,
  requestFiledEmail,
  requestUpdateEmail,
  trialEndingEmail,
  violationHearingEmail,
  violationLetterEmail,
  violationNoticeEmail,
  violationUpdateEmail,
} from '../../worker/emails/templates';

/** Every template renders HTML and a plain-text alternative that says what the mail is for. */
const due = Date.parse('2026-12-05T00:00:00Z');
const url = 'http://localhost:8787/x';

const cases = [
  {
    name: 'invitation',
    render: () => invitationEmail({ hoaName: 'Maple Grove HOA', inviterName: 'Ben Board', url: 'http://localhost:8787/invite/accept?token=abc' }),
    subject: "You're invited to Maple Grove HOA",
    text: ['Ben Board invited you to join Maple Grove HOA', 'Activate Account', 'http://localhost:8787/invite/accept?token=abc', 'valid for 7 days'],
  },
  {
    name: 'password-reset',
    render: () => passwordResetEmail({ name: 'Rita Resident', url: 'http://localhost:8787/reset-password?token=xyz' }),
    subject: 'Reset your password',
    text: ['Hello Rita Resident', 'Reset Password', 'http://localhost:8787/reset-password?token=xyz', 'valid for 2 hours'],
  },
  {
    name: 'announcement',
    render: () =>
      announcementEmail({
        hoaName: 'Maple Grove HOA',
        title: 'Pool closes Friday',
        category: 'urgent',
        messageHtml: '<p>The pool closes <strong>Friday</strong>.</p><script>alert(1)</script><p onclick="x()">Thanks!</p>',
        url,
        attachmentName: 'schedule.pdf',
      }),
    subject: 'Urgent: Pool closes Friday',
    text: ['Pool closes Friday', 'Category: Urgent', 'The pool closes Friday', 'Thanks!', 'Attachment: schedule.pdf', 'View Announcement'],
    notInHtml: ['<script', 'onclick', 'alert(1)'],
  },
  {
    name: 'violation-notice',
    render: () =>
      violationNoticeEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Trash bins left out', category: 'Trash', messageHtml: '<p>Please store bins.</p>', dueDate: due, address: '103 Maple Grove Lane', url }),
    subject: 'Compliance notice: Trash bins left out',
    text: ['Hello Rita Resident', 'at 103 Maple Grove Lane', 'Trash', 'Dec 5, 2026', 'Please store bins.', 'View Violation'],
  },
  {
    name: 'violation-update',
    render: () => violationUpdateEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Trash bins left out', statusLabel: 'Under Review', messagePlain: 'Thanks for moving them.', url }),
    subject: 'Violation update: Trash bins left out',
    text: ['Hello Rita Resident', 'The violation Trash bins left out is Under Review', 'Message from the board', 'Thanks for moving them.', 'View Violation', url],
  },
  {
    name: 'violation-letter',
    render: () =>
      violationLetterEmail({
        hoaName: 'Maple Grove HOA',
        residentName: 'Rita Resident',
        title: 'Boat in the driveway',
        category: 'Parking',
        stageLabel: 'Fined',
        address: '103 Maple Grove Lane',
        cureBy: due,
        fineCents: 5000,
        finedCents: 10000,
        url,
        letterUrl: 'http://localhost:8787/violations/v1/letters/l1',
      }),
    subject: 'Fine of $50.00: Boat in the driveway',
    text: ['Hello Rita Resident', 'at 103 Maple Grove Lane', 'Please cure by', 'Dec 5, 2026', '$50.00', '$100.00', '/violations/v1/letters/l1', 'request a hearing'],
  },
  {
    name: 'violation-hearing',
    render: () =>
      violationHearingEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Boat in the driveway', scheduledFor: null, decisionLabel: 'Dismissed', reason: 'Moved that day.', creditedCents: 5000, url }),
    subject: 'Hearing decided: Boat in the driveway',
    text: ['Hello Rita Resident', 'Decision Dismissed', 'Reason Moved that day.', 'Credited to your account $50.00', 'View Violation'],
  },
  {
    name: 'request-update',
    render: () => requestUpdateEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Broken gate', statusLabel: 'In Progress', messagePlain: 'A contractor comes Monday.', url }),
    subject: 'Request update: Broken gate',
    text: ['Your request Broken gate is now In Progress', 'Message from HOA Staff', 'A contractor comes Monday.', 'View Request'],
  },
  {
    name: 'request-filed',
    render: () =>
      requestFiledEmail({
        hoaName: 'Maple Grove HOA',
        residentName: 'Rita Resident',
        address: '103 Maple Grove Lane',
        title: 'Leaking roof',
        category: 'Maintenance',
        descriptionHtml: '<p>Water drips <strong>after rain</strong>.</p><script>alert(1)</script>',
        url,
      }),
    subject: 'New request: Leaking roof',
    text: ['Submitted by Rita Resident', 'Address 103 Maple Grove Lane', 'Category Maintenance', 'Water drips after rain.', 'View Request', url],
    notInHtml: ['<script', 'alert(1)'],
  },
  {
    name: 'invoice-issued',
    render: () => invoiceIssuedEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Monthly dues', amountCents: 12550, dueDate: due, url }),
    subject: 'New invoice from Maple Grove HOA: $125.50 due Dec 5, 2026',
    text: ['You have a new invoice', 'Monthly dues', '$125.50', 'Dec 5, 2026', 'View and Pay Invoice'],
  },
  {
    name: 'invoice-reminder',
    render: () => invoiceReminderEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Monthly dues', amountCents: 12550, dueDate: due, url, overdue: true }),
    subject: 'Overdue: Monthly dues ($125.50)',
    text: ['Your invoice is overdue', 'past its due date', '$125.50', 'Pay Invoice'],
  },
  {
    name: 'payment-receipt',
    render: () => paymentReceiptEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Monthly dues', amountCents: 12550, paidAt: due, reference: 'pi_123', url }),
    subject: 'Receipt: $125.50 paid to Maple Grove HOA',
    text: ['Payment received', 'Monthly dues', '$125.50', 'Dec 5, 2026', 'pi_123', 'Keep this email as your receipt.'],
  },
  {
    name: 'trial-ending',
    render: () => trialEndingEmail({ hoaName: 'Maple Grove HOA', name: 'Olivia Owner', planName: 'Growth', priceCents: 9900, trialEnd: due, url }),
    subject: 'Your free trial ends on December 5, 2026',
    text: ['Your free trial is ending soon', 'Growth plan for Maple Grove HOA ends on December 5, 2026', '$99.00 per month', 'Manage Billing'],
  },
];

describe('email templates', () => {
  for (const c of cases) {
    it(`${c.name} renders its subject, HTML and plain text`, async () => {
      const mail = await c.render();
      expect(mail.template).toBe(c.name);
      expect(mail.subject).toBe(c.subject);
      expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
      // The text alternative is readable on its own: no markup, every fact of the mail.
      expect(mail.text).not.toMatch(/<[a-z]/i);
      const flat = mail.text.replace(/\s+/g, ' ');
      for (const fragment of c.text) expect(flat).toContain(fragment);
      for (const bad of c.notInHtml ?? []) expect(mail.html).not.toContain(bad);
    });
  }

  it('payment-receipt shows the amount, the processing fee and the total paid when the resident paid a fee', async () => {
    const mail = await paymentReceiptEmail({ hoaName: 'Maple Grove HOA', residentName: 'Rita Resident', title: 'Monthly dues', amountCents: 12550, feeCents: 406, paidAt: due, reference: 'pi_123', url });
    expect(mail.subject).toBe('Receipt: $129.56 paid to Maple Grove HOA');
    const flat = mail.text.replace(/\s+/g, ' ');
    for (const fragment of ['Amount $125.50', 'Processing fee $4.06', 'Total paid $129.56']) expect(flat).toContain(fragment);
    expect(flat).not.toContain('Amount paid');
  });

  it('escapes names in the markup', async () => {
    const mail = await passwordResetEmail({ name: '<img src=x onerror=alert(1)>', url });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
