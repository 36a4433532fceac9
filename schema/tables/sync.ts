import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ROLES } from '../roles';
import { hoaId, id, ms } from './columns';

/**
 * Replicache bookkeeping (row-version strategy). A client group is one browser profile's cache of
 * one user; its CVR (client view record) lives here because Workers keep nothing between requests.
 */
export const syncClientGroups = sqliteTable(
  'sync_client_groups',
  {
    id: id(),
    /**
     * The group's short key in `sync_cvr_entries` (a row per synced row it holds): an integer there
     * instead of the text id keeps every entry and index key about 35 bytes shorter.
     */
    number: integer('number').notNull(),
    userId: text('user_id').notNull(),
    hoaId: hoaId(),
    /** Version of the newest CVR; the pull cookie's `order`. */
    cvrVersion: integer('cvr_version').notNull().default(0),
    /** Bumped on every processed mutation of any client in the group. */
    clientVersion: integer('client_version').notNull().default(0),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  // By user, most recently used first: the per-user cap forgets the oldest.
  (t) => [
    index('sync_client_groups_user').on(t.userId, t.updatedAt, t.createdAt),
    index('sync_client_groups_hoa').on(t.hoaId),
    uniqueIndex('sync_client_groups_number').on(t.number),
  ],
);

export const syncClients = sqliteTable(
  'sync_clients',
  {
    id: id(),
    clientGroupId: text('client_group_id').notNull(),
    lastMutationId: integer('last_mutation_id').notNull().default(0),
    /** The group's clientVersion when this client last changed. */
    clientVersion: integer('client_version').notNull().default(0),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('sync_clients_group').on(t.clientGroupId, t.clientVersion)],
);

/**
 * One header per CVR version handed out as a cookie: the change counters it was computed at
 * (so a pull with unchanged counters answers without reading rows) and the client version.
 */
export const syncCvrs = sqliteTable(
  'sync_cvrs',
  {
    clientGroupId: text('client_group_id').notNull(),
    cvrVersion: integer('cvr_version').notNull(),
    /** Values differ by role, so a role change answers a reset. */
    role: text('role', { enum: ROLES }).notNull(),
    hoaSeq: integer('hoa_seq').notNull(),
    userSeq: integer('user_seq').notNull(),
    visSeq: integer('vis_seq').notNull(),
    clientVersion: integer('client_version').notNull(),
    /**
     * The view was cut at the pull's row budget (a chunk of a first pull): rows the actor may see are
     * not in it yet, so the next pull refreshes the whole view instead of reading the change log.
     */
    partial: integer('partial', { mode: 'boolean' }).notNull().default(false),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientGroupId, t.cvrVersion] })],
);

/**
 * The group's current client view: one row per synced row (area + id) with the row version it
 * has, and the CVR version at which the entry last changed (put or delete). A pull with cookie K
 * sends every entry with patchVersion > K; deleted entries are tombstones until no kept CVR needs them.
 */
export const syncCvrEntries = sqliteTable(
  'sync_cvr_entries',
  {
    /** The group's `number` (sync_client_groups). */
    groupNumber: integer('group_number').notNull(),
    area: text('area').notNull(),
    rowId: text('row_id').notNull(),
    version: integer('version').notNull(),
    patchVersion: integer('patch_version').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.groupNumber, t.area, t.rowId] }),
    // A patch reads one area at a time: with the area in the key, an area's read skips the others' entries.
    index('sync_cvr_entries_patch').on(t.groupNumber, t.area, t.patchVersion),
    // Tombstones only: pruning finds the old ones without walking every live entry.
    index('sync_cvr_entries_tombstones').on(t.groupNumber, t.patchVersion).where(sql`deleted = 1`),
  ],
);

/** Change counters: `hoa:<id>` (HOA-wide rows), `user:<id>` (a user's own rows), `vis:<id>` (what a user may see), `floor:<hoa>` (change log pruned below). */
export const syncCounters = sqliteTable('sync_counters', {
  scope: text('scope').primaryKey(),
  seq: integer('seq').notNull(),
});

/** Which HOA-wide rows changed at which `hoa:` counter value, so a pull re-checks only those. */
export const syncChangeLog = sqliteTable(
  'sync_change_log',
  {
    hoaId: hoaId(),
    area: text('area').notNull(),
    seq: integer('seq').notNull(),
    rowId: text('row_id').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hoaId, t.area, t.seq, t.rowId] }), index('sync_change_log_age').on(t.createdAt)],
);

/** Per-user notices: a pushed mutation the server rejected (synced back so the client can show it). */
export const syncNotices = sqliteTable(
  'sync_notices',
  {
    id: id(),
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    mutationName: text('mutation_name').notNull(),
    mutationId: integer('mutation_id').notNull(),
    clientId: text('client_id').notNull(),
    argsSummary: text('args_summary').notNull(),
    message: text('message').notNull(),
    /** What the change was about, in the user's words (a title), when its arguments name it. */
    subject: text('subject'),
    /** The same refusal again while this notice is open is counted here instead of adding a notice. */
    repeats: integer('repeats').notNull().default(1),
    createdAt: ms('created_at').notNull(),
    dismissedAt: ms('dismissed_at'),
    version: integer('version').notNull().default(1),
  },
  // A user's open notices, newest first (the cap keeps the newest).
  // One user's open notices through (hoa, user): SQLite took the tenant's index alone and walked the HOA's.
  (t) => [index('sync_notices_user').on(t.hoaId, t.userId, t.dismissedAt, t.createdAt, t.id), index('sync_notices_hoa').on(t.hoaId)],
);
