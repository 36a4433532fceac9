/**
 * What every user-management write starts with: who acts (read again inside the transaction, so two
 * superadmins changing each other at once cannot both pass), the user acted on (404 for another
 * HOA's or a deleted one), and the end of a user's access when they are deactivated or deleted.
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role, UserStatus } from '../../../schema/roles';
import { USER_MESSAGES, userPolicy } from '../../../schema/users';
import { addresses, authTokens, sessions, users } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import { rowInHoa, type Actor } from '../actor';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { isAccount } from '../accounts';
import type { UserRow } from '../users';

export interface Manager {
  id: string;
  hoaId: string;
  role: Role;
  name: string;
}

/** The acting board member or superadmin as they are now; 403 for anyone else. */
export async function currentManager(tx: DbOrTx, actor: Actor): Promise<Manager> {
  const [me] = await tx
    .select({ id: users.id, hoaId: users.hoaId, role: users.role, name: users.name, status: users.status })
    .from(users)
    .where(rowInHoa(actor, users, actor.userId))
    .limit(1);
  if (!me || me.status !== 'active' || !userPolicy.mayManage(me.role)) throw forbidden(USER_MESSAGES.mayNotManage);
  return me;
}

/** A member of the actor's HOA (not deleted), or 404. */
export async function targetUser(tx: DbOrTx, actor: Pick<Actor, 'hoaId'>, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(rowInHoa(actor, users, id)).limit(1);
  if (!row) throw notFound(USER_MESSAGES.userNotFound);
  return row;
}

/** An address of the actor's HOA (not deleted), or 404: assigning another HOA's address is a 404. */
export async function addressInHoa(tx: DbOrTx, actor: Pick<Actor, 'hoaId'>, id: string) {
  const [row] = await tx.select().from(addresses).where(rowInHoa(actor, addresses, id)).limit(1);
  if (!row) throw notFound(USER_MESSAGES.addressNotFound);
  return row;
}

/** A refusal of the policy as a 403 (null: allowed). */
export function refuseUnless(refusal: string | null): void {
  if (refusal) throw forbidden(refusal);
}

/**
 * An HOA always keeps an active superadmin: taking `target` out of that role or status (or deleting
 * them) needs another active superadmin in the HOA.
 */
export async function keepActiveSuperadmin(tx: Tx, target: UserRow, after: { role: Role; status: UserStatus; deleted: boolean }): Promise<void> {
  const wasOne = target.role === 'superadmin' && target.status === 'active';
  const staysOne = after.role === 'superadmin' && after.status === 'active' && !after.deleted;
  if (!wasOne || staysOne) return;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.hoaId, target.hoaId), ne(users.id, target.id), eq(users.role, 'superadmin'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .limit(1);
  if (!other) throw conflict(USER_MESSAGES.lastSuperadmin);
}

/** The status moves `userPolicy.statusOptions` allows, reported on the `status` field. */
export function checkStatusMove(from: UserStatus, to: UserStatus): void {
  if (!userPolicy.mayMoveStatus(from, to)) throw new AppError(400, USER_MESSAGES.statusNotAllowed, [{ path: 'status', msg: USER_MESSAGES.statusNotAllowed }]);
}

/**
 * A deactivated or deleted user loses access at once: every session ends (refresh tokens stop working,
 * and the access check of every request sees the family closed) and unused links stop working.
 */
export async function endAccess(tx: Tx, userId: string, now: number): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await tx.update(authTokens).set({ usedAt: now }).where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}

/**
 * Who holds each email: `own`, this HOA's row (a member or a deleted one), and `elsewhere`, a live
 * membership of another HOA (the account's, one with a password, when there is one). A board is told
 * only about `own` (docs/decisions/241-one-account-several-hoas.md).
 */
export interface EmailHolders {
  own?: UserRow;
  elsewhere?: UserRow;
}

export async function emailHolders(tx: DbOrTx, hoaId: string, emails: string[]): Promise<Map<string, EmailHolders>> {
  const found = new Map<string, EmailHolders>();
  const at = (email: string) => found.get(email) ?? found.set(email, {}).get(email)!;
  for (let i = 0; i < emails.length; i += 500) {
    const list = sql.join(emails.slice(i, i + 500).map((e) => sql`${e}`), sql`, `);
    const rows = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) IN (${list})`, or(eq(users.hoaId, hoaId), isNull(users.deletedAt))));
    for (const r of rows) {
      const holders = at(r.email.toLowerCase());
      if (r.hoaId === hoaId) holders.own = r;
      else if (!holders.elsewhere || (!isAccount(holders.elsewhere) && isAccount(r))) holders.elsewhere = r;
    }
  }
  return found;
}
