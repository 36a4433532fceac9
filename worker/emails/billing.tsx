/** Money emails: invoice issued, invoice reminder, payment receipt, bank payment failed, refund failed, trial ending, autopay failed. */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatDay, formatLongDay } from '../../schema/days';
import { receiptAmountRows, receiptNumberText } from '../../schema/ledger';
import { formatUsd } from '../../schema/money';
import { Fact, Layout, renderEmail, styles } from './layout';

interface InvoiceMail {
  hoaName: string;
  residentName: string;
  title: string;
  amountCents: number;
  dueDate: number;
  url: string;
}

function InvoiceBox(p: { title: string; amountCents: number; dueDate: number }) {
  return (
    <Section style={styles.box}>
      <Fact label="For">{p.title}</Fact>
      <Fact label="Amount due">{formatUsd(p.amountCents)}</Fact>
      <Fact label="Due date">{formatDay(p.dueDate)}</Fact>
    </Section>
  );
}

export function invoiceIssuedEmail(p: InvoiceMail) {
  const subject = `New invoice from ${p.hoaName}: ${formatUsd(p.amountCents)} due ${formatDay(p.dueDate)}`;
  return renderEmail(
    'invoice-issued',
    subject,
    <Layout preview={`${formatUsd(p.amountCents)} for ${p.title}`} heading="You have a new invoice" hoaName={p.hoaName} cta={{ label: 'View and Pay Invoice', url: p.url }}>
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>{p.hoaName} has issued an invoice to you.</Text>
      <InvoiceBox {...p} />
    </Layout>,
  );
}

export function invoiceReminderEmail(p: InvoiceMail & { overdue: boolean }) {
  const subject = p.overdue ? `Overdue: ${p.title} (${formatUsd(p.amountCents)})` : `Reminder: ${p.title} is due ${formatDay(p.dueDate)}`;
  return renderEmail(
    'invoice-reminder',
    subject,
    <Layout preview={subject} heading={p.overdue ? 'Your invoice is overdue' : 'Your invoice is due soon'} hoaName={p.hoaName} cta={{ label: 'Pay Invoice', url: p.url }}>
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>
        {p.overdue ? 'We have not received payment for this invoice, which is now past its due date.' : 'This is a friendly reminder that this invoice is due soon.'}
      </Text>
      <InvoiceBox {...p} />
      <Text style={styles.muted}>If you have already paid, thank you: you can ignore this email.</Text>
    </Layout>,
  );
}

/** A settled payment's receipt, sent once per payment (its ledger line): numbered per HOA, with how it was paid. */
export function paymentReceiptEmail(p: {
  hoaName: string;
  residentName: string;
  title: string;
  amountCents: number;
  /** A processing fee paid on top (passed on by the HOA): Amount, Processing fee and Total paid then. */
  feeCents?: number;
  paidAt: number;
  reference: string;
  url: string;
  receiptNumber?: number;
  method?: string;
}) {
  const fee = p.feeCents ?? 0;
  const total = p.amountCents + fee;
  const subject = `Receipt: ${formatUsd(total)} paid to ${p.hoaName}`;
  return renderEmail(
    'payment-receipt',
    subject,
    <Layout preview={`Thank you for your payment of ${formatUsd(total)}`} heading="Payment received" hoaName={p.hoaName} cta={{ label: p.receiptNumber ? 'View Receipt' : 'View Invoice', url: p.url }} footer="Keep this email as your receipt.">
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>Thank you: your payment has been received.</Text>
      <Section style={styles.box}>
        {p.receiptNumber ? <Fact label="Receipt">{receiptNumberText(p.receiptNumber)}</Fact> : null}
        <Fact label="For">{p.title}</Fact>
        {p.method ? <Fact label="Paid with">{p.method}</Fact> : null}
        {receiptAmountRows(p.amountCents, fee, 'Amount paid').map((row) => (
          <Fact key={row.label} label={row.label}>
            {formatUsd(row.cents)}
          </Fact>
        ))}
        <Fact label="Paid on">{formatDay(p.paidAt)}</Fact>
        <Fact label="Reference">{p.reference}</Fact>
      </Section>
    </Layout>,
  );
}

/** To the resident: their bank payment (ACH) failed after days in flight; the invoice takes a payment again. */
export function bankPaymentFailedEmail(p: { hoaName: string; residentName: string; title: string; amountCents: number; method: string | null; reason: string; url: string }) {
  const subject = `Your bank payment for ${p.title} failed`;
  return renderEmail(
    'bank-payment-failed',
    subject,
    <Layout preview={`Your ${formatUsd(p.amountCents)} bank payment did not go through`} heading="Your bank payment failed" hoaName={p.hoaName} cta={{ label: 'Pay Invoice', url: p.url }}>
      <Text style={styles.text}>Hello {p.residentName},</Text>
      <Text style={styles.text}>Your bank did not complete the payment for this invoice, so it is still due. Please pay it again, by card or another bank account.</Text>
      <Section style={styles.box}>
        <Fact label="For">{p.title}</Fact>
        <Fact label="Amount">{formatUsd(p.amountCents)}</Fact>
        {p.method ? <Fact label="Bank account">{p.method}</Fact> : null}
        <Fact label="Reason">{p.reason}</Fact>
      </Section>
    </Layout>,
  );
}

