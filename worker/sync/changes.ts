/**
 * The change record of every write to synced data, in the same transaction as the write. It keeps
 * the change counters that let a pull with nothing new answer without reading rows, logs which
 * HOA-wide rows changed so a pull re-checks only those, and pokes after commit.
 *
 * Writers of synced rows do not call it themselves: `syncedTable(...).insert/update/touch`
 * (worker/sync/area.ts) sets the version and records the change in one call. Called directly only
 * for what is not a row write:
 * - `{ hoaId, rows }` when who may see a row changes through another table (its recipients);
 * - `{ visibilityUserIds }` when what a user may see changes without a row write (role, status,
 *   deletion of the user): their next pull recomputes their whole view.
 */
import { sql } from 'drizzle-orm';
import type { SyncSpace } from '../../sync/keys';
import { syncChangeLog, syncClientGroups, syncCounters } from '../../schema/tables';
import { deleteClientGroups } from './groups';
import { cachedUntilNextWrite, preparedRead, preparedWrite, type Database, type DbOrTx, type Tx } from '../db';
import type { AppDeps } from '../deps';
import type { SyncDeps } from './types';

export interface Changes {
  hoaId?: string;
  rows?: readonly { space: SyncSpace; id: string }[];
  userIds?: readonly string[];
  visibilityUserIds?: readonly string[];
}

export const hoaScope = (hoaId: string) => `hoa:${hoaId}`;
export const userScope = (userId: string) => `user:${userId}`;
export const visibilityScope = (userId: string) => `vis:${userId}`;
export const logFloorScope = (hoaId: string) => `floor:${hoaId}`;

// Every synced write moves a counter: rendered once.
const incrementCounter = preparedWrite<{ seq: number }, { scope: string }>(
  () => sql`INSERT INTO ${syncCounters} (scope, seq) VALUES (${sql.placeholder('scope')}, 1)
    ON CONFLICT (scope) DO UPDATE SET seq = seq + 1 RETURNING seq`,
);

// Most writes log one row (every pushed mutation on an HOA-wide row): rendered once.
const logOneChange = preparedWrite<never, { hoaId: string; area: string; seq: number; rowId: string; createdAt: number }>(
  () => sql`INSERT INTO ${syncChangeLog} (hoa_id, area, seq, row_id, created_at)
    VALUES (${sql.placeholder('hoaId')}, ${sql.placeholder('area')}, ${sql.placeholder('seq')}, ${sql.placeholder('rowId')}, ${sql.placeholder('createdAt')})
    ON CONFLICT DO NOTHING`,
);

/**
 * Moves a counter once per transaction: every change the transaction makes shares that value (the
 * changes become visible together at commit, so a pull never sees some of them under it). A push
 * of 100 mutations moves the user's counter once, not 100 times.
 */
function increment(deps: SyncDeps, tx: Tx, scope: string): Promise<number> {
  return deps.database.oncePerTransaction(`counter:${scope}`, async () => {
    const [row] = await incrementCounter(tx, { scope });
    return Number(row.seq);
  });
}

export async function bumpChanges(deps: SyncDeps, tx: Tx, changes: Changes): Promise<void> {
  const rows = changes.rows ?? [];
  const userIds = [...new Set([...(changes.userIds ?? []), ...(changes.visibilityUserIds ?? [])])];
  if (rows.length > 0) {
    if (!changes.hoaId) throw new Error('bumpChanges: rows need their hoaId');
    const seq = await increment(deps, tx, hoaScope(changes.hoaId));
    const createdAt = deps.clock();
    if (rows.length === 1) await logOneChange(tx, { hoaId: changes.hoaId, area: rows[0].space, seq, rowId: rows[0].id, createdAt });
    else
      await tx
        .insert(syncChangeLog)
        .values(rows.map((r) => ({ hoaId: changes.hoaId!, area: r.space, seq, rowId: r.id, createdAt })))
        .onConflictDoNothing();
  }
  for (const id of new Set(changes.userIds ?? [])) await increment(deps, tx, userScope(id));
  for (const id of new Set(changes.visibilityUserIds ?? [])) await increment(deps, tx, visibilityScope(id));

  if (rows.length > 0 || userIds.length > 0) await pokeAfterCommit(deps, rows.length > 0 ? [changes.hoaId!] : [], userIds);
}

/**
 * One poke after the commit, for every change of the transaction: a push of 100 mutations pokes
 * each stream once, not 100 times (each poke makes every client it reaches pull). The targets
 * gather in one set per transaction, created with its after-commit hook (`oncePerTransaction`: a savepoint that
 * rolls back takes both, and the next change starts another).
 */
