/** Rejected-mutation notices: written by push, synced to their user, dismissed by the user. */
import { and, desc, eq, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { syncNotices } from '../../schema/tables';
import type { DbOrTx, Tx } from '../../worker/db';
import type { AppDeps } from '../../worker/deps';
import type { Actor } from '../../worker/domain/actor';
import { notFound } from '../../worker/domain/errors';
import { newId } from '../../worker/services/tokens';
import { bumpChanges } from './changes';
import { visibleNotices, type Viewer } from './visibility';

export interface Rejection {
  clientId: string;
  mutationId: number;
  mutationName: string;
  argsSummary: string;
  message: string;
}

/** Open notices a user keeps; older ones go (every client group holds a copy of each). */
export const MAX_OPEN_NOTICES_PER_USER = 20;

/**
 * Records a refused mutation for its user. The same refusal (change type and reason) while one is
 * still open is counted on it (`repeats`) instead of adding another, and beyond
 * MAX_OPEN_NOTICES_PER_USER the oldest open ones are removed, so what a push can store is bounded.
 */
export async function recordRejection(deps: AppDeps, tx: Tx, actor: Actor, rejection: Rejection): Promise<string> {
  const now = deps.clock();
  const mine = and(eq(syncNotices.userId, actor.userId), eq(syncNotices.hoaId, actor.hoaId), isNull(syncNotices.dismissedAt));
  const [repeated] = await tx
    .update(syncNotices)
    .set({ ...rejection, repeats: sql`${syncNotices.repeats} + 1`, createdAt: now, version: sql`${syncNotices.version} + 1` })
    .where(and(mine, eq(syncNotices.mutationName, rejection.mutationName), eq(syncNotices.message, rejection.message)))
    .returning({ id: syncNotices.id });
  let id = repeated?.id;
  if (!id) {
    id = newId();
    await tx.insert(syncNotices).values({ id, hoaId: actor.hoaId, userId: actor.userId, ...rejection, createdAt: now, version: 1 });
    const keep = tx.select({ id: syncNotices.id }).from(syncNotices).where(mine).orderBy(desc(syncNotices.createdAt), desc(syncNotices.id)).limit(MAX_OPEN_NOTICES_PER_USER);
    await tx.delete(syncNotices).where(and(mine, notInArray(syncNotices.id, keep)));
  }
  await bumpChanges(deps, tx, { userIds: [actor.userId] });
  return id;
}

/** Housekeeping: dismissed notices are kept a while (another device may still show them), then removed. */
export async function purgeDismissedNotices(deps: Pick<AppDeps, 'database' | 'clock'>, maxAgeMs: number): Promise<void> {
  const cutoff = deps.clock() - maxAgeMs;
  const [old] = await deps.database.db.select({ id: syncNotices.id }).from(syncNotices).where(lt(syncNotices.dismissedAt, cutoff)).limit(1);
  if (!old) return;
  await deps.database.transaction((tx) => tx.delete(syncNotices).where(lt(syncNotices.dismissedAt, cutoff)));
}

export async function dismissNotice(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<void> {
  const updated = await tx
    .update(syncNotices)
    .set({ dismissedAt: deps.clock(), version: sql`${syncNotices.version} + 1` })
    .where(and(eq(syncNotices.id, id), eq(syncNotices.userId, actor.userId), eq(syncNotices.hoaId, actor.hoaId), isNull(syncNotices.dismissedAt)))
    .returning({ id: syncNotices.id });
  if (updated.length === 0) {
    // Dismissing twice (two tabs) is fine; someone else's notice is not found.
    const [mine] = await tx.select({ id: syncNotices.id }).from(syncNotices).where(and(eq(syncNotices.id, id), eq(syncNotices.userId, actor.userId))).limit(1);
    if (!mine) throw notFound('Notice not found');
    return;
  }
  await bumpChanges(deps, tx, { userIds: [actor.userId] });
}

/** The viewer's open notices (`SyncedNotice`) among `ids` (a subquery selecting `row_id`), serialized by SQLite. */
export async function listNoticesForSync(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<{ id: string; json: string }[]> {
  const n = syncNotices;
  return db.all(sql`
    SELECT ${n.id} AS id, json_object('id', ${n.id}, 'mutationName', ${n.mutationName}, 'argsSummary', ${n.argsSummary},
      'message', ${n.message}, 'repeats', ${n.repeats}, 'createdAt', ${n.createdAt}) AS json
    FROM (${ids}) AS wanted CROSS JOIN ${n}
    WHERE ${n.id} = wanted.row_id AND ${visibleNotices(viewer)}`);
}
