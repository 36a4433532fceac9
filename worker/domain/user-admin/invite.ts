/**
 * Invitations (platform §4, §7, §9): a new member gets an activation link valid for 7 days and
 * usable once (`/invite/accept`); Resend replaces the link for users still invited. A deleted member
 * of the same HOA invited again is the same user brought back (their history stays theirs).
 */
import { eq } from 'drizzle-orm';
import type { Role } from '../../../schema/roles';
import { USER_MESSAGES as M, userPolicy, type InviteUser } from '../../../schema/users';
import { hoas, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { invitationEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { createAuthToken } from '../auth';
import { conflict, forbidden, invalidField } from '../errors';
import { updateUser, type UserRow } from '../users';
import { addressInHoa, currentManager, targetUser, usersByEmail, type Manager } from './access';

/** Stands for the link while the mail is rendered once for every recipient of a run. */
const LINK = 'https://invitation.link.placeholder/';

/**
 * Mails an activation link to each user it is given. The mail is rendered once per run (a bulk add of
 * hundreds renders one template, not hundreds, while the transaction holds the write lock); each
 * recipient's link replaces the placeholder. Mail leaves after commit.
 */
export async function invitationSender(deps: AppDeps, tx: Tx, inviter: Manager) {
  const [hoa] = await tx.select({ name: hoas.name }).from(hoas).where(eq(hoas.id, inviter.hoaId)).limit(1);
  const mail = await invitationEmail({ hoaName: hoa?.name ?? 'your HOA', inviterName: inviter.name || 'Your HOA board', url: LINK });
  const now = deps.clock();
  let queued = false;
  return async (user: UserRow) => {
    const token = await createAuthToken(tx, now, user, 'activation');
    const url = `${deps.config.appUrl}/invite/accept?token=${encodeURIComponent(token)}`;
    const fill = (s: string) => s.split(LINK).join(url);
    // The link is a key to the account: the stored copy is blanked once the provider has the mail.
    await queueEmail(tx, now, { hoaId: user.hoaId, to: user.email, toUserId: user.id, template: mail.template, subject: mail.subject, html: fill(mail.html), text: fill(mail.text), redactAfterDelivery: true });
    if (!queued) deps.database.afterCommit(() => deps.onEmailQueued?.());
    queued = true;
  };
}

/** The user fields a new or returning member starts with. */
export interface MemberFields {
  name: string;
  role: Role;
  addressId: string | null;
  phone: string | null;
}

/**
 * Makes `email` a member of the actor's HOA: a new invited user, or a deleted member of this HOA
 * brought back (`revived`). An email held by a live user anywhere is taken (400 on `path`); one held
 * by a deleted user of another HOA is released (that row keeps its history under a dead address).
 */
export async function admitMember(
  deps: AppDeps,
  tx: Tx,
  hoaId: string,
  email: string,
  existing: UserRow | undefined,
  fields: MemberFields,
  revivedStatus: (u: UserRow) => UserRow['status'],
): Promise<{ user: UserRow; revived: boolean } | 'taken'> {
  const now = deps.clock();
  if (existing && existing.deletedAt == null) return 'taken';
  if (existing && existing.hoaId === hoaId) {
    const user = await updateUser(deps, tx, existing, {
      ...fields,
      name: fields.name || existing.name,
      status: revivedStatus(existing),
      deletedAt: null,
      updatedAt: now,
    });
    return { user, revived: true };
  }
  if (existing) await updateUser(deps, tx, existing, { email: `${existing.id}@deleted.invalid`, updatedAt: now });
  const [user] = await tx
    .insert(users)
    .values({ id: newId(), hoaId, email, ...fields, status: 'invited', createdAt: now, updatedAt: now })
    .returning();
  return { user, revived: false };
}

/** `POST /api/users/invite`: the new member's id. Board invites residents and board members; only a superadmin invites a superadmin. */
export async function inviteUser(deps: AppDeps, tx: Tx, actor: Actor, input: InviteUser): Promise<string> {
  const me = await currentManager(tx, actor);
  if (!userPolicy.mayGrant(me.role, input.role)) throw forbidden(M.mayNotGrant);
  const addressId = input.address_id ? (await addressInHoa(tx, actor, input.address_id)).id : null;
  const existing = (await usersByEmail(tx, [input.email])).get(input.email);
  // An invitation is a fresh start: a returning member chooses a password again when accepting it.
  const admitted = await admitMember(deps, tx, actor.hoaId, input.email, existing, { name: '', role: input.role, addressId, phone: input.phone }, () => 'invited');
  if (admitted === 'taken') throw invalidField('email', M.emailTaken);
  const user = admitted.revived ? await updateUser(deps, tx, admitted.user, { passwordHash: null }) : admitted.user;
  await (await invitationSender(deps, tx, me))(user);
  return user.id;
}

/** `POST /api/users/:id/resend-invite`: a new link (the old one stops working); invited users only. */
export async function resendInvitation(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<{ message: string }> {
  const me = await currentManager(tx, actor);
  const target = await targetUser(tx, actor, id);
  if (!userPolicy.mayResend(target)) throw conflict(M.notInvited);
  await (await invitationSender(deps, tx, me))(target);
  return { message: M.inviteResent };
}
