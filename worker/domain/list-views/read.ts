/**
 * Reading saved views over REST. The values come from the statement the pull uses, so REST and the
 * local cache always say the same; here they get the API's shape and the menu's order.
 */
import { and, eq, sql } from 'drizzle-orm';
import { byListViewName, type ApiListView, type SavedViewList } from '../../../schema/list-views';
import { savedListViews } from '../../../schema/tables';
import { restAnswer } from '../../../schema/rest-shape';
import { LIST_VIEW_REST, type SyncedListView } from '../../../sync/areas/list-views';
import type { DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { rowValuesSql } from '../../sync/values';
import { listViewSyncArea, visibleListViews } from './sync';

export const toApiListView = (v: SyncedListView): ApiListView => restAnswer(v, LIST_VIEW_REST, { filters: (filters) => filters });

/** `GET /api/list-views`: the actor's views of one list (every list without `list`), by name. */
export async function listListViews(db: DbOrTx, actor: Viewer, list?: SavedViewList): Promise<ApiListView[]> {
  const v = savedListViews;
  const wanted = list ? sql`SELECT ${v.id} AS row_id FROM ${v} WHERE ${and(visibleListViews(actor), eq(v.list, list))}` : 'every visible row';
  const rows = await db.all<{ id: string; json: string }>(rowValuesSql(listViewSyncArea, actor, wanted));
  return rows.map((r) => JSON.parse(r.json) as SyncedListView).sort(byListViewName).map(toApiListView);
}

/** One of the actor's views in the API's shape (the answer of a save). */
export async function getListView(db: DbOrTx, actor: Viewer, id: string): Promise<ApiListView> {
  const [row] = await db.all<{ id: string; json: string }>(rowValuesSql(listViewSyncArea, actor, sql`SELECT ${id} AS row_id`));
  return toApiListView(JSON.parse(row.json) as SyncedListView);
}
