/**
 * The board's refund of an invoice paid online (card or bank account, through Checkout or autopay):
 * in full, with a reason, through the payment provider. The invoice is open again and the resident's
 * statement shows a Refund line. A payment by check, cash or transfer is undone with Undo Paid instead.
 */
import { z } from 'zod';
import { lazy } from './lazy';
import { formatUsd } from './money';
import { isPrivileged, type Role } from './roles';
import type { InvoiceStatus, PaymentMethod } from './invoices';

export const REFUND_REASON_MAX = 500;

export const REFUND_MESSAGES = {
  button: 'Refund Payment',
  title: 'Refund Payment',
  confirm: (amountCents: number, resident: string) =>
    `Give ${resident} back ${formatUsd(amountCents)} through the payment provider. The invoice is open again: ${resident} can pay it again, or you can cancel it.`,
  refunded: 'Payment refunded.',
  failed: 'Failed to refund the payment. Please try again.',
  needsConnection: 'Refunding needs an internet connection. Please reconnect and try again.',
  boardOnly: 'Only board members can refund payments',
  reasonRequired: 'Please give a reason for the refund.',
  reasonTooLong: `The reason must be at most ${REFUND_REASON_MAX} characters.`,
  notPaid: 'Only a paid invoice can be refunded.',
  notOnline: 'This invoice was marked paid by hand (check, cash or bank transfer), so there is no online payment to refund. Use Undo Paid to set it back to Pending.',
  noPaymentReference: 'This payment has no payment reference to refund.',
  refused: (why: string) => `The payment provider refused the refund: ${why}`,
} as const;

/** What the invoice's Activity History says. */
export const REFUND_HISTORY = {
  refunded: (cents: number, reason: string) => `Payment of ${formatUsd(cents)} refunded: ${reason}`,
} as const;

/** `POST /api/invoices/:id/refund` body. */
export const refundFields = lazy(() => ({
  reason: z
    .string({ error: REFUND_MESSAGES.reasonRequired })
    .max(REFUND_REASON_MAX * 4, { error: REFUND_MESSAGES.reasonTooLong, abort: true })
    .trim()
    .min(1, REFUND_MESSAGES.reasonRequired)
    .max(REFUND_REASON_MAX, REFUND_MESSAGES.reasonTooLong),
}));
export const refundInvoiceSchema = lazy(() => z.object(refundFields));
export type RefundInvoice = z.output<typeof refundInvoiceSchema>;

export const refundPolicy = {
  /** Who refunds: the board (and the superadmin). */
  mayRefund: (role: Role) => isPrivileged(role),
  /** A payment the provider took: paid online. One marked paid by hand is undone, not refunded. */
  isRefundable: (inv: { status: InvoiceStatus; paymentMethod: PaymentMethod | null }) => inv.status === 'paid' && inv.paymentMethod === 'online',
};
