/**
 * What an invoice's life writes to its resident's ledger: issued (a charge), paid (a payment, with its
 * receipt), a paid mark undone (an adjustment back), canceled (a credit of what it asked) and
 * reinstated (an adjustment back). Called by the invoices domain in the transaction that changes the
 * invoice, so the statement and the invoices never disagree.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../schema/invoices';
import { invoiceTotal } from '../../../schema/late-fees';
import type { LedgerPaymentMethod } from '../../../schema/ledger';
import { ledgerLines, type invoices } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import { postLedgerLine, type LedgerLineRow } from './post';
import { ledgerRows } from './sync';

type Invoice = typeof invoices.$inferSelect;

export { invoiceTotal };

/** Issued invoices' charges, in chunks (issuing may bill thousands at once); a charge already posted is left. */
export async function postInvoiceCharges(deps: AppDeps, tx: Tx, issued: readonly Invoice[]): Promise<void> {
  const now = deps.clock();
  const lines = issued.map((inv) => ({
    id: newId(),
    hoaId: inv.hoaId,
    userId: inv.recipientId,
    kind: 'charge' as const,
    amountCents: inv.amountCents,
    description: inv.title,
    occurredAt: inv.sentAt,
    sourceKey: `charge:${inv.id}`,
    invoiceId: inv.id,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < lines.length; i += 200) await ledgerRows.insert(deps, tx, lines.slice(i, i + 200), { onConflictDoNothing: [ledgerLines.hoaId, ledgerLines.sourceKey] });
}

export interface PaymentFacts {
  method: LedgerPaymentMethod;
  /** "Visa •••• 4242", "STRIPE TEST BANK •••• 6789"; null for a check or cash. */
  methodDetail?: string | null;
  reference?: string | null;
  /** The payment's cause, unique per HOA (`checkout:<id>`, `autopay:<attempt>`); a board mark makes its own. */
  sourceKey?: string;
  at: number;
  by?: string | null;
  /** A processing fee the resident paid on top (Checkout, fees passed on): on the receipt, never on the balance. */
  feeCents?: number;
}

/** An invoice paid in full: its payment line, numbered, with the receipt mailed. */
export function postInvoicePayment(deps: AppDeps, tx: Tx, invoice: Invoice, paid: PaymentFacts): Promise<LedgerLineRow | null> {
  return postLedgerLine(deps, tx, {
    hoaId: invoice.hoaId,
    userId: invoice.recipientId,
    kind: 'payment',
    amountCents: -invoiceTotal(invoice),
    description: invoice.title,
    occurredAt: paid.at,
    sourceKey: paid.sourceKey ?? `paid:${invoice.id}:${newId()}`,
    invoiceId: invoice.id,
    method: paid.method,
    methodDetail: paid.methodDetail ?? null,
    reference: paid.reference ?? null,
    createdBy: paid.by ?? null,
  }, { feeCents: paid.feeCents });
}

/**
 * A board's status change as the ledger sees it: leaving paid gives the payment back (an
 * adjustment), entering canceled credits what the invoice asked, leaving canceled charges it again,
 * entering paid is a payment. Paying online never comes here (postInvoicePayment).
 */
export async function postInvoiceStatusChange(deps: AppDeps, tx: Tx, before: Invoice, after: Invoice, by: string, method: LedgerPaymentMethod | null): Promise<void> {
  const at = deps.clock();
  const total = invoiceTotal(before);
  const base = { hoaId: before.hoaId, userId: before.recipientId, invoiceId: before.id, occurredAt: at, createdBy: by };
  const was: InvoiceStatus = before.status;
  const now: InvoiceStatus = after.status;
  if (was === 'paid') {
    const [payment] = await tx.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, before.id), eq(ledgerLines.hoaId, before.hoaId), eq(ledgerLines.kind, 'payment'))).orderBy(desc(ledgerLines.occurredAt)).limit(1);
    await postLedgerLine(deps, tx, { ...base, kind: 'adjustment', amountCents: total, description: `Payment record undone: ${before.title}`, sourceKey: `unpaid:${before.id}:${newId()}`, relatedLineId: payment?.id ?? null });
  }
  if (was === 'canceled') await postLedgerLine(deps, tx, { ...base, kind: 'adjustment', amountCents: total, description: `Invoice reinstated: ${before.title}`, sourceKey: `reinstated:${before.id}:${newId()}` });
  if (now === 'canceled') await postLedgerLine(deps, tx, { ...base, kind: 'credit', amountCents: -total, description: `Invoice canceled: ${before.title}`, reason: 'Invoice canceled', sourceKey: `canceled:${before.id}:${newId()}` });
  if (now === 'paid' && method) await postInvoicePayment(deps, tx, after, { method, at, by });
}

