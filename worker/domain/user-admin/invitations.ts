/**
 * Invitations at scale: Resend expired invitations (every invitation of the HOA past its 7 days gets
 * a fresh link, one of the day's invitations each) and Revoke invitation (the invited member is
 * removed and their link stops working; the link then says it is no longer valid). The state of an
 * invitation is `invitationState` (schema/people.ts).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { invitationState, peoplePolicy, PEOPLE_MESSAGES } from '../../../schema/people';
import { userPolicy } from '../../../schema/users';
import { users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { conflict } from '../errors';
import { updateUser } from '../users';
import { currentManager, endAccess, refuseUnless, targetUser } from './access';
import { invitationSender } from './invite';
import { countInviteAttempt, planQuotas } from './quotas';

/** `POST /api/users/resend-expired`: `{resent, message}`; counted as one invite attempt, each mail one of the day's invitations. */
export async function resendExpiredInvitations(deps: AppDeps, actor: Actor): Promise<{ resent: number; message: string }> {
  await countInviteAttempt(deps, actor);
  return deps.database.transaction(async (tx) => {
    const me = await currentManager(tx, actor);
    const now = deps.clock();
    const invited = await tx
      .select()
      .from(users)
      .where(and(eq(users.hoaId, actor.hoaId), eq(users.status, 'invited'), isNull(users.deletedAt), isNotNull(users.invitedAt)));
    const expired = invited.filter((u) => invitationState(u, now) === 'expired');
    if (expired.length > 0) {
      await (await planQuotas(deps, tx, actor.hoaId)).spendInvitations(expired.length);
      const send = await invitationSender(deps, tx, me);
      for (const u of expired) await send(u);
    }
    return { resent: expired.length, message: PEOPLE_MESSAGES.resentExpired(expired.length) };
  });
}

/**
 * `DELETE /api/users/:id/invitation`: an invited member's invitation withdrawn. Who may is who may
 * delete them (a board member: invited residents); the row is deleted (restorable like any deletion)
 * and every link of theirs stops working.
 */
export async function revokeInvitation(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<{ message: string }> {
  const me = await currentManager(tx, actor);
  const target = await targetUser(tx, actor, id);
  refuseUnless(userPolicy.deleteRefusal(me, target));
  if (!peoplePolicy.mayRevoke(target)) throw conflict(PEOPLE_MESSAGES.notPending);
  const now = deps.clock();
  await updateUser(deps, tx, target, { deletedAt: now, updatedAt: now });
  await endAccess(tx, target.id, now);
  return { message: PEOPLE_MESSAGES.revoked(target.email) };
}

