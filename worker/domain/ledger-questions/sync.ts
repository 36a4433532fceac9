/**
 * Ledger questions, server half of sync: who sees what (`visibleLedgerQuestions`, shared with the REST
 * reads), the cache value a pull sends (the question with its line, its resident, its thread and its
 * history, built by SQLite), and the synced table every writer goes through.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ledgerQuestionPolicy } from '../../../schema/ledger-questions';
import { ledgerLines, ledgerQuestionHistory, ledgerQuestionMessages, ledgerQuestions, users } from '../../../schema/tables';
import { LEDGER_QUESTION_SPACE, type SyncedLedgerQuestion } from '../../../sync/areas/ledger-questions';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';
import { emailOf } from '../members';
import { threadHistoryJson, threadMessagesJson, threadRecordsShowing } from '../threads';

/** Board and superadmin: every question of their HOA. Residents: their own. */
export function visibleLedgerQuestions(viewer: Viewer): SQL {
  if (ledgerQuestionPolicy.seesAll(viewer.role)) return inHoa(viewer, ledgerQuestions.hoaId);
  return inHoa(viewer, ledgerQuestions.hoaId, eq(ledgerQuestions.userId, viewer.userId));
}

function questionValue(viewer: Viewer): SyncValueSql<SyncedLedgerQuestion> {
  const q = ledgerQuestions;
  return {
    fields: {
      id: q.id,
      kind: q.kind,
      status: q.status,
      line: sql`json_object('id', line.id, 'kind', line.kind, 'amountCents', line.amount_cents, 'description', line.description,
        'occurredAt', line.occurred_at, 'invoiceId', line.invoice_id)`,
      resident: sql`json_object('id', ${q.userId}, 'name', coalesce(resident.name, 'Unknown User'), 'email', ${emailOf('resident')})`,
      messages: sql`json(${threadMessagesJson(ledgerQuestionMessages, q, viewer)})`,
      history: sql`json(${threadHistoryJson(ledgerQuestionHistory, q, viewer)})`,
      createdAt: q.createdAt,
      updatedAt: q.updatedAt,
      version: q.version,
    },
    joins: sql`JOIN ${ledgerLines} AS line ON line.id = ${q.lineId} AND line.hoa_id = ${q.hoaId}
      LEFT JOIN ${users} AS resident ON resident.id = ${q.userId} AND resident.hoa_id = ${q.hoaId}`,
  };
}

export const ledgerQuestionSyncArea: ServerSyncArea = {
  space: LEDGER_QUESTION_SPACE,
  scope: 'hoa',
  table: ledgerQuestions,
  id: ledgerQuestions.id,
  version: ledgerQuestions.version,
  hoaId: ledgerQuestions.hoaId,
  visible: visibleLedgerQuestions,
  value: questionValue,
  dependsOn: {
    // The resident's name, and every author and actor in the thread and history.
    users: (hoaId, userIds) => {
      const showing = [
        sql`SELECT ${ledgerQuestions.id} FROM ${ledgerQuestions} WHERE ${ledgerQuestions.hoaId} = ${hoaId} AND ${inArray(ledgerQuestions.userId, userIds)}`,
        ...threadRecordsShowing({ messages: ledgerQuestionMessages, history: ledgerQuestionHistory }, userIds),
      ];
      return sql`${ledgerQuestions.id} IN (${sql.join(showing, sql` UNION ALL `)})`;
    },
  },
};

/** The values of the visible rows in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const ledgerQuestionValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(ledgerQuestionSyncArea, viewer, ids);

/** Every write to questions goes through this writer (version and change record in one call). */
export const ledgerQuestionRows = syncedTable({ ...ledgerQuestionSyncArea, table: ledgerQuestions });