async function pokeAfterCommit(deps: SyncDeps, hoaIds: string[], userIds: string[]): Promise<void> {
  const targets = await deps.database.oncePerTransaction('pokes', async () => {
    const gathered = { hoaIds: new Set<string>(), userIds: new Set<string>() };
    deps.database.afterCommit(() => deps.pokes?.poke({ hoaIds: [...gathered.hoaIds], userIds: [...gathered.userIds] }));
    return gathered;
  });
  for (const id of hoaIds) targets.hoaIds.add(id);
  for (const id of userIds) targets.userIds.add(id);
}

type CounterRow = { scope: string; seq: number };
const scopesOf = (hoaId: string, userId: string) => ({ hoa: hoaScope(hoaId), user: userScope(userId), vis: visibilityScope(userId), floor: logFloorScope(hoaId) });
const counterRows = preparedRead<CounterRow, ReturnType<typeof scopesOf>>(
  () => sql`SELECT scope, seq FROM ${syncCounters} WHERE scope IN (${sql.placeholder('hoa')}, ${sql.placeholder('user')}, ${sql.placeholder('vis')}, ${sql.placeholder('floor')})`,
);

/** The current counter values a CVR header is compared with, as a transaction sees them. Missing counters are 0. */
export async function readCounters(tx: DbOrTx, hoaId: string, userId: string) {
  const s = scopesOf(hoaId, userId);
  return countersOf(s, await tx.all<CounterRow>(sql`SELECT scope, seq FROM ${syncCounters} WHERE scope IN (${s.hoa}, ${s.user}, ${s.vis}, ${s.floor})`));
}

/**
 * A version for a user-scope row created under an id that may have been used before: above every
 * version an earlier row of that id reached (each write of it moved the user's counter at least as
 * far as its version), so a device still holding the old row receives the new one.
 */
export async function freshUserRowVersion(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.all<{ seq: number }>(sql`SELECT seq FROM ${syncCounters} WHERE scope = ${userScope(userId)}`);
  return Number(row?.seq ?? 0) + 1;
}

/** The same outside a transaction (a REST read validating what it cached): rendered once, kept until the next write. */
export async function readCountersNow(database: Pick<Database, 'client'>, hoaId: string, userId: string) {
  const s = scopesOf(hoaId, userId);
  return countersOf(s, await cachedUntilNextWrite(database, `counters:${hoaId}:${userId}`, () => counterRows(database, s)));
}

function countersOf(s: ReturnType<typeof scopesOf>, rows: CounterRow[]) {
  const get = (scope: string) => Number(rows.find((r) => r.scope === scope)?.seq ?? 0);
  return { hoaSeq: get(s.hoa), userSeq: get(s.user), visSeq: get(s.vis), logFloor: get(s.floor) };
}

/**
 * Drops change-log rows older than `maxAgeMs`. A CVR computed before the pruned range can no
 * longer be updated from the log, so the floor is raised and such pulls recompute the full view.
 */
export async function pruneChangeLog(deps: Pick<AppDeps, 'database' | 'clock'>, maxAgeMs: number): Promise<number> {
  const cutoff = deps.clock() - maxAgeMs;
  // Jobs run every few seconds on Node: take the write lock only when there is something to do.
  const [old] = await deps.database.db.all(sql`SELECT 1 FROM ${syncChangeLog} WHERE created_at < ${cutoff} LIMIT 1`);
  if (!old) return 0;
  return deps.database.transaction(async (tx) => {
    const highs = await tx.all<{ hoaId: string; maxSeq: number }>(
      sql`SELECT hoa_id AS hoaId, max(seq) AS maxSeq FROM ${syncChangeLog} WHERE created_at < ${cutoff} GROUP BY hoa_id`,
    );
    for (const { hoaId, maxSeq } of highs) {
      await tx
        .insert(syncCounters)
        .values({ scope: logFloorScope(hoaId), seq: maxSeq })
        .onConflictDoUpdate({ target: syncCounters.scope, set: { seq: sql`max(${syncCounters.seq}, excluded.seq)` } });
    }
    const res = await tx.run(sql`DELETE FROM ${syncChangeLog} WHERE created_at < ${cutoff}`);
    return res.rowsAffected;
  });
}

/**
 * Forgets client groups unused for `maxAgeMs` (a browser profile that stopped syncing). If one
 * comes back, its pull answers ClientStateNotFound and Replicache starts it over with a fresh view.
 */
export async function purgeStaleClientGroups(deps: Pick<AppDeps, 'database' | 'clock'>, maxAgeMs: number): Promise<number> {
  const cutoff = deps.clock() - maxAgeMs;
  const stale = await deps.database.db.all<{ id: string }>(sql`SELECT id FROM ${syncClientGroups} WHERE updated_at < ${cutoff} LIMIT 100`);
  if (stale.length === 0) return 0;
  await deps.database.transaction((tx) => deleteClientGroups(tx, stale.map((g) => g.id)));
  return stale.length;
}
