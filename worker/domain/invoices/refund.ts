/**
 * The board refunds an invoice paid online, in full, with a reason: the provider gives the money back
 * (payments/board-refund.ts, outside any transaction), then one transaction reopens the invoice
 * (pending, or overdue past its due day) and posts a Refund line answering the payment line, so the
 * resident owes it again. A replay finds the line posted and answers as the first call did.
 */
import { and, desc, eq } from 'drizzle-orm';
import { invoicePolicy } from '../../../schema/invoices';
import { REFUND_HISTORY, REFUND_MESSAGES, refundPolicy, type RefundInvoice } from '../../../schema/refunds';
import { invoiceHistory, invoices, ledgerLines } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { recordRefund } from '../activity';
import { badRequest, conflict, forbidden } from '../errors';
import { hoaToday } from '../hoa-days';
import { postLedgerLine } from '../ledger';
import { markCheckoutRefunded, refundProviderPayment } from '../payments/board-refund';
import { recordHistory } from '../threads';
import { getVisibleInvoice } from './read';
import { invoiceRows } from './sync';

const refundSource = (paymentLineId: string) => `refund:${paymentLineId}`;

/** The invoice's latest payment line, and whether a refund already answers it. */
async function lastPayment(db: DbOrTx, invoice: { id: string; hoaId: string }) {
  const [payment] = await db.select().from(ledgerLines)
    .where(and(eq(ledgerLines.invoiceId, invoice.id), eq(ledgerLines.hoaId, invoice.hoaId), eq(ledgerLines.kind, 'payment')))
    .orderBy(desc(ledgerLines.occurredAt), desc(ledgerLines.createdAt)).limit(1);
  if (!payment) return { payment: null, refunded: false };
  const [refund] = await db.select({ id: ledgerLines.id }).from(ledgerLines).where(and(eq(ledgerLines.hoaId, invoice.hoaId), eq(ledgerLines.sourceKey, refundSource(payment.id)))).limit(1);
  return { payment, refunded: !!refund };
}

/** `POST /api/invoices/:id/refund`: board and superadmin; needs the network (the provider is called). */
export async function refundInvoice(deps: AppDeps, actor: Actor, id: string, input: RefundInvoice): Promise<void> {
  if (!refundPolicy.mayRefund(actor.role)) throw forbidden(REFUND_MESSAGES.boardOnly);
  const db = deps.database.db;
  const invoice = await getVisibleInvoice(db, actor, id);
  const { payment, refunded } = await lastPayment(db, invoice);
  // Refunded already (a double click, a replay): the same answer, nothing twice.
  if (refunded && invoice.status !== 'paid') return;
  if (invoice.status !== 'paid' || !payment) throw conflict(REFUND_MESSAGES.notPaid);
  if (!refundPolicy.isRefundable(invoice)) throw badRequest(REFUND_MESSAGES.notOnline);
  const { refundId, checkoutId } = await refundProviderPayment(deps, payment);

  await deps.database.transaction(async (tx) => {
    const now = deps.clock();
    const status = invoicePolicy.isPastDue(invoice, await hoaToday(tx, invoice.hoaId, now)) ? 'overdue' : 'pending';
    // Still the payment refunded: a concurrent call that got here first leaves nothing to do.
    const [reopened] = await invoiceRows.update(deps, tx, and(eq(invoices.id, invoice.id), eq(invoices.hoaId, invoice.hoaId), eq(invoices.status, 'paid'))!, {
      status,
      paidAt: null,
      paymentMethod: null,
      processingSince: null,
      updatedAt: now,
    });
    if (!reopened) return;
    const line = await postLedgerLine(deps, tx, {
      hoaId: invoice.hoaId,
      userId: invoice.recipientId,
      kind: 'refund',
      amountCents: -payment.amountCents,
      description: `Refund: ${invoice.title}`,
      occurredAt: now,
      sourceKey: refundSource(payment.id),
      invoiceId: invoice.id,
      relatedLineId: payment.id,
      method: payment.method,
      methodDetail: payment.methodDetail,
      reference: refundId,
      reason: input.reason,
      createdBy: actor.userId,
    });
    if (!line) throw conflict(REFUND_MESSAGES.notPaid);
    if (checkoutId) await markCheckoutRefunded(deps, tx, checkoutId, refundId);
    await recordHistory(tx, invoiceHistory, actor, { hoaId: invoice.hoaId, parentId: invoice.id, action: REFUND_HISTORY.refunded(-payment.amountCents, input.reason), at: now });
    await recordRefund(deps, tx, actor, invoice, payment.amountCents, input.reason, status);
  });
}
