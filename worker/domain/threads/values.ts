/**
 * The thread kit in SQL: a record's messages and Activity History as JSON arrays inside its synced
 * value (`SyncedThreadMessage[]`, `SyncedHistoryEntry[]`), built by SQLite for one reader. What a
 * resident may not see is never selected for them: internal messages and history, staff names and ids.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { AUTOMATIC_ACTOR_ID, AUTOMATIC_ACTOR_NAME, STAFF_LABEL, threadPolicy } from '../../../schema/threads';
import { users } from '../../../schema/tables';
import type { ThreadHistoryTable, ThreadMessagesTable } from '../../../schema/tables/threads';
import type { Viewer } from '../../sync/area';
import { attachmentJson } from '../uploads';

/** The record whose thread is read: its id and tenant columns (the outer query's row). */
export interface ThreadParent {
  id: SQLiteColumn;
  hoaId: SQLiteColumn;
}

const bool = (column: SQLiteColumn) => sql`json(iif(${column}, 'true', 'false'))`;

/**
 * How an area's thread shows staff to residents: requests hide their names ("HOA Staff");
 * violations show them (the messages' `sender_id` has a name, and the issued-by card names the board member).
 */
export interface ThreadOptions {
  staffNames: 'hidden' | 'shown';
}
const HIDDEN: ThreadOptions = { staffNames: 'hidden' };

/**
 * A person as the reader may see them (`SyncedThreadPerson`); `person` is the alias of the joined
 * users row. Readers who do not see internal rows (residents) read staff as "HOA Staff", without id,
 * where the area hides staff names.
 */
function personJson(viewer: Viewer, id: SQLiteColumn, isStaff: SQLiteColumn, person: string, opts: ThreadOptions): SQL {
  const name = sql`coalesce(${sql.raw(person)}.name, CASE WHEN ${id} = ${AUTOMATIC_ACTOR_ID} THEN ${AUTOMATIC_ACTOR_NAME} ELSE 'Unknown User' END)`;
  if (threadPolicy.seesInternal(viewer.role) || opts.staffNames === 'shown') return sql`json_object('id', ${id}, 'name', ${name}, 'isStaff', ${bool(isStaff)})`;
  return sql`json_object('id', CASE WHEN ${isStaff} THEN NULL ELSE ${id} END,
    'name', CASE WHEN ${isStaff} THEN ${STAFF_LABEL} ELSE ${name} END, 'isStaff', ${bool(isStaff)})`;
}

/** Only what the reader may see: residents get the public rows. */
const forReader = (viewer: Viewer, isPublic: SQLiteColumn) => (threadPolicy.seesInternal(viewer.role) ? sql`` : sql`AND ${isPublic} = 1`);

/**
 * The record's messages, oldest first (ties in the order written), read through the (parent, created_at) index. The `+` keeps
 * the tenant check off the hoa_id index (SQLite would otherwise walk the whole HOA per record).
 */
export function threadMessagesJson(m: ThreadMessagesTable, parent: ThreadParent, viewer: Viewer, opts = HIDDEN): SQL {
  return sql`(SELECT json_group_array(json(v)) FROM (
    SELECT json_object('id', ${m.id}, 'author', ${personJson(viewer, m.authorId, m.isStaff, 'author', opts)}, 'message', ${m.message},
      'isPublic', ${bool(m.isPublic)}, 'attachment', ${attachmentJson(m)}, 'createdAt', ${m.createdAt}) AS v
    FROM ${m} LEFT JOIN ${users} AS author ON author.id = ${m.authorId} AND author.hoa_id = ${m.hoaId}
    WHERE ${m.parentId} = ${parent.id} AND +${m.hoaId} = ${parent.hoaId} ${forReader(viewer, m.isPublic)}
    ORDER BY ${m.createdAt}, ${m}.rowid))`;
}

/** The record's Activity History, oldest first. */
export function threadHistoryJson(h: ThreadHistoryTable, parent: ThreadParent, viewer: Viewer, opts = HIDDEN): SQL {
  return sql`(SELECT json_group_array(json(v)) FROM (
    SELECT json_object('id', ${h.id}, 'action', ${h.action}, 'user', ${personJson(viewer, h.userId, h.isStaff, 'actor', opts)}, 'at', ${h.at}) AS v
    FROM ${h} LEFT JOIN ${users} AS actor ON actor.id = ${h.userId} AND actor.hoa_id = ${h.hoaId}
    WHERE ${h.parentId} = ${parent.id} AND +${h.hoaId} = ${parent.hoaId} ${forReader(viewer, h.isPublic)}
    ORDER BY ${h.at}, ${h}.rowid))`;
}

/**
 * For `ServerSyncArea.dependsOn.users`: the ids of the records whose thread or history shows one of
 * `userIds` (their names are in the value), as SELECTs of one column found through the author and
 * user indexes, to be joined with UNION ALL (a plain UNION would sort them all to drop repeats).
 */
export function threadRecordsShowing(tables: { messages?: ThreadMessagesTable; history: ThreadHistoryTable }, userIds: string[]): SQL[] {
  const { messages: m, history: h } = tables;
  const history = sql`SELECT ${h.parentId} FROM ${h} WHERE ${inArray(h.userId, userIds)}`;
  // Invoices keep a history without a thread.
  return m ? [sql`SELECT ${m.parentId} FROM ${m} WHERE ${inArray(m.authorId, userIds)}`, history] : [history];
}
