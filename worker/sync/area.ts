/**
 * How writes to a synced table are recorded for sync (`syncedTable`). The table's server half
 * (`ServerSyncArea`: what a pull sends of it) is declared by its area in its domain
 * (worker/domain/<area>/sync.ts) and listed in the area's declaration (worker/areas/<area>.ts, `sync`).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { preparedInTransaction, type Tx } from '../db';
import { bumpChanges, type Changes } from './changes';
import type { ServerSyncArea, SyncDeps } from './types';

export type { DependencySource, ServerSyncArea, SyncDeps, Viewer } from './types';

type Row<T extends SQLiteTable> = T['$inferSelect'];
type Insert<T extends SQLiteTable> = T['$inferInsert'];
/** An update's values: plain values, or SQL such as `count + 1`. */
type Set<T extends SQLiteTable> = { [K in keyof Insert<T>]?: Insert<T>[K] | SQL };

/**
 * The writer's contract in one place: every insert and update of a synced table sets the row
 * `version` (1, then +1) and records the change for sync (`bumpChanges`) in the same transaction.
 * Domain code writes synced rows only through these.
 */
export function syncedTable<T extends SQLiteTable>(area: ServerSyncArea & { table: T }) {
  // Property names looked up once (every pushed mutation records its change).
  if (area.scope === 'user' && !area.owner) throw new Error(`syncedTable(${area.space}): a user-scope area names its owner column`);
  const ownerKey = area.owner ? columnKey(area.table, area.owner) : '';
  const hoaKey = columnKey(area.table, area.hoaId);
  const idKey = columnKey(area.table, area.id);
  const changesOf = (rows: Record<string, unknown>[]): Changes => {
    if (rows.length === 0) return {};
    if (area.scope === 'user') return { userIds: [...new Set(rows.map((r) => String(r[ownerKey])))] };
    const hoaIds = [...new Set(rows.map((r) => String(r[hoaKey])))];
    if (hoaIds.length !== 1) throw new Error(`syncedTable(${area.space}): one write, one HOA`);
    return { hoaId: hoaIds[0], rows: rows.map((r) => ({ space: area.space, id: String(r[idKey]) })) };
  };
  const versionKey = columnKey(area.table, area.version);
  // A prepared insert would freeze a default computed in JS ($defaultFn) at its first value.
  const computesDefaults = Object.values(getTableColumns(area.table)).some((c) => (c as { defaultFn?: unknown; onUpdateFn?: unknown }).defaultFn || (c as { onUpdateFn?: unknown }).onUpdateFn);
  // Drizzle's builders are typed per table; this helper is typed by its callers' table instead.
  const table = area.table as any;

  return {
    area,
    /**
     * Inserts rows at version 1, or at `opts.version` for a row whose id may have been deleted and
     * used again (a device may still hold the old row at version 1 and must see the new one). Rows
     * already there (a conflict the caller allowed) are not returned and not recorded.
     */
    async insert(deps: SyncDeps, tx: Tx, values: Insert<T> | Insert<T>[], opts: { onConflictDoNothing?: SQLiteColumn[]; version?: number } = {}): Promise<Row<T>[]> {
      const list = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, [versionKey]: opts.version ?? 1 }));
      if (list.length === 0) return [];
      const build = (rows: Record<string, unknown>[]) => {
        let q = tx.insert(table).values(rows);
        if (opts.onConflictDoNothing) q = q.onConflictDoNothing({ target: opts.onConflictDoNothing });
        return q.returning();
      };
      let rows: Row<T>[];
      if (list.length === 1 && !computesDefaults) {
        // One row (every pushed mutation's insert): the statement is built once per transaction.
        const keys = Object.keys(list[0]).filter((k) => list[0][k] !== undefined).sort();
        const key = `insert:${area.space}:${keys.join(',')}:${opts.onConflictDoNothing ? 'nothing' : ''}`;
        const q = preparedInTransaction(tx, key, () => build([Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)]))]).prepare());
        rows = (await q.all(list[0])) as Row<T>[];
      } else {
        rows = (await build(list)) as Row<T>[];
      }
      await bumpChanges(deps, tx, changesOf(rows as Record<string, unknown>[]));
      return rows;
    },
    /** Updates the rows `where` selects, bumping their version. Returns the updated rows. */
    async update(deps: SyncDeps, tx: Tx, where: SQL, set: Set<T>): Promise<Row<T>[]> {
      const rows = (await tx
        .update(table)
        .set({ ...set, [versionKey]: sql`${area.version} + 1` })
        .where(where)
        .returning()) as Row<T>[];
      await bumpChanges(deps, tx, changesOf(rows as Record<string, unknown>[]));
      return rows;
    },
    /** A new version for rows whose value changed without a write to them (a dependency changed). */
    touch(deps: SyncDeps, tx: Tx, where: SQL): Promise<Row<T>[]> {
      return this.update(deps, tx, where, {});
    },
  };
}


/** The property name drizzle uses for a column of a table (the key of `$inferSelect`). */
function columnKey(table: SQLiteTable, column: SQLiteColumn): string {
  for (const [key, value] of Object.entries(table as unknown as Record<string, unknown>)) if (value === column) return key;
  throw new Error(`column ${column.name} is not a column of this table`);
}
