import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { SAVED_VIEW_LISTS, type ListViewFilters } from '../list-views';
import { hoaId, id, ms } from './columns';

/** Saved list views: a user's named filter sets per list screen. Synced to their user only. */
export const savedListViews = sqliteTable(
  'saved_list_views',
  {
    /** Client-made (a view can be saved offline). */
    id: id(),
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    list: text('list', { enum: SAVED_VIEW_LISTS }).notNull(),
    name: text('name').notNull(),
    /** `listViewPolicy.nameKey(name)`: the unique index holds the policy's rule (one name per user and list, case-blind). */
    nameKey: text('name_key').notNull(),
    filters: text('filters', { mode: 'json' }).$type<ListViewFilters>().notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('saved_list_views_name').on(t.userId, t.list, t.nameKey), index('saved_list_views_hoa').on(t.hoaId, t.userId)],
);
