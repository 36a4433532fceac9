/**
 * An invoice's status (community §4, §7): the board sets it (paid by check, canceled), the overdue
 * job moves pending invoices past their due day, and a paid Checkout marks it paid exactly once.
 * Paid is final: neither the board nor a late or repeated payment event reopens it. Leaving
 * pending/overdue expires the invoice's open Checkouts; a payment that comes anyway is refunded.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { INVOICE_MESSAGES, INVOICE_STATUSES, invoicePolicy, type InvoiceStatus } from '../../../schema/invoices';
import { dayOf } from '../../../schema/money';
import { invoices } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { closeInvoiceCheckouts, type InvoicePaidListener } from '../payments';
import type { Actor } from '../actor';
import { conflict, forbidden } from '../errors';
import { getVisibleInvoice, type InvoiceRow } from './read';
import { invoiceRows } from './sync';

/** `PUT /api/invoices/:id/status` and the setInvoiceStatus mutator. Choosing the current status changes nothing. */
export async function setInvoiceStatus(deps: AppDeps, tx: Tx, actor: Actor, id: string, status: InvoiceStatus): Promise<InvoiceRow> {
  if (!invoicePolicy.mayChangeStatus(actor.role)) throw forbidden(INVOICE_MESSAGES.boardOnly);
  const row = await getVisibleInvoice(tx, actor, id);
  if (row.status === status) return row;
  if (!invoicePolicy.mayChangeTo(row.status, status)) throw conflict(INVOICE_MESSAGES.paidIsFinal);
  const now = deps.clock();
  // The status read above is part of the condition: a payment settled meanwhile is never overwritten.
  const [updated] = await invoiceRows.update(deps, tx, and(eq(invoices.id, row.id), eq(invoices.hoaId, row.hoaId), eq(invoices.status, row.status))!, {
    status,
    paidAt: status === 'paid' ? now : null,
    updatedAt: now,
  });
  if (!updated) throw conflict(INVOICE_MESSAGES.paidIsFinal);
  // Paid by check or canceled: a Checkout still open for it must not take a card (expired after the commit).
  if (!invoicePolicy.isPayable(status)) await closeInvoiceCheckouts(deps, tx, { hoaId: row.hoaId, invoiceId: row.id });
  return updated;
}

/** The overdue job: pending invoices whose due day has passed become overdue (one HOA per write, as the writer records per HOA). */
export async function markOverdueInvoices(deps: AppDeps): Promise<number> {
  const today = dayOf(deps.clock());
  const late = and(eq(invoices.status, 'pending'), lt(invoices.dueDate, today))!;
  // Through the (status, due_date) index; the HOAs are told apart here rather than by a DISTINCT sort.
  const rows = await deps.database.db.select({ hoaId: invoices.hoaId }).from(invoices).where(late);
  let moved = 0;
  for (const hoaId of new Set(rows.map((r) => r.hoaId))) {
    const rows = await deps.database.transaction((tx) =>
      invoiceRows.update(deps, tx, and(late, eq(invoices.hoaId, hoaId))!, { status: 'overdue', updatedAt: deps.clock() }),
    );
    moved += rows.length;
  }
  return moved;
}

/**
 * The webhook's `invoicePaid` event (worker/areas/listeners.ts): a pending or overdue invoice of that
 * amount becomes paid, and its other open Checkouts are expired. Otherwise (paid by check or by
 * another Checkout, canceled) nothing changes and the answer `false` has the payment refunded: an
 * invoice is paid once. The webhook also records event ids, so a repeated event never gets here.
 */
export const markInvoicePaid: InvoicePaidListener = async (deps, tx, paid) => {
  const [settled] = await invoiceRows.update(
    deps,
    tx,
    and(eq(invoices.id, paid.invoiceId), eq(invoices.hoaId, paid.hoaId), eq(invoices.amountCents, paid.amountCents), inArray(invoices.status, PAYABLE))!,
    { status: 'paid', paidAt: paid.paidAt, updatedAt: paid.paidAt },
  );
  if (settled) await closeInvoiceCheckouts(deps, tx, paid);
  return Boolean(settled);
};

const PAYABLE = INVOICE_STATUSES.filter(invoicePolicy.isPayable);
