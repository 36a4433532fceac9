/**
 * The stored Client View Record of a client group: `sync_cvr_entries` (area, row id → row version,
 * and the CVR version at which the entry last changed) plus one `sync_cvrs` header per version
 * handed out as a cookie. The diff runs inside SQLite: no row values leave the database unless
 * they are sent.
 */
import { and, eq, is, lte, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import { syncChangeLog, syncCvrEntries, syncCvrs } from '../../schema/tables';
import { isTransaction, renderStatement, runRendered, type RenderedStatement, type StatementRunner, type Tx } from '../db';
import { keyOf, prefixOf } from '../../sync/keys';
import type { ServerSyncArea, Viewer } from './area';
import { placeholderViewer, statementFor } from './statements';
import { newestFirst } from './newest-first';
import { columnValuesSql, rowValuesSql, type ColumnLayout, type WantedRows } from './values';
import { itemList, patchedPart, renderColumnsPart, type ColumnItems } from './column-parts';
import type { KeepResetPart, PatchPart, ResetPartKey } from './counted';

/** CVR versions kept per group: a pull whose cookie is older gets a reset. */
export const CVR_VERSIONS_KEPT = 10;

export type CvrHeader = typeof syncCvrs.$inferSelect;

/**
 * The statements below are rendered once per area, role and shape (`statementFor`), with
 * placeholders where each pull's values go (`PullValues`): drizzle building the areas' long
 * statements cost more than SQLite ran the small ones, on every pull.
 */
const statementOf = (area: ServerSyncArea, key: string, build: () => SQL): RenderedStatement => statementFor(area, key, () => renderStatement(build()));

/** The values a pull's statements take. */
type PullValues = {
  /** The group's `number`, its key in sync_cvr_entries. */
  groupNumber: number;
  hoaId: string;
  userId: string;
  patchVersion?: number;
  sinceSeq?: number;
  since?: number;
  /** Rows a budgeted refresh may still write; rows of the change log a patched part reads. */
  limit?: number;
};

const valuesOf = (groupNumber: number, viewer: Viewer, more: Omit<PullValues, 'groupNumber' | 'hoaId' | 'userId'> = {}): PullValues => ({
  groupNumber,
  hoaId: viewer.hoaId,
  userId: viewer.userId,
  ...more,
});

const placeholder = (name: keyof PullValues) => sql.placeholder(name);

/**
 * Rows of `area` the log says changed after `sinceSeq` (HOA-wide areas only). A row changed twice is
 * listed twice: the statements below take it twice harmlessly, which is cheaper than sorting for DISTINCT.
 */
function changedSince(area: ServerSyncArea): SQL {
  return sql`SELECT row_id FROM ${syncChangeLog} WHERE hoa_id = ${placeholder('hoaId')} AND area = ${area.space} AND seq > ${placeholder('sinceSeq')}`;
}

/** How a refresh of an area goes: the change log's rows after `sinceSeq`, or every row (`fresh`: the group's view is empty); `limit`: at most so many new or changed rows. */
interface AreaRefresh {
  sinceSeq?: number;
  fresh?: boolean;
  limit?: number;
}

/**
 * New or changed rows, at most `limit` of them, newest first where an index gives that order
 * (`newestFirst`: a list's first page comes in the first chunk). Only rows whose entry is missing or holds another version are selected
 * before the limit (NOT EXISTS on the entries' key), so the limit counts rows sent; an empty view
 * (`fresh`) has no entry to look up.
 */
function budgetedRows(area: ServerSyncArea, viewer: Viewer, fresh: boolean): SQL {
  const held = fresh
    ? sql``
    : sql` AND NOT EXISTS (SELECT 1 FROM ${syncCvrEntries} AS held WHERE held.group_number = ${placeholder('groupNumber')} AND held.area = ${area.space}
        AND held.row_id = ${area.id} AND held.version = ${area.version} AND held.deleted = 0)`;
  return sql`FROM ${area.table} WHERE ${area.visible(placeholderViewer(viewer.role))}${held} ${newestFirst(area)} LIMIT ${placeholder('limit')}`;
}

/**
 * Brings the group's entries for one area up to date with what the viewer may see now, stamping
 * changed entries with `patchVersion`. With `sinceSeq` only the rows the change log names after it
 * are re-checked, and the statements are driven from that small set (CROSS JOIN fixes SQLite's join
 * order) so their cost does not grow with the table. With `limit` at most that many rows are
 * written (`budgetedRows`). Returns how many entries were written and how many marked gone.
 */
async function refreshArea(tx: Tx, groupNumber: number, area: ServerSyncArea, viewer: Viewer, patchVersion: number, how: AreaRefresh = {}): Promise<{ upserted: number; gone: number }> {
  const { sinceSeq, fresh = false, limit } = how;
  const logged = sinceSeq !== undefined;
  const budgeted = !logged && limit !== undefined;
  const values = valuesOf(groupNumber, viewer, { patchVersion, sinceSeq, limit });
  const shape = budgeted ? `budget:${fresh ? 'fresh' : 'held'}` : logged ? 'logged' : 'all';
  const upsert = statementOf(area, `refresh:${viewer.role}:${shape}`, () => {
    const visible = area.visible(placeholderViewer(viewer.role));
    const rows = budgeted
      ? budgetedRows(area, viewer, fresh)
      : logged
        ? sql`FROM (${changedSince(area)}) AS candidates CROSS JOIN ${area.table} WHERE ${visible} AND ${area.id} = candidates.row_id`
        : sql`FROM ${area.table} WHERE ${visible}`;
    // New or changed rows. (INSERT … SELECT … ON CONFLICT needs the WHERE clause SQLite's parser wants.)
    return sql`
      INSERT INTO ${syncCvrEntries} (group_number, area, row_id, version, patch_version, deleted)
      SELECT ${placeholder('groupNumber')}, ${area.space}, ${area.id}, ${area.version}, ${placeholder('patchVersion')}, 0 ${rows}
      ON CONFLICT (group_number, area, row_id) DO UPDATE
        SET version = excluded.version, patch_version = excluded.patch_version, deleted = 0
        WHERE sync_cvr_entries.version != excluded.version OR sync_cvr_entries.deleted = 1`;
  });
  const upserted = budgeted && limit === 0 ? 0 : (await runRendered(tx, upsert, values)).rowsAffected;
  // A new group's view holds nothing that could have gone.
  if (fresh) return { upserted, gone: 0 };
  // Rows gone, or no longer visible to this viewer.
  const gone = statementOf(area, `gone:${viewer.role}:${logged ? 'logged' : 'all'}`, () => {
    const notVisible = sql`NOT EXISTS (SELECT 1 FROM ${area.table} WHERE ${area.id} = sync_cvr_entries.row_id AND ${area.visible(placeholderViewer(viewer.role))})`;
    return logged
      ? sql`
        UPDATE ${syncCvrEntries} SET deleted = 1, patch_version = ${placeholder('patchVersion')}
        WHERE group_number = ${placeholder('groupNumber')} AND area = ${area.space} AND row_id IN (${changedSince(area)})
          AND deleted = 0 AND ${notVisible}`
      : sql`
        UPDATE ${syncCvrEntries} SET deleted = 1, patch_version = ${placeholder('patchVersion')}
        WHERE group_number = ${placeholder('groupNumber')} AND area = ${area.space} AND deleted = 0 AND ${notVisible}`;
  });
  const deleted = await runRendered(tx, gone, values);
  return { upserted, gone: deleted.rowsAffected };
}

export type RefreshPlan =
  /**
   * Recompute every area (first pull, role or visibility changed, change log pruned, a view cut at
   * the budget); `fresh`: the group is new, its view empty. At most `budget` new or changed rows
   * are written, newest first within an area, the areas in their order.
   */
  | { kind: 'full'; fresh?: boolean; budget: number }
  /** HOA areas from the change log after `hoaSeq`; user areas when `userChanged`. */
  | { kind: 'incremental'; hoaSeq: number | null; userChanged: boolean };

/**
 * What a refresh did: rows written (new or changed entries), entries marked gone, and whether it
 * stopped at the budget, rows perhaps left to send (`partial`).
 */
export interface Refreshed {
  written: number;
  gone: number;
  partial: boolean;
}

export async function refreshEntries(tx: Tx, groupNumber: number, areas: ServerSyncArea[], viewer: Viewer, patchVersion: number, plan: RefreshPlan): Promise<Refreshed> {
  let written = 0;
  let gone = 0;
  let partial = false;
  const count = (refreshed: { upserted: number; gone: number }) => {
    written += refreshed.upserted;
    gone += refreshed.gone;
    return refreshed;
  };
  for (const area of areas) {
    if (plan.kind === 'full') {
      // Once the budget is spent the later areas still mark what went (a del each), and write nothing.
      const limit = Math.max(plan.budget - written, 0);
      const { upserted } = count(await refreshArea(tx, groupNumber, area, viewer, patchVersion, { fresh: plan.fresh, limit }));
      // A limit reached exactly may have left nothing: the next pull's refresh finds that out.
      if (upserted === limit) partial = true;
    } else if (area.scope === 'hoa' && plan.hoaSeq !== null) {
      count(await refreshArea(tx, groupNumber, area, viewer, patchVersion, { sinceSeq: plan.hoaSeq }));
    } else if (area.scope === 'user' && plan.userChanged) {
      count(await refreshArea(tx, groupNumber, area, viewer, patchVersion));
    }
  }
  return { written, gone, partial };
}

/**
 * A Replicache patch as the text of its operations: `ops` are fragments of the JSON array (each one
 * or more comma-separated operations), as text or as its UTF-8 bytes; `size` how many operations
 * they hold.
 */
export interface SyncPatch {
  ops: (string | Uint8Array<ArrayBuffer>)[];
  size: number;
}

/** The ids of the live entries of `area` a patch from CVR version `since` puts (all of them for a reset). */
export function patchRowIds(groupNumber: number | Placeholder, area: ServerSyncArea, since: number | null | Placeholder): SQL {
  return sql`SELECT row_id FROM ${syncCvrEntries} WHERE group_number = ${groupNumber} AND area = ${area.space} AND deleted = 0 AND patch_version > ${since ?? -1}`;
}

/**
 * The rows of an area a pull puts: after a refresh of the whole view the live entries are exactly
 * the visible rows, so a reset reads those from the table (`fromTable`: no join with the entries);
 * otherwise the entries changed since the cookie (-1 for a reset of a view cut at the budget: every
 * live entry), from the pull's placeholders.
 */
const putRows = (area: ServerSyncArea, fromTable: boolean): WantedRows => (fromTable ? 'every visible row' : patchRowIds(placeholder('groupNumber'), area, placeholder('since')));

/** Whether a rendered statement reads the viewer's id (drizzle renders a placeholder as itself or in the Param that wraps it). */
const readsUserId = (statement: RenderedStatement) =>
  statement.params.some((p) => (is(p, Placeholder) ? p : is(p, Param) && is(p.value, Placeholder) ? p.value : null)?.name === 'userId');

/** The key an area's reset part is kept under: its statement says whether it reads the viewer's id. */
const partKey = (area: ServerSyncArea, format: PatchFormat, statement: RenderedStatement): ResetPartKey => ({ area: area.space, format, readsUserId: readsUserId(statement) });

/** `compute`, or the part kept for it (`keep`: only a reset's parts are kept). */
const keptOr = (keep: KeepResetPart | undefined, area: ServerSyncArea, format: PatchFormat, statement: RenderedStatement, compute: () => Promise<PatchPart | null>) =>
  keep ? keep(partKey(area, format, statement), compute) : compute();

/** The statement of an area's puts as Replicache operations. */
const opsStatement = (area: ServerSyncArea, viewer: Viewer, fromTable: boolean) =>
  statementOf(area, `patch:${viewer.role}:${fromTable ? 'reset' : 'since'}`, () =>
    sql`SELECT count(*) AS n, CAST(group_concat('{"op":"put","key":' || json_quote(${prefixOf(area.space)} || v.id) || ',"value":' || v.json || '}', ',') AS BLOB) AS ops
      FROM (${rowValuesSql(area, placeholderViewer(viewer.role), putRows(area, fromTable))}) AS v`,
  );

/** The statement of an area's puts as columns, and the columns' layout. */
const columnsStatement = (area: ServerSyncArea, viewer: Viewer, fromTable: boolean) =>
  statementFor(area, `columns:${viewer.role}:${fromTable ? 'reset' : 'since'}`, () => {
    const columns = columnValuesSql(area, placeholderViewer(viewer.role), putRows(area, fromTable));
    return { statement: renderStatement(columns.statement), layout: columns.layout };
  });

/**
 * An area's puts as Replicache operations, one per row. As a BLOB: the megabytes of a first pull
 * reach the response as the bytes SQLite wrote, never decoded into a JS string and encoded back.
 */
function putOps(tx: StatementRunner, area: ServerSyncArea, viewer: Viewer, values: PullValues, fromTable: boolean, keep?: KeepResetPart) {
  const statement = opsStatement(area, viewer, fromTable);
  return keptOr(keep, area, 'ops', statement, async () => {
    const puts = (await runRendered(tx, statement, values)).rows[0] as unknown as { n: number; ops: ArrayBuffer | null };
    return puts.n > 0 ? { n: puts.n, text: new Uint8Array(puts.ops!) } : null;
  });
}

/**
 * An area's puts as one `put-columns` operation (sync/patch-columns.ts): SQLite writes each column's
 * items. A reset's part of an HOA-wide area kept under an earlier count of the HOA's changes is
 * patched instead when few rows changed since (`patchedColumns`).
 */
function putColumns(tx: StatementRunner, area: ServerSyncArea, viewer: Viewer, values: PullValues, fromTable: boolean, keep?: KeepResetPart) {
  const { statement, layout } = columnsStatement(area, viewer, fromTable);
  const compute = async () => {
    const items = columnItemsOf((await runRendered(tx, statement, values)).rows[0], layout);
    return items.n > 0 ? renderColumnsPart(area.space, layout, items) : null;
  };
  if (!keep) return compute();
  const key = partKey(area, 'columns', statement);
  return keep(key, async () => {
    const older = area.scope === 'hoa' ? keep.older(key) : undefined;
    const patched = older ? await patchedColumns(tx, area, viewer, values, older) : undefined;
    // null is a part with no rows, patched all the same; undefined, one that could not be.
    return patched !== undefined ? patched : compute();
  });
}

/** A columns statement's one row (`n`, `ids`, `c0`, …) as items. */
function columnItemsOf(row: Record<string, unknown>, layout: ColumnLayout): ColumnItems {
  const n = Number(row.n);
  if (n === 0) return { n, ids: { bytes: new Uint8Array() }, columns: layout.sent.map(() => ({ bytes: new Uint8Array() })) };
  return { n, ids: itemList(row.ids as ArrayBuffer), columns: layout.sent.map((_, i) => itemList(row[`c${i}`] as ArrayBuffer | string)) };
}

/** The rows the change log names for an area after `sinceSeq`, once each, at most `limit` of them. */
const changedRowIds = (area: ServerSyncArea) =>
  sql`SELECT DISTINCT row_id FROM ${syncChangeLog} WHERE hoa_id = ${placeholder('hoaId')} AND area = ${area.space} AND seq > ${placeholder('sinceSeq')} LIMIT ${placeholder('limit')}`;

/** Patching reads the changed rows one by one: past a quarter of the part's rows (and a hundred), SQLite writing them all is no slower. */
const PATCHED_SHARE = 0.25;
const PATCHED_ROWS_ALWAYS = 100;

/**
 * The reset's part made from `older`, kept under the HOA's count of changes `hoaSeq`: without the rows
 * logged since, then their current values where still visible; `older` itself when the log names
 * none of the area's rows; null when no row is left. Undefined when it cannot be patched (too many
 * rows changed, or a part kept without its items): then it is computed whole. Runs in the pull's
 * transaction, so the log and the rows are those of the counters it read.
 */
async function patchedColumns(tx: StatementRunner, area: ServerSyncArea, viewer: Viewer, values: PullValues, older: { hoaSeq: number; part: PatchPart | null }): Promise<PatchPart | null | undefined> {
  const kept = older.part?.items;
  if (older.part && !kept) return undefined;
  const most = Math.max(PATCHED_ROWS_ALWAYS, Math.floor((kept?.n ?? 0) * PATCHED_SHARE));
  const at = { ...values, sinceSeq: older.hoaSeq, limit: most + 1 };
  const changed = new Set((await runRendered(tx, statementOf(area, 'changedRowIds', () => changedRowIds(area)), at)).rows.map((r) => String(r.row_id)));
  if (changed.size === 0) return older.part;
  if (!kept || changed.size > most) return undefined;
  const { statement, layout } = statementFor(area, `columns:${viewer.role}:changed`, () => {
    const columns = columnValuesSql(area, placeholderViewer(viewer.role), changedRowIds(area));
    return { statement: renderStatement(columns.statement), layout: columns.layout };
  });
  const part = patchedPart(area.space, layout, kept, changed, columnItemsOf((await runRendered(tx, statement, at)).rows[0], layout));
  return part.n > 0 ? part : null;
}

/** How a patch's puts are written: an operation per row (Replicache's own), or an area's as columns (sync/patch-columns.ts). */
export type PatchFormat = 'ops' | 'columns';

/**
 * The patch that takes a client from CVR version `since` to the current entries: puts with the
 * current values, dels for tombstones. `since === null` is a reset: clear, then every live entry.
 * SQLite writes the puts' text, one fragment per area: values never become JS objects on the way.
 * A reset of a whole view reads only the visible rows: it may run on the read handle, outside the
 * writer, and its parts may be kept (`keep`, counted.ts `keptResetParts`). A reset of a view cut at
 * the budget (`partialView`) reads the live entries instead, in the transaction that wrote them.
 */
export async function buildPatch(
  tx: StatementRunner,
  groupNumber: number,
  areas: ServerSyncArea[],
  viewer: Viewer,
  since: number | null,
  format: PatchFormat = 'ops',
  { partialView = false, keep }: { partialView?: boolean; keep?: KeepResetPart } = {},
): Promise<SyncPatch> {
  const patch: SyncPatch = since === null ? { ops: ['{"op":"clear"}'], size: 1 } : { ops: [], size: 0 };
  const values = valuesOf(groupNumber, viewer, { since: since ?? -1 });
  const fromTable = since === null && !partialView;
  for (const area of areas) {
    const kept = fromTable ? keep : undefined;
    const puts = format === 'columns' ? await putColumns(tx, area, viewer, values, fromTable, kept) : await putOps(tx, area, viewer, values, fromTable, kept);
    if (puts) {
      patch.ops.push(puts.text);
      patch.size += puts.n;
    }
  }
  if (since !== null) {
    if (!isTransaction(tx)) throw new Error('a patch against a version reads the stored view: run it in the transaction');
    // `deleted = 1` written out: the tombstones' partial index serves only that literal condition.
    const dels = await tx.all<{ area: string; rowId: string }>(
      sql`SELECT area, row_id AS rowId FROM ${syncCvrEntries} WHERE group_number = ${groupNumber} AND deleted = 1 AND patch_version > ${since}`,
    );
    for (const d of dels) patch.ops.push(JSON.stringify({ op: 'del', key: keyOf(d.area, d.rowId) }));
    patch.size += dels.length;
  }
  return patch;
}

/**
 * A reset of the whole view made of kept parts only (`keep.kept`: nothing is computed), or null when
 * any area's part is not kept. Whether it fits the pull's budget is the caller's to check.
 */
export function keptReset(areas: ServerSyncArea[], viewer: Viewer, format: PatchFormat, keep: KeepResetPart): SyncPatch | null {
  const patch: SyncPatch = { ops: ['{"op":"clear"}'], size: 1 };
  for (const area of areas) {
    const statement = format === 'columns' ? columnsStatement(area, viewer, true).statement : opsStatement(area, viewer, true);
    const part = keep.kept(partKey(area, format, statement));
    if (part === undefined) return null;
    if (part) {
      patch.ops.push(part.text);
      patch.size += part.n;
    }
  }
  return patch;
}

/** After a new version: forget headers no client should still hold, and tombstones none of the kept ones need. */
export async function pruneCvr(tx: Tx, group: { id: string; number: number }, newestVersion: number): Promise<void> {
  const oldestKept = newestVersion - CVR_VERSIONS_KEPT + 1;
  if (oldestKept <= 1) return;
  await tx.delete(syncCvrs).where(and(eq(syncCvrs.clientGroupId, group.id), lte(syncCvrs.cvrVersion, oldestKept - 1)));
  // A client at a kept version K ≥ oldestKept already has every deletion stamped at or before it.
  await tx.run(sql`DELETE FROM ${syncCvrEntries} WHERE group_number = ${group.number} AND deleted = 1 AND patch_version <= ${oldestKept}`);
}
