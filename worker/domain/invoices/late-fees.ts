/**
 * Late fees: the job that adds a due's late fee to each open invoice once its due date and grace days
 * have passed in its HOA's day (the waiver is waive.ts). A fee is added once per invoice, ever:
 * its ledger line's cause (`late_fee:<invoice>`) is unique, so a rerun, a second process or a fee
 * waived before adds nothing. Adding one closes the invoice's open Checkouts, whose amount is now wrong.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { INVOICE_STATUSES, invoicePolicy } from '../../../schema/invoices';
import { LATE_FEE_HISTORY, lateFeeCentsOf, lateFeeDay } from '../../../schema/late-fees';
import { dues, invoiceHistory, invoices, ledgerLines } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { hoaTodays, latestToday } from '../hoa-days';
import { postLedgerLine } from '../ledger';
import { closeInvoiceCheckouts } from '../payments';
import { recordHistory } from '../threads';
import type { InvoiceRow } from './read';
import { invoiceRows } from './sync';

const OPEN = INVOICE_STATUSES.filter(invoicePolicy.isPayable);
const DAY = 86_400_000;

/** The cause of an invoice's late fee line: one per invoice. */
export const lateFeeSource = (invoiceId: string) => `late_fee:${invoiceId}`;

/** Open invoices whose due has a rule, no fee yet and whose fee day has come by `before` (UTC midnight). */
function feeDue(before: number) {
  return and(
    inArray(invoices.status, OPEN),
    eq(invoices.lateFeeCents, 0),
    ne(dues.lateFeeKind, 'none'),
    sql`${invoices.dueDate} + (${dues.graceDays} + 1) * ${DAY} <= ${before}`,
    sql`NOT EXISTS (SELECT 1 FROM ${ledgerLines} WHERE ${ledgerLines.hoaId} = ${invoices.hoaId} AND ${ledgerLines.sourceKey} = 'late_fee:' || ${invoices.id})`,
  )!;
}

/** One invoice's fee, in `tx`: the invoice's fee, its ledger line, its history line, its Checkouts closed. False when it was added before. */
async function addLateFee(deps: AppDeps, tx: Tx, invoice: InvoiceRow, due: { lateFeeKind: 'fixed' | 'percent' | 'none'; lateFeeValue: number; createdBy: string }): Promise<boolean> {
  const fee = lateFeeCentsOf({ kind: due.lateFeeKind, value: due.lateFeeValue }, invoice.amountCents);
  if (fee <= 0) return false;
  const now = deps.clock();
  const [updated] = await invoiceRows.update(
    deps,
    tx,
    and(eq(invoices.id, invoice.id), eq(invoices.hoaId, invoice.hoaId), eq(invoices.lateFeeCents, 0), inArray(invoices.status, OPEN))!,
    { lateFeeCents: fee, updatedAt: now },
  );
  if (!updated) return false;
  const line = await postLedgerLine(deps, tx, {
    hoaId: invoice.hoaId,
    userId: invoice.recipientId,
    kind: 'late_fee',
    amountCents: fee,
    description: `Late fee: ${invoice.title}`,
    occurredAt: now,
    sourceKey: lateFeeSource(invoice.id),
    invoiceId: invoice.id,
  });
  // Posted before (then waived): a fee is added once, so the invoice keeps what it had.
  if (!line) throw new FeeAddedBefore();
  // The rule is the board's (the due's author): residents read the line as "HOA Staff".
  await recordHistory(tx, invoiceHistory, { userId: due.createdBy, role: 'board' }, { hoaId: invoice.hoaId, parentId: invoice.id, action: LATE_FEE_HISTORY.added(fee), at: now });
  await closeInvoiceCheckouts(deps, tx, { hoaId: invoice.hoaId, invoiceId: invoice.id });
  return true;
}

class FeeAddedBefore extends Error {}

/**
 * The late fee job: every open invoice whose fee day (due date + grace days + 1) has come in its HOA's
 * day gets its due's fee, once. One transaction per invoice, so a failure leaves the others added.
 */
export async function addLateFees(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const db = deps.database.db;
  // No HOA's today is after the latest on Earth: the candidates, then each HOA's own day.
  const rows = await db
    .select({ invoice: invoices, due: { lateFeeKind: dues.lateFeeKind, lateFeeValue: dues.lateFeeValue, graceDays: dues.graceDays, createdBy: dues.createdBy } })
    .from(invoices)
    .innerJoin(dues, and(eq(dues.id, invoices.dueId), eq(dues.hoaId, invoices.hoaId)))
    .where(feeDue(latestToday(now)));
  const todays = await hoaTodays(db, [...new Set(rows.map((r) => r.invoice.hoaId))], now);
  let added = 0;
  for (const { invoice, due } of rows) {
    if (lateFeeDay(invoice.dueDate, due.graceDays) > todays.get(invoice.hoaId)!) continue;
    try {
      if (await deps.database.transaction((tx) => addLateFee(deps, tx, invoice, due))) added += 1;
    } catch (e) {
      if (!(e instanceof FeeAddedBefore)) throw e;
    }
  }
  return added;
}