/**
 * To the board: a payment came after its invoice stopped taking payments (paid by check or by another
 * Checkout, canceled), and the provider refused to refund it, so someone must (never a receipt).
 */
export function refundFailedEmail(p: { hoaName: string; name: string; payerName: string; amountCents: number; paymentReference: string; reason: string; url: string }) {
  const subject = `Action needed: a ${formatUsd(p.amountCents)} payment could not be refunded`;
  return renderEmail(
    'refund-failed',
    subject,
    <Layout preview={`${p.payerName} paid ${formatUsd(p.amountCents)} for an invoice that no longer takes payments`} heading="A payment could not be refunded" hoaName={p.hoaName} cta={{ label: 'View Invoice', url: p.url }}>
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>
        {p.payerName} paid {formatUsd(p.amountCents)} through an online checkout after the invoice had been paid another way or canceled. The payment was not applied to the
        invoice and no receipt was sent. The automatic refund was refused, so please refund it yourself from the HOA's payment account, or settle it with {p.payerName}.
      </Text>
      <Section style={styles.box}>
        <Fact label="Paid by">{p.payerName}</Fact>
        <Fact label="Amount">{formatUsd(p.amountCents)}</Fact>
        <Fact label="Payment reference">{p.paymentReference}</Fact>
        <Fact label="Why the refund failed">{p.reason}</Fact>
      </Section>
    </Layout>,
  );
}

export function trialEndingEmail(p: { hoaName: string; name: string; planName: string; priceCents: number; trialEnd: number; url: string }) {
  const subject = `Your free trial ends on ${formatLongDay(p.trialEnd)}`;
  return renderEmail(
    'trial-ending',
    subject,
    <Layout
      preview={`${p.hoaName}'s trial of the ${p.planName} plan ends soon`}
      heading="Your free trial is ending soon"
      hoaName={p.hoaName}
      cta={{ label: 'Manage Billing', url: p.url }}
      footer="You can change your plan or cancel at any time before the trial ends."
    >
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>
        The 30-day free trial of the {p.planName} plan for {p.hoaName} ends on {formatLongDay(p.trialEnd)}. After that, the card on file will be charged{' '}
        {formatUsd(p.priceCents)} per month.
      </Text>
    </Layout>,
  );
}

export function paymentFailedEmail(p: { hoaName: string; name: string; planName: string; amountCents: number; nextAttempt: number | null; url: string }) {
  const subject = `Payment failed for ${p.hoaName}'s ${p.planName} plan`;
  return renderEmail(
    'payment-failed',
    subject,
    <Layout
      preview={`We could not charge ${formatUsd(p.amountCents)} for ${p.hoaName}`}
      heading="Your payment failed"
      hoaName={p.hoaName}
      cta={{ label: 'Update Billing Information', url: p.url }}
      footer="If the payment keeps failing, the subscription is canceled and your HOA's account becomes read-only until it is reactivated."
    >
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>
        We could not charge the card on file {formatUsd(p.amountCents)} for the {p.planName} plan of {p.hoaName}.{' '}
        {p.nextAttempt ? `We will try again on ${formatLongDay(p.nextAttempt)}.` : 'This was the last attempt, so the subscription has been canceled.'}
      </Text>
      <Text style={styles.text}>Please update your billing information so your HOA keeps full access.</Text>
    </Layout>,
  );
}

export function autopayFailedEmail(p: { hoaName: string; name: string; invoiceTitle: string; amountCents: number; method: string; reason: string; nextAttempt: number | null; url: string }) {
  const subject = `Autopay could not pay ${p.invoiceTitle} (${formatUsd(p.amountCents)})`;
  return renderEmail(
    'autopay-failed',
    subject,
    <Layout
      preview={`Autopay could not charge ${p.method} for ${p.invoiceTitle}`}
      heading="Your autopay payment failed"
      hoaName={p.hoaName}
      cta={{ label: 'Pay Invoice', url: p.url }}
      footer="You can change the payment method autopay uses, or pause it, on the Autopay page."
    >
      <Text style={styles.text}>Hello {p.name},</Text>
      <Text style={styles.text}>
        Autopay tried to charge {p.method} {formatUsd(p.amountCents)} for {p.invoiceTitle}, and the payment failed. The invoice is still open and you can pay it yourself at any time.{' '}
        {p.nextAttempt ? `Otherwise autopay tries once more on ${formatLongDay(p.nextAttempt)}.` : 'Autopay will not try this invoice again.'}
      </Text>
      <Section style={styles.box}>
        <Fact label="Invoice">{p.invoiceTitle}</Fact>
        <Fact label="Amount">{formatUsd(p.amountCents)}</Fact>
        <Fact label="Payment method">{p.method}</Fact>
        <Fact label="Why it failed">{p.reason}</Fact>
      </Section>
    </Layout>,
  );
}
