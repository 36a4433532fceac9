import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { hoaId, ms } from './columns';

/**
 * A member's directory choices, one row per user once they first saved them (none: not listed).
 * The synced directory entry is this row shown with the user's name, address and shared fields.
 */
export const directoryListings = sqliteTable(
  'directory_listings',
  {
    userId: text('user_id').primaryKey(),
    hoaId: hoaId(),
    listed: integer('listed', { mode: 'boolean' }).notNull().default(false),
    shareEmail: integer('share_email', { mode: 'boolean' }).notNull().default(false),
    sharePhone: integer('share_phone', { mode: 'boolean' }).notNull().default(false),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('directory_listings_hoa').on(t.hoaId, t.listed)],
);

/** The HOA's switch; no row: the directory is on. */
export const hoaDirectorySettings = sqliteTable('hoa_directory_settings', {
  hoaId: text('hoa_id').primaryKey(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  updatedAt: ms('updated_at').notNull(),
});
