/**
 * Dues, server half of sync: who sees what (`visibleDues`, shared with the REST reads), the cache
 * values a pull sends (built by SQLite: the due with its recipients), the synced table every writer
 * goes through, and what those values show of other tables (the recipients' names).
 */
import { emailOf } from '../members/emails';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { duePolicy } from '../../../schema/dues';
import { dueRecipients, dues, users } from '../../../schema/tables';
import { DUE_SPACE, type SyncedDue } from '../../../sync/areas/dues';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';

/** Board and superadmin: every due of their HOA. Residents: the dues that bill them. */
export function visibleDues(viewer: Viewer): SQL {
  if (duePolicy.mayManage(viewer.role)) return inHoa(viewer, dues.hoaId);
  return inHoa(viewer, dues.hoaId, sql`EXISTS (SELECT 1 FROM ${dueRecipients} WHERE ${dueRecipients.dueId} = ${dues.id} AND ${dueRecipients.userId} = ${viewer.userId})`);
}

/**
 * A due as the cache holds it (`SyncedDue`), built by SQLite; REST answers (read.ts) are built from
 * the same values. Recipients are read per
 * due through the (due_id, user_id) key, names by primary key; residents receive only themselves.
 */
function dueValue(viewer: Viewer): SyncValueSql<SyncedDue> {
  const d = dues;
  const mine = duePolicy.mayManage(viewer.role) ? sql`` : sql`AND r.user_id = ${viewer.userId}`;
  const recipients = sql`(SELECT json_group_array(json_object('id', r.user_id, 'name', coalesce(u.name, 'Unknown User'), 'email', ${emailOf('u')}))
    FROM ${dueRecipients} AS r LEFT JOIN ${users} AS u ON u.id = r.user_id AND u.hoa_id = r.hoa_id
    WHERE r.due_id = ${d.id} ${mine})`;
  return {
    fields: {
      id: d.id,
      title: d.title,
      frequency: d.frequency,
      amountCents: d.amountCents,
      reason: d.reason,
      description: d.description,
      status: d.status,
      sendDate: d.sendDate,
      dueDateOffset: d.dueDateOffset,
      nextSendDate: d.nextSendDate,
      lateFeeKind: d.lateFeeKind,
      lateFeeValue: d.lateFeeValue,
      graceDays: d.graceDays,
      recipients: sql`json(${recipients})`,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      version: d.version,
    },
  };
}

export const dueSyncArea: ServerSyncArea = {
  space: DUE_SPACE,
  scope: 'hoa',
  table: dues,
  id: dues.id,
  version: dues.version,
  hoaId: dues.hoaId,
  visible: visibleDues,
  value: dueValue,
  dependsOn: {
    // Recipients' names: the dues naming them, through the recipients' user index.
    users: (_hoaId, userIds) => sql`${dues.id} IN (SELECT ${dueRecipients.dueId} FROM ${dueRecipients} WHERE ${inArray(dueRecipients.userId, userIds)})`,
  },
};

/** The values of the visible rows in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const dueValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(dueSyncArea, viewer, ids);

/** Every write to dues goes through this writer (version and change record in one call). */
export const dueRows = syncedTable({ ...dueSyncArea, table: dues });
