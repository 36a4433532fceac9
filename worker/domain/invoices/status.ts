/**
 * An invoice's status: the board sets it (paid by check, cash or transfer, canceled,
 * or back to pending when a paid mark was a mistake), the overdue job moves pending invoices past their
 * due day, and a paid Checkout marks it paid exactly once. Paid online is final: neither the board nor
 * a late or repeated payment event reopens it. Leaving
 * pending/overdue expires the invoice's open Checkouts; a payment that comes anyway is refunded.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { INVOICE_HISTORY, INVOICE_MESSAGES, INVOICE_STATUSES, invoicePolicy, type InvoiceStatusChange } from '../../../schema/invoices';
import { invoiceCheckouts, invoiceHistory, invoices } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { closeInvoiceCheckouts, type InvoicePaidListener } from '../payments';
import type { Actor } from '../actor';
import { recordInvoiceStatus } from '../activity';
import { conflict, forbidden } from '../errors';
import { hoaTodays, latestToday } from '../hoa-days';
import { recordHistory } from '../threads';
import { getVisibleInvoice, type InvoiceRow } from './read';
import { invoiceRows } from './sync';
import { postInvoicePayment, postInvoiceStatusChange } from '../ledger/invoice-lines';

/**
 * `PUT /api/invoices/:id/status` and the setInvoiceStatus mutator. Choosing the current status changes
 * nothing. Marking paid records how the payment came (the schema requires it); the board may undo its
 * own mark, never a payment made online. Each change is a line of the invoice's Activity History.
 */
export async function setInvoiceStatus(deps: AppDeps, tx: Tx, actor: Actor, id: string, change: InvoiceStatusChange): Promise<InvoiceRow> {
  if (!invoicePolicy.mayChangeStatus(actor.role)) throw forbidden(INVOICE_MESSAGES.boardOnly);
  const row = await getVisibleInvoice(tx, actor, id);
  const { status } = change;
  if (row.status === status) return row;
  if (!invoicePolicy.mayChangeTo(row, status)) throw conflict(INVOICE_MESSAGES.paidIsFinal);
  if (row.status === 'paid') {
    // An online payment settled on this invoice (a mark made before methods were kept): not the board's to undo.
    const [settled] = await tx.select({ id: invoiceCheckouts.id }).from(invoiceCheckouts)
      .where(and(eq(invoiceCheckouts.invoiceId, row.id), eq(invoiceCheckouts.hoaId, row.hoaId), eq(invoiceCheckouts.status, 'paid'))).limit(1);
    if (settled) throw conflict(INVOICE_MESSAGES.paidIsFinal);
  }
  const now = deps.clock();
  const paid = status === 'paid';
  // The status read above is part of the condition: a payment settled meanwhile is never overwritten.
  const [updated] = await invoiceRows.update(deps, tx, and(eq(invoices.id, row.id), eq(invoices.hoaId, row.hoaId), eq(invoices.status, row.status))!, {
    status,
    paidAt: paid ? now : null,
    paymentMethod: paid ? change.payment_method! : null,
    updatedAt: now,
  });
  if (!updated) throw conflict(INVOICE_MESSAGES.paidIsFinal);
  await postInvoiceStatusChange(deps, tx, row, updated, actor.userId, paid ? change.payment_method! : null);
  const action = paid ? INVOICE_HISTORY.markedPaid(change.payment_method!) : INVOICE_HISTORY.statusChanged(row.status, status);
  await recordHistory(tx, invoiceHistory, actor, { hoaId: row.hoaId, parentId: row.id, action, at: now });
  await recordInvoiceStatus(deps, tx, actor, row, updated);
  // Paid by check or canceled: a Checkout still open for it must not take a card (expired after the commit).
  if (!invoicePolicy.isPayable(status)) await closeInvoiceCheckouts(deps, tx, { hoaId: row.hoaId, invoiceId: row.id });
  return updated;
}

/**
 * The overdue job: pending invoices whose due day has passed in their HOA's time zone become overdue
 * (one HOA per write, as the writer records per HOA).
 */
export async function markOverdueInvoices(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  // Through the (status, due_date) index: no HOA's today is after the latest on Earth.
  const rows = await deps.database.db.select({ hoaId: invoices.hoaId }).from(invoices).where(and(eq(invoices.status, 'pending'), lt(invoices.dueDate, latestToday(now))));
  const todays = await hoaTodays(deps.database.db, [...new Set(rows.map((r) => r.hoaId))], now);
  let moved = 0;
  for (const [hoaId, today] of todays) {
    const late = and(eq(invoices.status, 'pending'), lt(invoices.dueDate, today), eq(invoices.hoaId, hoaId))!;
    const rows = await deps.database.transaction((tx) => invoiceRows.update(deps, tx, late, { status: 'overdue', updatedAt: deps.clock() }));
    moved += rows.length;
  }
  return moved;
}

/**
 * The webhook's `invoicePaid` event (the invoices area's listener, worker/areas/invoices.ts): a
 * pending or overdue invoice of that amount becomes paid, and its other open Checkouts are expired.
 * Otherwise (paid by check or by another Checkout, canceled) nothing changes and the answer `false`
 * has the payment refunded: an invoice is paid once. The webhook also records event ids, so a repeated event never gets here.
 */
export const markInvoicePaid: InvoicePaidListener = async (deps, tx, paid) => {
  const [settled] = await invoiceRows.update(
    deps,
    tx,
    and(eq(invoices.id, paid.invoiceId), eq(invoices.hoaId, paid.hoaId), eq(sql`${invoices.amountCents} + ${invoices.lateFeeCents}`, paid.amountCents), inArray(invoices.status, PAYABLE))!,
    { status: 'paid', paidAt: paid.paidAt, paymentMethod: 'online', processingSince: null, updatedAt: paid.paidAt },
  );
  if (!settled) return false;
  await postInvoicePayment(deps, tx, settled, { method: paid.method, methodDetail: paid.methodDetail, reference: paid.reference, sourceKey: `checkout:${paid.checkoutId}`, at: paid.paidAt, feeCents: paid.feeCents });
  await recordHistory(tx, invoiceHistory, { userId: settled.recipientId, role: 'resident' }, { hoaId: settled.hoaId, parentId: settled.id, action: INVOICE_HISTORY.paidOnline, at: paid.paidAt });
  await closeInvoiceCheckouts(deps, tx, paid);
  return true;
};

const PAYABLE = INVOICE_STATUSES.filter(invoicePolicy.isPayable);
