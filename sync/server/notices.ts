/** Rejected-mutation notices: written by push, synced to their user, dismissed by the user. */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

export async function recordRejection(deps: AppDeps, tx: Tx, actor: Actor, rejection: Rejection): Promise<string> {
  const id = newId();
  await tx.insert(syncNotices).values({ id, hoaId: actor.hoaId, userId: actor.userId, ...rejection, createdAt: deps.clock(), version: 1 });
  await bumpChanges(deps, tx, { userIds: [actor.userId] });
  return id;
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
      'message', ${n.message}, 'createdAt', ${n.createdAt}) AS json
    FROM (${ids}) AS wanted CROSS JOIN ${n}
    WHERE ${n.id} = wanted.row_id AND ${visibleNotices(viewer)}`);
}
