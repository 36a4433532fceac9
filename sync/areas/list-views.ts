/**
 * Saved list views, shared half: the key space (a user's own views only), the synced value, and the
 * mutators that save (create or rename) and delete a view, offline too.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { lazy } from '../../schema/lazy';
import { listViewFields, listViewFiltersSchema, listViewPolicy, LIST_VIEWS_PER_LIST_MAX, SAVED_VIEW_LISTS } from '../../schema/list-views';
import type { RestRule } from '../../schema/rest-shape';
import { defineMutator, defineSyncedArea, keyOf, prefixOf } from '../area';
import { newRowId, rowId } from './fields';

export const LIST_VIEW_SPACE = 'listView';
export const listViewKey = (id: string) => keyOf(LIST_VIEW_SPACE, id);

/** A saved view as the cache holds it (milliseconds since the epoch for times). */
export const syncedListViewSchema = lazy(() =>
  z.object({
    id: z.string(),
    list: z.enum(SAVED_VIEW_LISTS),
    name: z.string(),
    filters: listViewFiltersSchema,
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number(),
  }),
);
export type SyncedListView = z.output<typeof syncedListViewSchema>;

/** The REST answer is the generic rename (schema/rest-shape.ts); the filters keep the screen's filter names as they are. */
export const LIST_VIEW_REST = {} as const satisfies RestRule<SyncedListView>;

/** `POST /api/list-views`: the mutator's fields, the id optional (the server makes one). */
export const listViewBody = lazy(() => z.object({ id: newRowId.optional(), ...listViewFields }));

const allViews = async (tx: WriteTransaction) => (await tx.scan({ prefix: prefixOf(LIST_VIEW_SPACE) }).values().toArray()) as unknown as SyncedListView[];

export const listViewMutators = {
  /**
   * Creates a view with a client-made id, or renames one and replaces its filters (same id). A view
   * stays on its list. Same rules as the server: a name taken on the list, or one view too many,
   * changes nothing here and comes back as a notice.
   */
  saveListView: defineMutator({
    args: lazy(() => z.object({ id: newRowId, ...listViewFields })),
    label: 'Save view',
    subject: (args) => args.name,
    async apply(tx, args) {
      const views = await allViews(tx);
      const current = views.find((v) => v.id === args.id);
      const list = current?.list ?? args.list;
      if (listViewPolicy.isNameTaken(views, { id: args.id, list, name: args.name })) return;
      if (!current && views.filter((v) => v.list === list).length >= LIST_VIEWS_PER_LIST_MAX) return;
      const now = Date.now();
      const next: SyncedListView = current
        ? { ...current, name: args.name, filters: args.filters, updatedAt: now }
        : { id: args.id, list, name: args.name, filters: args.filters, createdAt: now, updatedAt: now, version: 0 };
      await tx.set(listViewKey(args.id), { ...next });
    },
  }),

  deleteListView: defineMutator({
    args: lazy(() => z.object({ id: rowId })),
    label: 'Delete view',
    async apply(tx, { id }) {
      await tx.del(listViewKey(id));
    },
  }),
};

export const listViewsSync = defineSyncedArea({ spaces: [LIST_VIEW_SPACE], mutators: listViewMutators });