/** What the seed knows of an invoice's past beyond its row: when its late fee came, and a fee waived since. */
export interface InvoiceHistory {
  /** When the late fee was added (default: the day after the due date). */
  lateFeeAt?: number;
  /** A late fee the board waived: the invoice's `lateFeeCents` is 0 again, the fee and its waiver stay on the statement. */
  waived?: { cents: number; reason: string; at: number; by?: string | null };
}

/**
 * The lines an invoice's past wrote, for history written at once (the demo seed): its charge, its late
 * fee (and the fee's waiver), and its payment or its cancellation's credit. Receipt numbers are the
 * caller's (`nextReceipt`), so a caller numbering in payment order numbers receipts in order.
 */
export function invoiceHistoryLines(
  invoice: Invoice,
  nextReceipt: () => number,
  payment: Omit<PaymentFacts, 'at'> = { method: 'online' },
  history: InvoiceHistory = {},
): (typeof ledgerLines.$inferInsert)[] {
  const base = { hoaId: invoice.hoaId, userId: invoice.recipientId, invoiceId: invoice.id, createdAt: invoice.createdAt, version: 1 };
  const line = (at: number, fields: Omit<typeof ledgerLines.$inferInsert, keyof typeof base | 'id' | 'occurredAt' | 'updatedAt'>) => ({ ...base, id: newId(), occurredAt: at, updatedAt: at, ...fields });
  const lines: (typeof ledgerLines.$inferInsert)[] = [line(invoice.sentAt, { kind: 'charge', amountCents: invoice.amountCents, description: invoice.title, sourceKey: `charge:${invoice.id}` })];
  const feeAt = history.lateFeeAt ?? invoice.dueDate + 86_400_000;
  const waived = history.waived;
  if (invoice.lateFeeCents > 0 && !waived) lines.push(line(feeAt, { kind: 'late_fee', amountCents: invoice.lateFeeCents, description: `Late fee: ${invoice.title}`, sourceKey: `late_fee:${invoice.id}` }));
  if (waived && waived.cents > 0) {
    const fee = line(feeAt, { kind: 'late_fee', amountCents: waived.cents, description: `Late fee: ${invoice.title}`, sourceKey: `late_fee:${invoice.id}` });
    lines.push(fee, line(waived.at, { kind: 'waiver', amountCents: -waived.cents, description: `Late fee waived: ${invoice.title}`, reason: waived.reason, relatedLineId: fee.id, createdBy: waived.by ?? null, sourceKey: `waiver:${fee.id}` }));
  }
  if (invoice.status === 'paid' && invoice.paidAt != null) {
    lines.push(
      line(invoice.paidAt, {
        kind: 'payment',
        amountCents: -invoiceTotal(invoice),
        description: invoice.title,
        sourceKey: payment.sourceKey ?? `paid:${invoice.id}:seed`,
        method: payment.method,
        methodDetail: payment.methodDetail ?? null,
        reference: payment.reference ?? null,
        createdBy: payment.by ?? null,
        receiptNumber: nextReceipt(),
      }),
    );
  }
  if (invoice.status === 'canceled') {
    lines.push(line(invoice.updatedAt, { kind: 'credit', amountCents: -invoiceTotal(invoice), description: `Invoice canceled: ${invoice.title}`, reason: 'Invoice canceled', sourceKey: `canceled:${invoice.id}:seed` }));
  }
  return lines;
}
