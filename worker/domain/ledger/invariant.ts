/**
 * The ledger's invariant, checked by the property test and callable from a maintenance task: for
 * each resident and for the HOA, the balance (the sum of the lines) is charges + fees + fines +
 * refunds − payments − waivers − credits ± adjustments, each kind with its own sign, and it is what
 * the invoices say is owed (an open invoice its amount and late fee, a paid or canceled one nothing)
 * plus the lines tied to no invoice (a fine, a goodwill credit). No cause is posted twice.
 */
import { sql } from 'drizzle-orm';
import { LEDGER_SIGN, type LedgerKind } from '../../../schema/ledger';
import type { DbOrTx } from '../../db';

/** One account's sums in cents. `byKind` are sizes (positive); the balance is signed. */
export interface LedgerAccountSums {
  balanceCents: number;
  byKind: Record<LedgerKind, number>;
  /** What the invoices say is owed plus the lines tied to no invoice. */
  owedCents: number;
}

export interface LedgerDifference {
  /** A resident's id, `hoa` for the HOA as a whole, or an invoice's id. */
  account: string;
  what: 'kinds' | 'invoices' | 'sign' | 'duplicate' | 'invoice';
  expectedCents: number;
  actualCents: number;
  detail?: string;
}

const emptyKinds = (): Record<LedgerKind, number> => ({ charge: 0, payment: 0, late_fee: 0, waiver: 0, credit: 0, refund: 0, fine: 0, adjustment: 0 });

/** charges + fees + fines + refunds − payments − waivers − credits ± adjustments. */
export const balanceByKinds = (k: Record<LedgerKind, number>) => k.charge + k.late_fee + k.fine + k.refund - k.payment - k.waiver - k.credit + k.adjustment;

/** The HOA's ledger against itself and against its invoices; an empty list when the invariant holds. */
export async function ledgerInvariant(db: DbOrTx, hoaId: string): Promise<{ differences: LedgerDifference[]; residents: Map<string, LedgerAccountSums>; hoa: LedgerAccountSums }> {
  const lines = await db.all<{ user_id: string; kind: LedgerKind; amount: number; invoice_id: string | null; n: number; source_key: string }>(
    sql`SELECT user_id, kind, SUM(amount_cents) AS amount, invoice_id, COUNT(*) AS n, MIN(source_key) AS source_key
        FROM ledger_lines WHERE hoa_id = ${hoaId} GROUP BY user_id, kind, invoice_id, (amount_cents > 0)`,
  );
  const owed = await db.all<{ id: string; user_id: string; owed: number }>(
    sql`SELECT id, recipient_id AS user_id, CASE WHEN status IN ('pending', 'overdue') THEN amount_cents + late_fee_cents ELSE 0 END AS owed
        FROM invoices WHERE hoa_id = ${hoaId}`,
  );
  const duplicates = await db.all<{ source_key: string; n: number }>(sql`SELECT source_key, COUNT(*) AS n FROM ledger_lines WHERE hoa_id = ${hoaId} GROUP BY source_key HAVING COUNT(*) > 1`);

  const differences: LedgerDifference[] = duplicates.map((d) => ({ account: 'hoa', what: 'duplicate', expectedCents: 1, actualCents: d.n, detail: d.source_key }));
  const residents = new Map<string, LedgerAccountSums>();
  const hoa: LedgerAccountSums = { balanceCents: 0, byKind: emptyKinds(), owedCents: 0 };
  const account = (userId: string) => residents.get(userId) ?? residents.set(userId, { balanceCents: 0, byKind: emptyKinds(), owedCents: 0 }).get(userId)!;
  const perInvoice = new Map<string, number>();

  for (const l of lines) {
    const sign = LEDGER_SIGN[l.kind];
    if (sign !== 0 && Math.sign(l.amount) !== sign) differences.push({ account: l.user_id, what: 'sign', expectedCents: sign * Math.abs(l.amount), actualCents: l.amount, detail: `${l.kind} ${l.source_key}` });
    // Sizes by kind (adjustments keep their sign): a line of the wrong sign breaks the kinds' sum.
    const size = sign === 0 ? l.amount : Math.abs(l.amount);
    for (const a of [account(l.user_id), hoa]) {
      a.balanceCents += l.amount;
      a.byKind[l.kind] += size;
      if (l.invoice_id == null) a.owedCents += l.amount;
    }
    if (l.invoice_id != null) perInvoice.set(l.invoice_id, (perInvoice.get(l.invoice_id) ?? 0) + l.amount);
  }
  for (const inv of owed) {
    for (const a of [account(inv.user_id), hoa]) a.owedCents += inv.owed;
    const posted = perInvoice.get(inv.id) ?? 0;
    if (posted !== inv.owed) differences.push({ account: inv.id, what: 'invoice', expectedCents: inv.owed, actualCents: posted, detail: `resident ${inv.user_id}` });
    perInvoice.delete(inv.id);
  }
  for (const [id, posted] of perInvoice) differences.push({ account: id, what: 'invoice', expectedCents: 0, actualCents: posted, detail: 'lines of an invoice the HOA does not have' });
  for (const [id, a] of [...residents, ['hoa', hoa] as const]) {
    const kinds = balanceByKinds(a.byKind);
    if (kinds !== a.balanceCents) differences.push({ account: id, what: 'kinds', expectedCents: kinds, actualCents: a.balanceCents });
    if (a.owedCents !== a.balanceCents) differences.push({ account: id, what: 'invoices', expectedCents: a.owedCents, actualCents: a.balanceCents });
  }
  return { differences, residents, hoa };
}
