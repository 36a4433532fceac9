/**
 * Invoices, shared half: the cache's key space and value (readable offline: My Invoices and the
 * detail), and the board's status change (mark paid by check, cancel), also offline. Paying is
 * online only: it goes to the provider's hosted Checkout.
 */
import { z } from 'zod';
import { DUE_FREQUENCIES } from '../../schema/dues';
import { groupDigits } from '../../schema/en-us';
import { INVOICE_HISTORY, INVOICE_MESSAGES, INVOICE_STATUSES, invoicePaymentRule, invoicePolicy, invoiceStatusFields, PAYMENT_METHODS } from '../../schema/invoices';
import { LATE_FEE_HISTORY, LATE_FEE_MESSAGES, lateFeePolicy, waiveLateFeeFields } from '../../schema/late-fees';
import { syncedPersonSchema } from '../../schema/synced';
import { actingUserSchema, optimisticHistoryEntry, syncedHistoryEntrySchema } from '../../schema/threads';
import { dashboardSource, isRecent } from '../../schema/dashboard';
import { formatUsd } from '../../schema/money';
import type { RestRule } from '../../schema/rest-shape';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { rowId } from './fields';
import { lazy } from '../../schema/lazy';

export const INVOICE_SPACE = 'invoice';
export const invoiceKey = (id: string) => keyOf(INVOICE_SPACE, id);

/** An invoice as the cache holds it. Milliseconds since the epoch for times; days as their UTC midnight. */
export const syncedInvoiceSchema = lazy(() => z.object({
  id: z.string(),
  /** The due it was issued for, with its title and description as they were when issued. */
  due: z.object({ id: z.string(), title: z.string(), description: z.string().nullable(), frequency: z.enum(DUE_FREQUENCIES) }),
  amountCents: z.number(),
  status: z.enum(INVOICE_STATUSES),
  /** The period's send day. */
  sentAt: z.number(),
  dueDate: z.number(),
  paidAt: z.number().nullable(),
  /** How it was paid (the board's record or `online`); null unless paid. */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** The late fee added to what it asks (0 when none or waived); the total is `amountCents + lateFeeCents`. */
  lateFeeCents: z.number(),
  /** A bank payment in flight since then; null otherwise. */
  processingSince: z.number().nullable(),
  recipient: syncedPersonSchema,
  /** Who marked it paid, canceled or undid it, oldest first. */
  history: z.array(syncedHistoryEntrySchema),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
}));
export type SyncedInvoice = z.output<typeof syncedInvoiceSchema>;

/** The REST answer's names (schema/rest-shape.ts): the spec's for the due, the amount, the send day and the recipient; times as ISO text. */
export const INVOICE_REST = {
  times: ['sentAt', 'dueDate', 'paidAt', 'processingSince'],
  names: { due: 'dues_id', amountCents: 'amountCents', sentAt: 'sent', recipient: 'recipient_id' },
} as const satisfies RestRule<SyncedInvoice>;

/** "No open invoices" / "1 open invoice" / "5 open invoices, 2 overdue". */
export function openInvoicesLine(open: number, overdue: number): string {
  if (open === 0) return 'No open invoices';
  const count = `${groupDigits(open)} open ${open === 1 ? 'invoice' : 'invoices'}`;
  return overdue > 0 ? `${count}, ${groupDigits(overdue)} overdue` : count;
}

export const invoiceMutators = {
  /**
   * The board sets a status: paid with how the payment came, or back from its own paid
   * mark; an invoice paid online stays paid. `by` (the acting user) only shows the history line at once.
   */
  setInvoiceStatus: defineMutator({
    args: lazy(() => z.object({ id: rowId, ...invoiceStatusFields, by: actingUserSchema.optional() }).superRefine(invoicePaymentRule)),
    label: 'Update invoice status',
    allowed: { role: invoicePolicy.mayChangeStatus, refusal: INVOICE_MESSAGES.boardOnly },
    async apply(tx, { id, status, payment_method, by }) {
      const row = (await tx.get(invoiceKey(id))) as SyncedInvoice | undefined;
      if (!row || !invoicePolicy.mayChangeTo(row, status)) return;
      const now = Date.now();
      const paid = status === 'paid' && payment_method ? payment_method : null;
      const action = paid ? INVOICE_HISTORY.markedPaid(paid) : INVOICE_HISTORY.statusChanged(row.status, status);
      await tx.set(invoiceKey(id), {
        ...row,
        status,
        paidAt: paid ? now : null,
        paymentMethod: paid,
        history: [...row.history, optimisticHistoryEntry(action, by, now)],
        updatedAt: now,
      });
    },
  }),

  /** The board waives an open invoice's late fee with a reason (also offline); the server posts the waiver line. */
  waiveLateFee: defineMutator({
    args: lazy(() => z.object({ id: rowId, ...waiveLateFeeFields, by: actingUserSchema.optional() })),
    label: 'Waive late fee',
    allowed: { role: lateFeePolicy.mayWaiveAny, refusal: LATE_FEE_MESSAGES.boardOnly },
    async apply(tx, { id, reason, by }) {
      const row = (await tx.get(invoiceKey(id))) as SyncedInvoice | undefined;
      if (!row || !lateFeePolicy.hasFee(row) || !invoicePolicy.isPayable(row.status)) return;
      const now = Date.now();
      await tx.set(invoiceKey(id), {
        ...row,
        lateFeeCents: 0,
        history: [...row.history, optimisticHistoryEntry(LATE_FEE_HISTORY.waived(row.lateFeeCents, reason), by, now)],
        updatedAt: now,
      });
    },
  }),
};

/**
 * Outstanding dues: what open invoices (pending or overdue) still ask for. Its line says what the sum
 * counts ("5 open invoices, 2 overdue"), red when any is overdue: what was owed a month ago is not
 * known (a canceled invoice does not say when), so no change against last month is made up.
 * Payments received join the recent activity.
 */
const invoicesOnDashboard = dashboardSource<SyncedInvoice>()({
  space: INVOICE_SPACE,
  metric: {
    key: 'outstandingDues',
    compute: (values, now) => {
      const open = values.filter((i) => invoicePolicy.isPayable(i.status));
      const overdue = open.filter((i) => invoicePolicy.shownStatus(i, now) === 'overdue').length;
      return {
        title: 'Outstanding Dues',
        icon: 'dollar',
        value: formatUsd(open.reduce((sum, i) => sum + i.amountCents, 0)),
        change: openInvoicesLine(open.length, overdue),
        changeType: 'neutral',
        tone: overdue > 0 ? 'bad' : open.length > 0 ? 'neutral' : 'good',
      };
    },
  },
  activity: (values, now) =>
    values
      .filter((i) => i.status === 'paid' && isRecent(i.paidAt, now))
      .map((i) => ({
        id: `payment:${i.id}`,
        type: 'payment' as const,
        title: `Payment received: ${i.due.title}`,
        description: `${i.recipient.name} paid ${formatUsd(i.amountCents)}`,
        time: new Date(i.paidAt!).toISOString(),
      })),
});

export const invoicesSync = defineSyncedArea({
  spaces: [INVOICE_SPACE],
  mutators: invoiceMutators,
  dashboard: [invoicesOnDashboard],
});
