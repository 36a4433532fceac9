/**
 * Saving and deleting saved list views, for REST and the sync push alike (taking the caller's
 * transaction). The row through `visibleListViews` first (another user's or another HOA's view is a
 * 404), then the rules of the policy: one name per user and list (400 on `name`), at most
 * LIST_VIEWS_PER_LIST_MAX views on a list (409).
 */
import { and, eq } from 'drizzle-orm';
import { LIST_VIEW_MESSAGES, listViewPolicy, LIST_VIEWS_PER_LIST_MAX, type ApiListView, type ListViewFilters, type SavedViewList } from '../../../schema/list-views';
import { savedListViews } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { bumpChanges, freshUserRowVersion } from '../../sync/changes';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField, notFound } from '../errors';
import { getListView } from './read';
import { listViewRows, visibleListViews } from './sync';

export type ListViewRow = typeof savedListViews.$inferSelect;

export interface ListViewInput {
  /** Client-made for a view saved offline (the mutator); REST may leave it out for a new view. */
  id?: string;
  list: SavedViewList;
  name: string;
  filters: ListViewFilters;
}

/**
 * Creates a view, or (an id of the actor's own view) renames it and replaces its filters; a view
 * stays on its list, whatever `list` says. Ids are global: another user's or HOA's id is a 404.
 */
export async function saveListView(deps: AppDeps, tx: Tx, actor: Actor, input: ListViewInput): Promise<{ row: ListViewRow; created: boolean }> {
  if (!listViewPolicy.mayManage(actor.role)) throw forbidden();
  const id = input.id ?? newId();
  const [existing] = await tx.select().from(savedListViews).where(eq(savedListViews.id, id)).limit(1);
  if (existing && (existing.userId !== actor.userId || existing.hoaId !== actor.hoaId)) throw notFound(LIST_VIEW_MESSAGES.notFound);
  const list = existing?.list ?? input.list;
  const onList = await tx
    .select({ id: savedListViews.id, list: savedListViews.list, name: savedListViews.name })
    .from(savedListViews)
    .where(and(visibleListViews(actor), eq(savedListViews.list, list)));
  if (listViewPolicy.isNameTaken(onList, { id, list, name: input.name })) throw invalidField('name', LIST_VIEW_MESSAGES.nameTaken);
  const fields = { name: input.name, nameKey: listViewPolicy.nameKey(input.name), filters: input.filters, updatedAt: deps.clock() };
  if (existing) {
    const [row] = await listViewRows.update(deps, tx, and(eq(savedListViews.id, id), visibleListViews(actor))!, fields);
    return { row, created: false };
  }
  if (onList.length >= LIST_VIEWS_PER_LIST_MAX) throw conflict(LIST_VIEW_MESSAGES.tooMany);
  // A deleted view's id may come back (a rename queued offline on a device that missed the delete):
  // the new row starts above every version an earlier row of that id had, so every device receives it.
  const version = await freshUserRowVersion(tx, actor.userId);
  const [row] = await listViewRows.insert(deps, tx, { id, hoaId: actor.hoaId, userId: actor.userId, list, ...fields, createdAt: fields.updatedAt }, { version });
  return { row, created: true };
}

/**
 * Deletes one of the actor's views. The row goes (a deleted view keeps nothing worth keeping, and
 * its name is free again at once); the user's change counter moves, so their next pull drops it
 * from every device, as removed notices do (worker/sync/notices.ts).
 */
export async function deleteListView(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<void> {
  if (!listViewPolicy.mayManage(actor.role)) throw forbidden();
  const removed = await tx.delete(savedListViews).where(and(eq(savedListViews.id, id), visibleListViews(actor))).returning({ id: savedListViews.id });
  if (removed.length === 0) throw notFound(LIST_VIEW_MESSAGES.notFound);
  await bumpChanges(deps, tx, { userIds: [actor.userId] });
}

/** `POST /api/list-views`: saves in its own transaction and answers the view as REST shows it, and whether it is new. */
export async function saveListViewAndAnswer(deps: AppDeps, actor: Actor, input: ListViewInput): Promise<{ view: ApiListView; created: boolean }> {
  const { row, created } = await deps.database.transaction((tx) => saveListView(deps, tx, actor, input));
  return { view: await getListView(deps.database.db, actor, row.id), created };
}
