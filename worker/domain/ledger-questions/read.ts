/**
 * Reading questions over REST, from the values the pull sends (`ledgerQuestionValuesSql`), so REST
 * and the cache say the same.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LEDGER_QUESTION_MESSAGES } from '../../../schema/ledger-questions';
import { restAnswer } from '../../../schema/rest-shape';
import { ledgerQuestions } from '../../../schema/tables';
import { toApiHistoryEntry, toApiThreadMessage } from '../../../schema/threads';
import { LEDGER_QUESTION_REST, type SyncedLedgerQuestion } from '../../../sync/areas/ledger-questions';
import { newestFirst } from '../../../sync/order';
import type { DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { notFound } from '../errors';
import { ledgerQuestionValuesSql, visibleLedgerQuestions } from './sync';

export type LedgerQuestionRow = typeof ledgerQuestions.$inferSelect;

export const toApiLedgerQuestion = (q: SyncedLedgerQuestion) =>
  restAnswer(q, LEDGER_QUESTION_REST, {
    line: (l) => ({ _id: l.id, kind: l.kind, amount_cents: l.amountCents, description: l.description, occurred_at: new Date(l.occurredAt).toISOString(), invoice_id: l.invoiceId }),
    messages: (messages) => messages.map(toApiThreadMessage),
    history: (history) => history.map(toApiHistoryEntry),
  });

async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedLedgerQuestion[]> {
  const rows: { id: string; json: string }[] = await db.all(ledgerQuestionValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedLedgerQuestion);
}

/** One question the viewer may see (for a write), or 404 (also another HOA's). */
export async function getVisibleLedgerQuestion(db: DbOrTx, viewer: Viewer, id: string): Promise<LedgerQuestionRow> {
  const [row] = await db.select().from(ledgerQuestions).where(and(visibleLedgerQuestions(viewer), eq(ledgerQuestions.id, id))).limit(1);
  if (!row) throw notFound(LEDGER_QUESTION_MESSAGES.notFound);
  return row;
}

/** GET /api/ledger-questions/:id. */
export async function getLedgerQuestion(db: DbOrTx, viewer: Viewer, id: string) {
  const [q] = await valuesOf(db, viewer, sql`SELECT ${id} AS row_id`);
  if (!q) throw notFound(LEDGER_QUESTION_MESSAGES.notFound);
  return toApiLedgerQuestion(q);
}

/** GET /api/ledger-questions: the questions the viewer sees, newest first (an HOA has dozens, not thousands). */
export async function listLedgerQuestions(db: DbOrTx, viewer: Viewer) {
  const ids = sql`SELECT ${ledgerQuestions.id} AS row_id FROM ${ledgerQuestions} WHERE ${visibleLedgerQuestions(viewer)}
    ORDER BY ${ledgerQuestions.createdAt} DESC, ${ledgerQuestions.id} DESC LIMIT 1000`;
  const values = await valuesOf(db, viewer, ids);
  values.sort(newestFirst((q) => q.createdAt));
  return { docs: values.map(toApiLedgerQuestion), totalDocs: values.length };
}
