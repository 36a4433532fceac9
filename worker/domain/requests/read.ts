/**
 * Reading requests over REST. The values come from the statement the pull uses
 * (`requestValuesSql`, sync.ts), so REST and the local cache always say the same; here they get
 * the API's shape (populated `user_id`, `address_id`, `assigned_to`, `comments`, `history`).
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsSql } from '../contains';
import { REQUEST_MESSAGES, type ApiRequest, type ApiRequestPage, type RequestListQuery } from '../../../schema/requests';
import { requests } from '../../../schema/tables';
import { toApiHistoryEntry, toApiThreadMessage } from '../../../schema/threads';
import { restAnswer } from '../../../schema/rest-shape';
import { REQUEST_REST, type SyncedRequest } from '../../../sync/areas/requests';
import type { Database, DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { answerKey, countUnderCounters, jsonUnderCounters } from '../../sync/counted';
import { notFound } from '../errors';
import { requestValuesSql, visibleRequests } from './sync';

export type RequestRow = typeof requests.$inferSelect;

export function toApiRequest(r: SyncedRequest): ApiRequest {
  return {
    ...restAnswer(r, REQUEST_REST, { messages: (messages) => messages.map(toApiThreadMessage), history: (history) => history.map(toApiHistoryEntry) }),
    photo_url: r.attachment?.s3Key ?? null,
  };
}

/** The cache values of the visible rows `ids` selects (a subquery of `row_id`). */
async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedRequest[]> {
  const rows: { id: string; json: string }[] = await db.all(requestValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedRequest);
}

/** One request row the actor may see (for a write), or 404 with the spec's words (also for another HOA's). */
export async function getVisibleRequest(db: DbOrTx, actor: Viewer, id: string): Promise<RequestRow> {
  const [row] = await db.select().from(requests).where(and(visibleRequests(actor), eq(requests.id, id))).limit(1);
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  return row;
}

/** GET /api/requests/:id (and the body of every write's answer). */
export async function getRequest(db: DbOrTx, actor: Viewer, id: string): Promise<ApiRequest> {
  const [r] = await valuesOf(db, actor, sql`SELECT ${id} AS row_id`);
  if (!r) throw notFound(REQUEST_MESSAGES.notFound);
  return toApiRequest(r);
}

/** The list's condition: what the actor sees, narrowed by the filters. */
function listWhere(actor: Viewer, q: RequestListQuery): SQL {
  return and(
    visibleRequests(actor),
    q.category.length ? inArray(requests.category, q.category) : undefined,
    q.status.length ? inArray(requests.status, q.status) : undefined,
    q.search ? containsSql(sql`${requests.title}`, q.search) : undefined,
  )!;
}

/**
 * GET /api/requests: the requests the actor may see, filtered, newest (or oldest) first, read in
 * the order of the (hoa, created_at, id) index, or (user, created_at, id) for a resident.
 */
export async function listRequests(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: RequestListQuery): Promise<ApiRequestPage> {
  const { db } = database;
  const where = listWhere(actor, q);
  const total = await countUnderCounters(database, actor, answerKey('requests', 'count', q.search, q.category, q.status), async () => (await db.select({ n: count() }).from(requests).where(where))[0].n);
  const direction = sql.raw(q.sort === 'createdAt' ? 'ASC' : 'DESC');
  const page = sql`SELECT ${requests.id} AS row_id FROM ${requests} WHERE ${where}
    ORDER BY ${requests.createdAt} ${direction}, ${requests.id} ${direction} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const values = await valuesOf(db, actor, page);
  const sign = q.sort === 'createdAt' ? 1 : -1;
  values.sort((a, b) => sign * (a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  const totalPages = Math.ceil(total / q.limit);
  return { docs: values.map(toApiRequest), totalDocs: total, totalPages, page: q.page, limit: q.limit, hasNextPage: q.page < totalPages };
}

/** GET /api/requests as the JSON text of its answer, kept under the change counters. */
export function listRequestsJson(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: RequestListQuery): Promise<string> {
  const key = answerKey('requests', 'page', q.page, q.limit, q.sort, q.search, q.category, q.status);
  return jsonUnderCounters(database, actor, { key, whose: 'shared' }, () => listRequests(database, actor, q));
}
