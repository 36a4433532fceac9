/**
 * Invitations: a new member gets an activation link valid for 7 days and
 * usable once (`/invite/accept`); Resend replaces the link for users still invited. A deleted member
 * of the same HOA invited again is the same user brought back (their history stays theirs). An
 * address that has an account in another HOA gets the same invitation, whose link that person
 * accepts with the account they have (docs/decisions/241-one-account-several-hoas.md): the board's
 * answer is the same either way, so it learns only about its own HOA's people.
 */
import type { Role } from '../../../schema/roles';
import { USER_MESSAGES, userPolicy, type InviteUser } from '../../../schema/users';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { invitationEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { newId } from '../../services/tokens';
import { touchDependents } from '../../sync/dependencies';
import type { Actor } from '../actor';
import { recordMemberAdded } from '../activity';
import { createAuthToken } from '../auth';
import { conflict, forbidden, invalidField } from '../errors';
import { releaseUnfinishedSignups } from '../signup/unfinished';
import { memberRows } from '../members';
import { updateUser, type UserRow } from '../users';
import { accountHolder } from '../accounts';
import { addressInHoa, currentManager, emailHolders, targetUser, type EmailHolders, type Manager } from './access';
import { countInviteAttempt, planQuotas } from './quotas';
import { hoaNameOf } from '../hoa-name';

/**
 * Mails an activation link to each user it is given. The mail is rendered after commit, once per run
 * (worker/domain/mail-render.ts fills each recipient's link into one rendering).
 */
export async function invitationSender(deps: AppDeps, tx: Tx, inviter: Manager) {
  const invitation = await invitationOf(tx, inviter);
  const now = deps.clock();
  return async (user: UserRow) => {
    const token = await createAuthToken(tx, now, user, 'activation');
    // The sent date the board's list shows, and from which the invitation expires (schema/people.ts).
    await updateUser(deps, tx, user, { invitedAt: now });
    const url = `${deps.config.appUrl}/invite/accept?token=${encodeURIComponent(token)}`;
    // Someone who signs in elsewhere already joins with that account: no second password.
    const hasAccount = (await accountHolder(tx, user.email, user.id)) != null;
    // The link is a key to the account: the stored copy is blanked once the provider has the mail.
    await queueEmail(deps, tx, { hoaId: user.hoaId, to: user.email, toUserId: user.id, ...invitationEmail({ ...invitation, url, hasAccount }), redactAfterDelivery: true });
  };
}

/** The invitation's words: the HOA's and the inviter's names. */
async function invitationOf(tx: Tx, inviter: Manager) {
  const hoaName = await hoaNameOf(tx, inviter.hoaId, 'your HOA');
  return { hoaName: hoaName, inviterName: inviter.name || 'Your HOA board' };
}

/** The user fields a new or returning member starts with. */
export interface MemberFields {
  name: string;
  role: Role;
  addressId: string | null;
  phone: string | null;
}

/** Whether the address belongs to a member of this HOA already (named to the board: "already exists"). */
export const isTaken = (holders: EmailHolders) => holders.own != null && holders.own.deletedAt == null;

/**
 * Makes `email` a member of the actor's HOA (the caller has refused `isTaken` first): a new invited
 * user, or a deleted member of this HOA brought back (`revived`).
 */
export async function admitMember(
  deps: AppDeps,
  tx: Tx,
  hoaId: string,
  email: string,
  { own }: EmailHolders,
  fields: MemberFields,
  revivedStatus: (u: UserRow) => UserRow['status'],
): Promise<{ user: UserRow; revived: boolean }> {
  const now = deps.clock();
  if (own) {
    const status = revivedStatus(own);
    // One who signs in again does so with the account's password as it is now (another HOA may have changed it).
    const account = status === 'invited' ? undefined : await accountHolder(tx, email, own.id);
    const password = account ? { passwordHash: account.passwordHash } : {};
    const user = await updateUser(deps, tx, own, { ...fields, ...password, email, name: fields.name || own.name, status, deletedAt: null, updatedAt: now });
    return { user, revived: true };
  }
  // Through the members' writer: no picker shows an invited user, but one that activates changes in place.
  const [user] = await memberRows.insert(deps, tx, { id: newId(), hoaId, email, ...fields, status: 'invited', createdAt: now, updatedAt: now });
  // The address's residents list them from now (Invited), and Delete Address waits for them.
  if (fields.addressId) await touchDependents(deps, tx, 'residents', hoaId, [fields.addressId]);
  return { user, revived: false };
}

/**
 * `POST /api/users/invite`: the new member's id. Board invites residents and board members; only a
 * superadmin invites a superadmin. Counted per HOA before anything else (429), then the plan's units
 * and the day's invitations.
 */
export async function inviteUser(deps: AppDeps, actor: Actor, input: InviteUser): Promise<string> {
  await countInviteAttempt(deps, actor);
  return deps.database.transaction(async (tx) => {
    const me = await currentManager(tx, actor);
    if (!userPolicy.mayGrant(me.role, input.role)) throw forbidden(USER_MESSAGES.mayNotGrant);
    const addressId = input.address_id ? (await addressInHoa(tx, actor, input.address_id)).id : null;
    const holders = (await releaseUnfinishedSignups(tx, await emailHolders(tx, actor.hoaId, [input.email]))).get(input.email) ?? {};
    if (isTaken(holders)) throw invalidField('email', USER_MESSAGES.emailTaken);
    const quotas = await planQuotas(deps, tx, actor.hoaId);
    await quotas.checkUnits(0);
    await quotas.spendInvitations(1);
    // An invitation is a fresh start: a returning member chooses a password again when accepting it.
    const admitted = await admitMember(deps, tx, actor.hoaId, input.email, holders, { name: '', role: input.role, addressId, phone: input.phone }, () => 'invited');
    const user = admitted.revived ? await updateUser(deps, tx, admitted.user, { passwordHash: null }) : admitted.user;
    await (await invitationSender(deps, tx, me))(user);
    await recordMemberAdded(deps, tx, actor, user, 'invite');
    return user.id;
  });
}

/**
 * A new invitation for a member who is invited (again): one of the day's invitations, then a new link
 * mailed (the old one stops working). Resend, and an edit that sets a user who never activated
 * active (userPolicy.statusOnSave).
 */
export async function inviteAgain(deps: AppDeps, tx: Tx, me: Manager, user: UserRow): Promise<void> {
  await (await planQuotas(deps, tx, me.hoaId)).spendInvitations(1);
  await (await invitationSender(deps, tx, me))(user);
}

/** `POST /api/users/:id/resend-invite`: a new link (the old one stops working); invited users only. Counted as an invite. */
export async function resendInvitation(deps: AppDeps, actor: Actor, id: string): Promise<{ message: string }> {
  await countInviteAttempt(deps, actor);
  return deps.database.transaction(async (tx) => {
    const me = await currentManager(tx, actor);
    const target = await targetUser(tx, actor, id);
    if (!userPolicy.mayResend(target)) throw conflict(USER_MESSAGES.notInvited);
    await inviteAgain(deps, tx, me, target);
    return { message: USER_MESSAGES.inviteResent };
  });
}
