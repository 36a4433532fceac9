/**
 * The provider half of a board refund (the invoices domain's refund.ts writes the rest): which
 * provider payment an invoice's payment line was, and its refund in full on the HOA's connected
 * account, once per payment line (the idempotency key is the line's, so a retry or a double click
 * gets the same refund back).
 */
import { and, eq } from 'drizzle-orm';
import { REFUND_MESSAGES } from '../../../schema/refunds';
import { autopayAttempts, connectAccounts, invoiceCheckouts, type ledgerLines } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { PaymentRefusedError } from '../../services/payments/types';
import { badRequest, conflict } from '../errors';

type PaymentLine = typeof ledgerLines.$inferSelect;

/** The provider's payment behind a payment line: its Checkout's or autopay attempt's, else the line's own pi_ reference. */
async function providerPaymentOf(db: DbOrTx, line: PaymentLine): Promise<{ paymentIntentId: string | null; checkoutId: string | null }> {
  const [kind, id] = [line.sourceKey.slice(0, line.sourceKey.indexOf(':')), line.sourceKey.slice(line.sourceKey.indexOf(':') + 1)];
  if (kind === 'checkout') {
    const [row] = await db.select({ pi: invoiceCheckouts.paymentIntentId }).from(invoiceCheckouts).where(and(eq(invoiceCheckouts.id, id), eq(invoiceCheckouts.hoaId, line.hoaId))).limit(1);
    return { paymentIntentId: row?.pi ?? null, checkoutId: row ? id : null };
  }
  if (kind === 'autopay') {
    const [row] = await db.select({ pi: autopayAttempts.paymentIntentId }).from(autopayAttempts).where(and(eq(autopayAttempts.id, id), eq(autopayAttempts.hoaId, line.hoaId))).limit(1);
    return { paymentIntentId: row?.pi ?? null, checkoutId: null };
  }
  return { paymentIntentId: line.reference?.startsWith('pi_') ? line.reference : null, checkoutId: null };
}

/**
 * Refunds the payment of `line` in full at the provider, outside any transaction. A refusal answers
 * 409 with the provider's reason; a payment with nothing to refund at the provider answers 400.
 */
export async function refundProviderPayment(deps: AppDeps, line: PaymentLine): Promise<{ refundId: string; checkoutId: string | null }> {
  const db = deps.database.db;
  const { paymentIntentId, checkoutId } = await providerPaymentOf(db, line);
  const [account] = await db.select({ id: connectAccounts.accountId }).from(connectAccounts).where(eq(connectAccounts.hoaId, line.hoaId)).limit(1);
  if (!paymentIntentId || !account) throw badRequest(REFUND_MESSAGES.noPaymentReference);
  const metadata = { kind: 'board_refund', hoa_id: line.hoaId, invoice_id: line.invoiceId ?? '', ledger_line_id: line.id };
  try {
    const refund = await deps.payments.refundInvoicePayment({ connectedAccountId: account.id, paymentIntentId, metadata, idempotencyKey: `board_refund:${line.id}` });
    if (refund.status === 'failed' || refund.status === 'canceled') throw conflict(REFUND_MESSAGES.refused(`the refund ${refund.id} was ${refund.status}.`));
    return { refundId: refund.id, checkoutId };
  } catch (e) {
    if (e instanceof PaymentRefusedError) throw conflict(REFUND_MESSAGES.refused(e.message));
    throw e;
  }
}

/** A Checkout whose payment the board refunded: `refunded`, so nothing holds the reopened invoice as paid online. */
export async function markCheckoutRefunded(deps: AppDeps, tx: Tx, checkoutId: string, refundId: string): Promise<void> {
  await tx.update(invoiceCheckouts).set({ status: 'refunded', refundId, updatedAt: deps.clock() }).where(and(eq(invoiceCheckouts.id, checkoutId), eq(invoiceCheckouts.status, 'paid')));
}
