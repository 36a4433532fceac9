/**
 * Writing the ledger: the one place a line is written. Each line is posted in the transaction of the
 * event that moves the money, once per cause (`sourceKey`, unique per HOA): a replayed webhook, a
 * rerun job or a retried push posts nothing and learns so (`null`). A payment gets the HOA's next
 * receipt number and its receipt mail in the same transaction, so a receipt is mailed exactly once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { LEDGER_SIGN, paymentMethodText, type LedgerKind, type LedgerPaymentMethod } from '../../../schema/ledger';
import { hoas, ledgerLines, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { paymentReceiptEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { newId } from '../../services/tokens';
import { ledgerRows } from './sync';
import { hoaNameOf } from '../hoa-name';

export type LedgerLineRow = typeof ledgerLines.$inferSelect;

export interface NewLedgerLine {
  hoaId: string;
  userId: string;
  kind: LedgerKind;
  /** Signed as it moves the balance; its sign must be the kind's (LEDGER_SIGN), adjustments either way. */
  amountCents: number;
  description: string;
  occurredAt: number;
  /** The cause, unique per HOA: a second post of the same cause writes nothing. */
  sourceKey: string;
  invoiceId?: string | null;
  violationId?: string | null;
  relatedLineId?: string | null;
  method?: LedgerPaymentMethod | null;
  methodDetail?: string | null;
  reference?: string | null;
  reason?: string | null;
  createdBy?: string | null;
}

/** Refuses a line whose amount is not whole cents or moves the balance against its kind. */
function checkLine(line: NewLedgerLine) {
  if (!Number.isSafeInteger(line.amountCents)) throw new Error(`ledger: ${line.kind} of ${line.amountCents} is not whole cents`);
  const sign = LEDGER_SIGN[line.kind];
  if (sign !== 0 && Math.sign(line.amountCents) !== sign && line.amountCents !== 0) throw new Error(`ledger: a ${line.kind} cannot be ${line.amountCents} cents`);
}

/** The row a line is stored as, written at `now`; refuses a line `checkLine` refuses. Also for history written at once (the demo seed). */
export function ledgerLineRow(line: NewLedgerLine, now: number, receiptNumber: number | null = null) {
  checkLine(line);
  return {
    id: newId(),
    hoaId: line.hoaId,
    userId: line.userId,
    kind: line.kind,
    amountCents: line.amountCents,
    description: line.description,
    occurredAt: line.occurredAt,
    sourceKey: line.sourceKey,
    invoiceId: line.invoiceId ?? null,
    violationId: line.violationId ?? null,
    relatedLineId: line.relatedLineId ?? null,
    method: line.method ?? null,
    methodDetail: line.methodDetail ?? null,
    receiptNumber,
    reference: line.reference ?? null,
    reason: line.reason ?? null,
    createdBy: line.createdBy ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Posts one line in `tx`; returns it, or null when its cause was posted before. A payment takes the
 * HOA's next receipt number and queues its receipt mail (`receipt: false` for the seed's history),
 * which shows the processing fee paid on top when there was one (`feeCents`).
 */
export async function postLedgerLine(deps: AppDeps, tx: Tx, line: NewLedgerLine, opts: { receipt?: boolean; feeCents?: number } = {}): Promise<LedgerLineRow | null> {
  checkLine(line);
  if (line.amountCents === 0) return null;
  const [posted] = await tx.select({ id: ledgerLines.id }).from(ledgerLines).where(and(eq(ledgerLines.hoaId, line.hoaId), eq(ledgerLines.sourceKey, line.sourceKey))).limit(1);
  if (posted) return null;
  let receiptNumber: number | null = null;
  if (line.kind === 'payment') {
    const [seq] = await tx.update(hoas).set({ receiptSeq: sql`${hoas.receiptSeq} + 1` }).where(eq(hoas.id, line.hoaId)).returning({ n: hoas.receiptSeq });
    receiptNumber = seq?.n ?? null;
  }
  const [row] = await ledgerRows.insert(deps, tx, ledgerLineRow(line, deps.clock(), receiptNumber));
  if (row.kind === 'payment' && opts.receipt !== false) await mailReceipt(deps, tx, row, opts.feeCents ?? 0);
  return row;
}

/** The payment's receipt, by mail to the resident, once (its line is posted once). */
async function mailReceipt(deps: AppDeps, tx: Tx, line: LedgerLineRow, feeCents: number): Promise<void> {
  const [payer] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.id, line.userId), eq(users.hoaId, line.hoaId))).limit(1);
  if (!payer) return;
  const hoaName = await hoaNameOf(tx, line.hoaId, 'your HOA');
  const mail = paymentReceiptEmail({
    hoaName: hoaName,
    residentName: payer.name,
    title: line.description,
    amountCents: -line.amountCents,
    feeCents,
    paidAt: line.occurredAt,
    reference: line.reference ?? `Receipt ${line.receiptNumber}`,
    url: `${deps.config.appUrl}/receipts/${line.id}`,
    receiptNumber: line.receiptNumber ?? undefined,
    method: paymentMethodText(line) ?? undefined,
  });
  await queueEmail(deps, tx, { hoaId: line.hoaId, to: payer.email, toUserId: payer.id, ref: line.invoiceId ? `invoice:${line.invoiceId}` : `receipt:${line.id}`, ...mail });
  deps.database.afterCommit(() => deps.onEmailQueued?.());
}
