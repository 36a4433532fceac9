/**
 * The order a chunked first pull sends an area's rows in (worker/sync/cvr.ts, `budgetedRows`):
 * newest first, so each list's first page comes in the first chunk, and only where an index that
 * starts with the tenant gives that order without a sort. The schema names such an index
 * `<table>_newest` (hoa_id, created_at, id); failing that, an index (hoa_id, <…_at>, id) serves.
 * An area with neither is sent in the order of the index SQLite reads it by.
 */
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ServerSyncArea } from './types';

const columnNames = (columns: unknown[]) => columns.map((c) => (is(c, SQLiteColumn) ? c.name : null));

function orderOf(area: ServerSyncArea): SQL | null {
  const config = getTableConfig(area.table);
  const byTenant = config.indexes
    .map((index) => ({ name: index.config.name, columns: columnNames(index.config.columns), partial: !!index.config.where }))
    .filter((index) => !index.partial && index.columns[0] === area.hoaId.name && index.columns.every((c) => c !== null));
  const chosen =
    byTenant.find((index) => index.name === `${config.name}_newest`) ??
    byTenant.find((index) => index.columns.length === 3 && /_at$/.test(index.columns[1]!) && index.columns[1] !== 'deleted_at' && index.columns[2] === area.id.name);
  if (!chosen) return null;
  const columns = chosen.columns.slice(1).map((name) => sql`${area.table}.${sql.identifier(name!)} DESC`);
  return sql`ORDER BY ${sql.join(columns, sql`, `)}`;
}

const orders = new WeakMap<ServerSyncArea, SQL | null>();

/** `ORDER BY …` newest first for `area`, or an empty fragment (see above). */
export function newestFirst(area: ServerSyncArea): SQL {
  if (!orders.has(area)) orders.set(area, orderOf(area));
  return orders.get(area) ?? sql``;
}
