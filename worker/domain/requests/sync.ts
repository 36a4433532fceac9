/**
 * Requests, server half of sync: who sees what (`visibleRequests`, shared with the REST reads), the
 * cache values a pull sends (built by SQLite: the request with its people, thread and history), the
 * synced table every writer goes through, and what those values show of other tables.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { requestPolicy } from '../../../schema/requests';
import { addresses, requestComments, requestHistory, requests, users } from '../../../schema/tables';
import { REQUEST_SPACE } from '../../../sync/areas/requests';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { inHoa } from '../actor';
import { threadHistoryJson, threadMessagesJson, threadRecordsShowing } from '../threads';
import { attachmentJson } from '../uploads';

/** Board and superadmin: every request of their HOA. Residents: their own (community §6). */
export function visibleRequests(viewer: Viewer): SQL {
  if (requestPolicy.seesPeople(viewer.role)) return inHoa(viewer, requests.hoaId);
  return inHoa(viewer, requests.hoaId, eq(requests.userId, viewer.userId));
}

/**
 * Visible requests whose id is in `ids` (a subquery selecting `row_id`), as cache values
 * (`SyncedRequest`) built and serialised by SQLite in one statement: the pull sends them as they are
 * and the REST answers (read.ts) are built from them. Cost follows the ids: the CROSS JOIN walks the
 * wanted ids; people are joined by primary key, thread and history read per row through their indexes.
 */
export function requestValuesSql(viewer: Viewer, ids: SQL): SQL {
  const r = requests;
  const board = requestPolicy.seesPeople(viewer.role);
  const assignee = board
    ? sql`CASE WHEN ${r.assignedTo} IS NOT NULL THEN json_object('id', ${r.assignedTo}, 'name', coalesce(assignee.name, 'Unknown User'), 'email', coalesce(assignee.email, '')) END`
    : sql`NULL`;
  return sql`
    SELECT ${r.id} AS id, json_object(
      'id', ${r.id}, 'title', ${r.title}, 'description', ${r.description}, 'category', ${r.category}, 'status', ${r.status},
      'attachment', ${attachmentJson(r)},
      'resident', json_object('id', ${r.userId}, 'name', coalesce(resident.name, 'Unknown User'), 'email', coalesce(resident.email, ''),
        'role', coalesce(resident.role, 'resident')),
      'address', CASE WHEN address.id IS NOT NULL THEN json_object('id', address.id, 'street', address.street, 'unitNumber', address.unit_number) END,
      'assignee', ${assignee},
      'resolutionDeadline', ${r.resolutionDeadline}, 'resolutionNotes', ${r.resolutionNotes},
      'messages', json(${threadMessagesJson(requestComments, r, viewer)}),
      'history', json(${threadHistoryJson(requestHistory, r, viewer)}),
      'createdAt', ${r.createdAt}, 'updatedAt', ${r.updatedAt}, 'version', ${r.version}
    ) AS json
    FROM (${ids}) AS wanted
    CROSS JOIN ${r}
    LEFT JOIN ${users} AS resident ON resident.id = ${r.userId} AND resident.hoa_id = ${r.hoaId}
    LEFT JOIN ${addresses} AS address ON address.id = ${r.addressId} AND address.hoa_id = ${r.hoaId}
    LEFT JOIN ${users} AS assignee ON assignee.id = ${r.assignedTo} AND assignee.hoa_id = ${r.hoaId}
    WHERE ${r.id} = wanted.row_id AND ${visibleRequests(viewer)}`;
}

export const requestSyncArea: ServerSyncArea = {
  space: REQUEST_SPACE,
  scope: 'hoa',
  table: requests,
  id: requests.id,
  version: requests.version,
  hoaId: requests.hoaId,
  visible: visibleRequests,
  values: requestValuesSql,
  dependsOn: {
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

/** Every write to requests goes through this writer (version and change record in one call). */
export const requestRows = syncedTable({ ...requestSyncArea, table: requests });
