/**
 * The board waives an invoice's late fee with a reason: the fee comes off the invoice, a waiver line
 * answers the fee's line on the ledger, and the fee is never added again (its cause stays posted).
 */
import { and, eq } from 'drizzle-orm';
import { invoicePolicy } from '../../../schema/invoices';
import { LATE_FEE_HISTORY, LATE_FEE_MESSAGES, lateFeePolicy, type WaiveLateFee } from '../../../schema/late-fees';
import { invoiceHistory, invoices, ledgerLines } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { recordLateFeeWaived } from '../activity';
import { conflict, forbidden } from '../errors';
import { postLedgerLine } from '../ledger';
import { closeInvoiceCheckouts } from '../payments';
import { recordHistory } from '../threads';
import { lateFeeSource } from './late-fees';
import { getVisibleInvoice, type InvoiceRow } from './read';
import { invoiceRows } from './sync';

/**
 * `POST /api/invoices/:id/waive-late-fee` and the waiveLateFee mutator: the board takes the fee off
 * with a reason. A waiver line answers the fee's line on the ledger; the fee is never added again.
 */
export async function waiveLateFee(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: WaiveLateFee): Promise<InvoiceRow> {
  if (!lateFeePolicy.mayWaiveAny(actor.role)) throw forbidden(LATE_FEE_MESSAGES.boardOnly);
  const invoice = await getVisibleInvoice(tx, actor, id);
  if (!lateFeePolicy.hasFee(invoice)) throw conflict(LATE_FEE_MESSAGES.noFee);
  // Paid or canceled, the fee was settled with the invoice (paid or credited): a credit is the board's other tool.
  if (!invoicePolicy.isPayable(invoice.status)) throw conflict(LATE_FEE_MESSAGES.notOpen);
  const now = deps.clock();
  const [updated] = await invoiceRows.update(deps, tx, and(eq(invoices.id, invoice.id), eq(invoices.hoaId, invoice.hoaId), eq(invoices.lateFeeCents, invoice.lateFeeCents))!, {
    lateFeeCents: 0,
    updatedAt: now,
  });
  if (!updated) throw conflict(LATE_FEE_MESSAGES.noFee);
  const [fee] = await tx.select({ id: ledgerLines.id }).from(ledgerLines).where(and(eq(ledgerLines.hoaId, invoice.hoaId), eq(ledgerLines.sourceKey, lateFeeSource(invoice.id)))).limit(1);
  await postLedgerLine(deps, tx, {
    hoaId: invoice.hoaId,
    userId: invoice.recipientId,
    kind: 'waiver',
    amountCents: -invoice.lateFeeCents,
    description: `Late fee waived: ${invoice.title}`,
    occurredAt: now,
    sourceKey: `waiver:${invoice.id}`,
    invoiceId: invoice.id,
    relatedLineId: fee?.id ?? null,
    reason: input.reason,
    createdBy: actor.userId,
  });
  await recordHistory(tx, invoiceHistory, actor, { hoaId: invoice.hoaId, parentId: invoice.id, action: LATE_FEE_HISTORY.waived(invoice.lateFeeCents, input.reason), at: now });
  await recordLateFeeWaived(deps, tx, actor, invoice, input.reason);
  // A Checkout opened for the total with the fee would now ask too much.
  await closeInvoiceCheckouts(deps, tx, { hoaId: invoice.hoaId, invoiceId: invoice.id });
  return updated;
}
