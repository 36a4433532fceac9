/**
 * The ledger, server half of sync: who sees which lines (`visibleLedgerLines`, shared with the REST
 * reads), the cache value a pull sends (the line with its resident's name), and the synced table every
 * writer goes through (worker/domain/ledger/post.ts is the only one).
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isPrivileged } from '../../../schema/roles';
import { invoiceCheckouts, ledgerLines, users } from '../../../schema/tables';
import { LEDGER_SPACE, type SyncedLedgerLine } from '../../../sync/areas/ledger';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';
import { emailOf } from '../members/emails';

/** Board and superadmin: every line of their HOA. Residents: their own account's. */
export function visibleLedgerLines(viewer: Viewer): SQL {
  if (isPrivileged(viewer.role)) return inHoa(viewer, ledgerLines.hoaId);
  return inHoa(viewer, ledgerLines.hoaId, eq(ledgerLines.userId, viewer.userId));
}

function ledgerLineValue(): SyncValueSql<SyncedLedgerLine> {
  const l = ledgerLines;
  return {
    fields: {
      id: l.id,
      kind: l.kind,
      amountCents: l.amountCents,
      description: l.description,
      occurredAt: l.occurredAt,
      invoiceId: l.invoiceId,
      violationId: l.violationId,
      relatedLineId: l.relatedLineId,
      method: l.method,
      methodDetail: l.methodDetail,
      receiptNumber: l.receiptNumber,
      reference: l.reference,
      reason: l.reason,
      // The processing fee the resident paid on top (a Checkout's, when the HOA passes fees on); 0 otherwise.
      feeCents: sql`coalesce((SELECT ${invoiceCheckouts.feeCents} FROM ${invoiceCheckouts} WHERE ${l.kind} = 'payment' AND ${invoiceCheckouts.id} = substr(${l.sourceKey}, 10) AND ${l.sourceKey} LIKE 'checkout:%' AND ${invoiceCheckouts.hoaId} = ${l.hoaId}), 0)`,
      resident: sql`json_object('id', ${l.userId}, 'name', coalesce(resident.name, 'Unknown User'), 'email', ${emailOf('resident')})`,
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
      version: l.version,
    },
    joins: sql`LEFT JOIN ${users} AS resident ON resident.id = ${l.userId} AND resident.hoa_id = ${l.hoaId}`,
  };
}

export const ledgerSyncArea: ServerSyncArea = {
  space: LEDGER_SPACE,
  scope: 'hoa',
  table: ledgerLines,
  id: ledgerLines.id,
  version: ledgerLines.version,
  hoaId: ledgerLines.hoaId,
  visible: visibleLedgerLines,
  value: ledgerLineValue,
  dependsOn: {
    // The resident's name and email.
    users: (hoaId, userIds) => sql`${ledgerLines.id} IN (SELECT ${ledgerLines.id} FROM ${ledgerLines} WHERE ${ledgerLines.hoaId} = ${hoaId} AND ${inArray(ledgerLines.userId, userIds)})`,
  },
};

/** The values of the visible lines in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const ledgerValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(ledgerSyncArea, viewer, ids);

/** Every write to ledger lines goes through this writer (version and change record in one call). */
export const ledgerRows = syncedTable({ ...ledgerSyncArea, table: ledgerLines });
