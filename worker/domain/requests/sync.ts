/**
 * Requests, server half of sync: who sees what (`visibleRequests`, shared with the REST reads), the
 * cache values a pull sends (built by SQLite: the request with its people, thread and history), the
 * synced table every writer goes through, and what those values show of other tables.
 */
import { emailOf } from '../members/emails';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { requestPolicy } from '../../../schema/requests';
import { addresses, requestComments, requestHistory, requests, users } from '../../../schema/tables';
import { REQUEST_SPACE, type SyncedRequest } from '../../../sync/areas/requests';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';
import { threadHistoryJson, threadMessagesJson, threadRecordsShowing } from '../threads';
import { attachmentJson } from '../uploads';

/** Board and superadmin: every request of their HOA. Residents: their own. */
export function visibleRequests(viewer: Viewer): SQL {
  if (requestPolicy.seesPeople(viewer.role)) return inHoa(viewer, requests.hoaId);
  return inHoa(viewer, requests.hoaId, eq(requests.userId, viewer.userId));
}

/**
 * A request as the cache holds it (`SyncedRequest`), built and serialised by SQLite: the pull sends
 * it as it is and the REST answers (read.ts) are built from it. People are joined by primary key;
 * thread and history are read per row through their indexes.
 */
function requestValue(viewer: Viewer): SyncValueSql<SyncedRequest> {
  const r = requests;
  const board = requestPolicy.seesPeople(viewer.role);
  const assignee = board
    ? sql`CASE WHEN ${r.assignedTo} IS NOT NULL THEN json_object('id', ${r.assignedTo}, 'name', coalesce(assignee.name, 'Unknown User'), 'email', ${emailOf('assignee')}) END`
    : sql`NULL`;
  return {
    fields: {
      id: r.id,
      title: r.title,
      description: r.description,
      category: r.category,
      status: r.status,
      attachment: attachmentJson(r),
      resident: sql`json_object('id', ${r.userId}, 'name', coalesce(resident.name, 'Unknown User'), 'email', ${emailOf('resident')},
        'role', coalesce(resident.role, 'resident'))`,
      address: sql`CASE WHEN address.id IS NOT NULL THEN json_object('id', address.id, 'street', address.street, 'unitNumber', address.unit_number) END`,
      assignee: sql`${assignee}`,
      resolutionDeadline: r.resolutionDeadline,
      resolutionNotes: r.resolutionNotes,
      messages: sql`json(${threadMessagesJson(requestComments, r, viewer)})`,
      history: sql`json(${threadHistoryJson(requestHistory, r, viewer)})`,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      version: r.version,
    },
    joins: sql`LEFT JOIN ${users} AS resident ON resident.id = ${r.userId} AND resident.hoa_id = ${r.hoaId}
      LEFT JOIN ${addresses} AS address ON address.id = ${r.addressId} AND address.hoa_id = ${r.hoaId}
      LEFT JOIN ${users} AS assignee ON assignee.id = ${r.assignedTo} AND assignee.hoa_id = ${r.hoaId}`,
  };
}

export const requestSyncArea: ServerSyncArea = {
  space: REQUEST_SPACE,
  scope: 'hoa',
  table: requests,
  id: requests.id,
  version: requests.version,
  hoaId: requests.hoaId,
  visible: visibleRequests,
  value: requestValue,
  dependsOn: {
    // The address line (an edited street or unit).
    addresses: (_hoaId, addressIds) => inArray(requests.addressId, addressIds),
    // The resident's and the assignee's names, and every author and actor in the thread and history:
    // ids found through the user, assignee, author and actor indexes, then the rows by primary key.
    users: (_hoaId, userIds) => {
      const showing = [
        sql`SELECT ${requests.id} FROM ${requests} WHERE ${inArray(requests.userId, userIds)}`,
        sql`SELECT ${requests.id} FROM ${requests} WHERE ${inArray(requests.assignedTo, userIds)}`,
        ...threadRecordsShowing({ messages: requestComments, history: requestHistory }, userIds),
      ];
      return sql`${requests.id} IN (${sql.join(showing, sql` UNION ALL `)})`;
    },
  },
};

/** The values of the visible rows in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const requestValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(requestSyncArea, viewer, ids);

/** Every write to requests goes through this writer (version and change record in one call). */
export const requestRows = syncedTable({ ...requestSyncArea, table: requests });
