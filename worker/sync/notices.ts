/** Rejected-mutation notices: written by push, synced to their user, dismissed by the user. */
import { and, desc, eq, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { syncNotices } from '../../schema/tables';
import { NOTICE_SPACE, type SyncedNotice } from '../../sync/areas/notices';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import { inHoa } from '../domain/actor';
import { notFound } from '../domain/errors';
import { newId } from '../services/tokens';
import { bumpChanges } from './changes';
import { syncedTable, type ServerSyncArea, type Viewer } from './area';
import type { SyncValueSql } from './values';

/** Rejected-mutation notices: their user's, until dismissed. */
export function visibleNotices(viewer: Viewer): SQL {
  return inHoa(viewer, syncNotices.hoaId, eq(syncNotices.userId, viewer.userId), isNull(syncNotices.dismissedAt));
}

/** A notice as the cache holds it (`SyncedNotice`); a user sees their own open ones (`visibleNotices`). */
function noticeValue(): SyncValueSql<SyncedNotice> {
  const n = syncNotices;
  return {
    fields: { id: n.id, mutationName: n.mutationName, argsSummary: n.argsSummary, message: n.message, subject: n.subject, repeats: n.repeats, createdAt: n.createdAt },
  };
}

export const noticeSyncArea: ServerSyncArea = {
  space: NOTICE_SPACE,
  scope: 'user',
  table: syncNotices,
  id: syncNotices.id,
  version: syncNotices.version,
  hoaId: syncNotices.hoaId,
  owner: syncNotices.userId,
  visible: visibleNotices,
  value: noticeValue,
};
const noticeRows = syncedTable({ ...noticeSyncArea, table: syncNotices });

export interface Rejection {
  clientId: string;
  mutationId: number;
  mutationName: string;
  argsSummary: string;
  message: string;
  /** What the change was about (a title), when it names one. */
  subject?: string | null;
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
  const sameSubject = rejection.subject == null ? isNull(syncNotices.subject) : eq(syncNotices.subject, rejection.subject);
  const same = and(mine, eq(syncNotices.mutationName, rejection.mutationName), eq(syncNotices.message, rejection.message), sameSubject)!;
  const [repeated] = await noticeRows.update(deps, tx, same, { ...rejection, repeats: sql`${syncNotices.repeats} + 1`, createdAt: now });
  if (repeated) return repeated.id;
  const [created] = await noticeRows.insert(deps, tx, { id: newId(), hoaId: actor.hoaId, userId: actor.userId, ...rejection, createdAt: now });
  const keep = tx.select({ id: syncNotices.id }).from(syncNotices).where(mine).orderBy(desc(syncNotices.createdAt), desc(syncNotices.id)).limit(MAX_OPEN_NOTICES_PER_USER);
  const removed = await tx.delete(syncNotices).where(and(mine, notInArray(syncNotices.id, keep))).returning({ id: syncNotices.id });
  if (removed.length > 0) await bumpChanges(deps, tx, { userIds: [actor.userId] });
  return created.id;
}

export async function dismissNotice(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<void> {
  const open = and(eq(syncNotices.id, id), eq(syncNotices.userId, actor.userId), eq(syncNotices.hoaId, actor.hoaId), isNull(syncNotices.dismissedAt))!;
  const updated = await noticeRows.update(deps, tx, open, { dismissedAt: deps.clock() });
  if (updated.length > 0) return;
  // Dismissing twice (two tabs) is fine; someone else's notice is not found.
  const [mine] = await tx.select({ id: syncNotices.id }).from(syncNotices).where(and(eq(syncNotices.id, id), eq(syncNotices.userId, actor.userId))).limit(1);
  if (!mine) throw notFound('Notice not found');
}

/** Housekeeping: dismissed notices are kept a while (another device may still show them), then removed. */
export async function purgeDismissedNotices(deps: Pick<AppDeps, 'database' | 'clock'>, maxAgeMs: number): Promise<void> {
  const cutoff = deps.clock() - maxAgeMs;
  const [old] = await deps.database.db.select({ id: syncNotices.id }).from(syncNotices).where(lt(syncNotices.dismissedAt, cutoff)).limit(1);
  if (!old) return;
  await deps.database.transaction((tx) => tx.delete(syncNotices).where(lt(syncNotices.dismissedAt, cutoff)));
}
