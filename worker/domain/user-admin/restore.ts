/**
 * Deleted members brought back: for 30 days after the deletion (`peoplePolicy.mayRestore`) the board's
 * "Show deleted" lists them and Restore returns them as they were (status, role, address); after that
 * they are gone from the screens. Who may restore is who may delete.
 */
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { peoplePolicy, PEOPLE_MESSAGES, RESTORE_WINDOW_MS, type ApiDeletedUser } from '../../../schema/people';
import { USER_MESSAGES, userPolicy } from '../../../schema/users';
import { users } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { conflict, forbidden, notFound } from '../errors';
import { shownName, updateUser } from '../users';
import { currentManager, refuseUnless } from './access';

/** `GET /api/users/deleted`: the HOA's members deleted in the last 30 days, latest first. */
export async function deletedMembers(db: DbOrTx, actor: Actor, now: number): Promise<{ docs: ApiDeletedUser[] }> {
  if (!userPolicy.mayManage(actor.role)) throw forbidden(USER_MESSAGES.mayNotManage);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.hoaId, actor.hoaId), isNotNull(users.deletedAt), gt(users.deletedAt, now - RESTORE_WINDOW_MS)))
    .orderBy(desc(users.deletedAt), desc(users.id))
    .limit(500);
  return { docs: rows.map((r) => ({ _id: r.id, name: r.name, email: r.email, role: r.role, status: r.status, deleted_at: new Date(r.deletedAt!).toISOString() })) };
}

/** `POST /api/users/:id/restore`: 404 for another HOA's or a live member; 409 once the 30 days are over. */
export async function restoreMember(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<{ message: string }> {
  const me = await currentManager(tx, actor);
  const [target] = await tx.select().from(users).where(and(eq(users.hoaId, actor.hoaId), eq(users.id, id), isNotNull(users.deletedAt))).limit(1);
  if (!target) throw notFound(USER_MESSAGES.userNotFound);
  refuseUnless(userPolicy.deleteRefusal(me, target));
  const now = deps.clock();
  if (!peoplePolicy.mayRestore(target, now)) throw conflict(PEOPLE_MESSAGES.restoreWindowOver);
  await updateUser(deps, tx, target, { deletedAt: null, updatedAt: now });
  return { message: PEOPLE_MESSAGES.restored(shownName(target)) };
}
