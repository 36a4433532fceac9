/**
 * Edit, delete and address assignment of members. The policy says who may do what
 * (schema/users.ts); the state rules are the status moves and the HOA's last active superadmin.
 */
import type { ApiUser } from '../../../schema/auth';
import { USER_MESSAGES, userPolicy, type EditUser } from '../../../schema/users';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { recordAddressMove, recordMemberDeleted, recordMemberEdit } from '../activity';
import { forbidden, invalidField, notFound } from '../errors';
import { findApiUser, shownName, updateUser } from '../users';
import { requestEmailChange } from './email-change';
import { addressInHoa, checkStatusMove, currentManager, endAccess, keepActiveSuperadmin, refuseUnless, targetUser } from './access';
import { inviteAgain } from './invite';

/** The member as the API shows it (after a write, read in the same transaction). */
async function apiUserById(db: DbOrTx, actor: Actor, id: string): Promise<ApiUser> {
  const user = await findApiUser(db, actor.hoaId, id);
  if (!user) throw notFound(USER_MESSAGES.userNotFound);
  return user;
}

/** `GET /api/users/:id`: board and superadmin. */
export async function getMember(db: DbOrTx, actor: Actor, id: string): Promise<ApiUser> {
  if (!userPolicy.mayManage(actor.role)) throw forbidden(USER_MESSAGES.mayNotManage);
  return apiUserById(db, actor, id);
}

/**
 * `PUT /api/users/:id` {name, role, status, email?, phone?, address_id?} (phone and address checked as
 * the invitation checks them; another HOA's address is 404; a new email is confirmed by its link). Not one's own row; who may change whom by the target's
 * role before (editRefusal) and after the change (mayGrant); the status moves; an active superadmin
 * stays. The name is required once the user has one. A user without a password set active is invited
 * again (the answer shows them invited). Deactivation ends the user's sessions at once; a role change
 * counts from their next request (the access check reads the role), and their synced view is
 * recomputed (updateUser).
 */
export async function editMember(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: EditUser): Promise<ApiUser & { email_change_sent_to?: string }> {
  const me = await currentManager(tx, actor);
  const target = await targetUser(tx, actor, id);
  refuseUnless(userPolicy.editRefusal(me, target));
  if (input.role !== target.role && !userPolicy.mayGrant(me.role, input.role)) throw forbidden(USER_MESSAGES.mayNotGrant);
  if (input.status !== target.status) checkStatusMove(target.status, input.status);
  if (!input.name && userPolicy.nameRequired(target)) throw invalidField('name', USER_MESSAGES.nameRequired);
  const status = userPolicy.statusOnSave(input.status, target.passwordHash != null);
  await keepActiveSuperadmin(tx, target, { role: input.role, status, deleted: false });
  const addressId = input.address_id === undefined ? target.addressId : input.address_id && (await addressInHoa(tx, actor, input.address_id)).id;
  const now = deps.clock();
  const changed = {
    name: input.name !== target.name,
    role: input.role !== target.role,
    status: status !== target.status,
    phone: input.phone !== undefined && input.phone !== target.phone,
    address: addressId !== target.addressId,
  };
  let saved = target;
  if (Object.values(changed).some(Boolean)) {
    saved = await updateUser(deps, tx, target, {
      ...(changed.name ? { name: input.name } : {}),
      ...(changed.role ? { role: input.role } : {}),
      ...(changed.status ? { status } : {}),
      ...(changed.phone ? { phone: input.phone } : {}),
      ...(changed.address ? { addressId } : {}),
      updatedAt: now,
    });
  }
  await recordMemberEdit(deps, tx, actor, target, saved);
  if (changed.status && status === 'inactive') await endAccess(tx, target.id, now);
  if (changed.status && status === 'invited') await inviteAgain(deps, tx, me, saved);
  // A new email waits for the link mailed to it (email-change.ts); the answer names where it went.
  const newEmail = input.email !== undefined && input.email !== target.email.toLowerCase() ? input.email : null;
  if (newEmail) await requestEmailChange(deps, tx, saved, newEmail);
  const user = await apiUserById(tx, actor, id);
  return newEmail ? { ...user, email_change_sent_to: newEmail } : user;
}

/** `DELETE /api/users/:id`: a soft delete; board deletes residents only, a superadmin anyone but themselves. */
export async function deleteMember(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<{ message: string }> {
  const me = await currentManager(tx, actor);
  const target = await targetUser(tx, actor, id);
  refuseUnless(userPolicy.deleteRefusal(me, target));
  await keepActiveSuperadmin(tx, target, { role: target.role, status: target.status, deleted: true });
  const now = deps.clock();
  await updateUser(deps, tx, target, { deletedAt: now, updatedAt: now });
  await endAccess(tx, target.id, now);
  await recordMemberDeleted(deps, tx, actor, target);
  return { message: USER_MESSAGES.deleted(shownName(target)) };
}

/** `POST /api/users/:id/assign-address` {address_id}: the address must be the HOA's (404 otherwise). */
export async function assignAddress(deps: AppDeps, tx: Tx, actor: Actor, id: string, addressId: string): Promise<ApiUser & { message: string }> {
  await currentManager(tx, actor);
  const target = await targetUser(tx, actor, id);
  const address = await addressInHoa(tx, actor, addressId);
  await updateUser(deps, tx, target, { addressId: address.id, updatedAt: deps.clock() });
  await recordAddressMove(deps, tx, actor, target, address.id);
  return { ...(await apiUserById(tx, actor, id)), message: USER_MESSAGES.assigned };
}

/** `DELETE /api/users/:id/assign-address`. */
export async function unassignAddress(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<ApiUser & { message: string }> {
  await currentManager(tx, actor);
  const target = await targetUser(tx, actor, id);
  if (target.addressId != null) await updateUser(deps, tx, target, { addressId: null, updatedAt: deps.clock() });
  await recordAddressMove(deps, tx, actor, target, null);
  return { ...(await apiUserById(tx, actor, id)), message: USER_MESSAGES.unassigned };
}
