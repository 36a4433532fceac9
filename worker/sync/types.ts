/**
 * The types the sync kit's modules share (the server half of a synced table, who views it, what a
 * writer needs), apart from the modules that use them so none of those imports another for a type.
 */
import type { SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { SyncSpace } from '../../sync/keys';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';

export type Viewer = Pick<Actor, 'userId' | 'hoaId' | 'role'>;

/**
 * What a synced value may show of other rows (its dependencies, below): users (by user id), addresses
 * (by address id), and who lives at an address (`residents`, by address id: a member moved in or out).
 */
export type DependencySource = 'users' | 'addresses' | 'residents';

export interface ServerSyncArea {
  /** The key space (`<space>/<row id>`), declared by the area's shared half. */
  space: SyncSpace;
  /**
   * `hoa`: rows shared across the HOA; a pull re-checks only the rows logged since its last view.
   * `user`: a user's own rows (few, indexed); when the user's counter moved, all of them are re-checked.
   */
  scope: 'hoa' | 'user';
  table: SQLiteTable;
  id: SQLiteColumn;
  version: SQLiteColumn;
  hoaId: SQLiteColumn;
  /** `user` scope: the column naming the row's user. */
  owner?: SQLiteColumn;
  /** What `viewer` may see: a WHERE condition on the table, tenant scope included. REST lists use it too. */
  visible(viewer: Viewer): SQL;
  /**
   * The cache value of a visible row as `viewer` sees it: its fields as SQL on the area's table and
   * the tables it joins (worker/sync/values.ts). SQLite writes the values' text, for the visible rows
   * a pull or a REST read wants: a row each (`rowValuesSql`: REST reads, the standard patch) or a
   * column per field (`columnValuesSql`: the compact patch).
   */
  value(viewer: Viewer): SyncValueSql;
  /**
   * Values that show data of another table (an author's name, an audience's size) name it here:
   * a WHERE condition on this table selecting the rows that show any of those rows. Writers of the
   * other table call `touchDependents` (worker/sync/dependencies.ts): those rows get a new version,
   * so every client that holds them receives the new value.
   */
  dependsOn?: Partial<Record<DependencySource, (hoaId: string, ids: string[]) => SQL>>;
}

/** A synced value as SQLite builds it: worker/sync/values.ts writes it as a row per value or a column per field. */
/**
 * Typed against the synced value `V` (`SyncValueSql<SyncedAnnouncement>`): every field of the value,
 * no other, so the compiler catches a field the SQL misses or adds.
 */
export interface SyncValueSql<V extends object = Record<string, unknown>> {
  /**
   * The value's fields, in the order the value lists them (the column patch sends them in this
   * order): a column, or SQL giving a scalar or JSON (json(), json_object()).
   */
  fields: { [K in keyof V]-?: SQL | SQLiteColumn };
  /** Tables the fields read besides the area's own (`LEFT JOIN users AS author ON …`), each row found by key. */
  joins?: SQL;
}

/** What a writer of synced rows needs (`syncedTable`, `bumpChanges`). */
export type SyncDeps = Pick<AppDeps, 'database' | 'clock' | 'pokes'>;
