/**
 * Reading the ledger over REST. The values come from the statement the pull uses
 * (`ledgerValuesSql`), so REST and the local cache say the same; the statement (running balance,
 * opening balance of a year, the balance in words) is schema/ledger.ts `statementOf`, as on the screen.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { balanceSentence, receiptNumberText, statementCsv, statementOf } from '../../../schema/ledger';
import { isoDay } from '../../../schema/money';
import { isPrivileged } from '../../../schema/roles';
import { restAnswer } from '../../../schema/rest-shape';
import { ledgerLines, users } from '../../../schema/tables';
import { LEDGER_REST, type SyncedLedgerLine } from '../../../sync/areas/ledger';
import type { DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { notFound } from '../errors';
import { ledgerValuesSql, visibleLedgerLines } from './sync';

export const LEDGER_MESSAGES = {
  residentNotFound: 'Resident not found.',
  lineNotFound: 'Ledger line not found.',
} as const;

export const toApiLedgerLine = (l: SyncedLedgerLine & { balanceCents?: number }) => ({
  ...restAnswer(l, LEDGER_REST),
  receipt: l.receiptNumber ? receiptNumberText(l.receiptNumber) : null,
  ...(l.balanceCents === undefined ? {} : { balance_cents: l.balanceCents }),
});

/** Whose statement the viewer asked for: a resident's own only; the board's, any member of its HOA (404 otherwise). */
async function residentOf(db: DbOrTx, viewer: Viewer, userId: string | undefined) {
  const id = userId ?? viewer.userId;
  if (!isPrivileged(viewer.role) && id !== viewer.userId) throw notFound(LEDGER_MESSAGES.residentNotFound);
  const [person] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.id, id), eq(users.hoaId, viewer.hoaId), isNull(users.deletedAt))).limit(1);
  if (!person) throw notFound(LEDGER_MESSAGES.residentNotFound);
  return person;
}

async function linesOf(db: DbOrTx, viewer: Viewer, userId: string): Promise<SyncedLedgerLine[]> {
  const ids = sql`SELECT ${ledgerLines.id} AS row_id FROM ${ledgerLines} WHERE ${and(visibleLedgerLines(viewer), eq(ledgerLines.userId, userId))}`;
  const rows: { id: string; json: string }[] = await db.all(ledgerValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedLedgerLine);
}

/** GET /api/ledger: a resident's statement, all time or one year, with the balance in words. */
export async function getStatement(db: DbOrTx, viewer: Viewer, query: { user_id?: string; year?: number }) {
  const person = await residentOf(db, viewer, query.user_id);
  const statement = statementOf(await linesOf(db, viewer, person.id), query.year);
  return {
    resident: { _id: person.id, name: person.name, email: person.email },
    year: query.year ?? null,
    years: statement.years,
    opening_balance_cents: statement.openingCents,
    closing_balance_cents: statement.closingCents,
    balance_cents: statement.balanceCents,
    balance_text: balanceSentence(statement.balanceCents, person.id === viewer.userId ? 'you' : person.name),
    lines: statement.lines.map(toApiLedgerLine),
  };
}

/** GET /api/ledger/statement.csv: the same statement as CSV. */
export async function statementCsvOf(db: DbOrTx, viewer: Viewer, query: { user_id?: string; year?: number }): Promise<{ csv: string; filename: string }> {
  const person = await residentOf(db, viewer, query.user_id);
  const statement = statementOf(await linesOf(db, viewer, person.id), query.year);
  const slug = person.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'resident';
  return { csv: statementCsv(statement, isoDay), filename: `statement-${slug}${query.year ? `-${query.year}` : ''}.csv` };
}

/** GET /api/ledger/lines/:id: one line (a payment's receipt), 404 unless the viewer may see it. */
export async function getLedgerLine(db: DbOrTx, viewer: Viewer, id: string) {
  const rows: { id: string; json: string }[] = await db.all(ledgerValuesSql(viewer, sql`SELECT ${id} AS row_id`));
  if (!rows[0]) throw notFound(LEDGER_MESSAGES.lineNotFound);
  return toApiLedgerLine(JSON.parse(rows[0].json) as SyncedLedgerLine);
}
