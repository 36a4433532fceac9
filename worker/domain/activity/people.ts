/**
 * The trail's entries about people: invitations, bulk adds, activation, edits (role, status, name),
 * deletion and address moves. Each names the member (their account's own trail reads it) and keeps
 * the changed fields only.
 */
import { and, eq } from 'drizzle-orm';
import { changedValues } from '../../../schema/activity';
import { addressLabel } from '../../../schema/addresses';
import { addresses } from '../../../schema/tables';
import { ROLE_LABELS, STATUS_LABELS } from '../../../schema/users';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { shownName, type UserRow } from '../users';
import { recordActivity } from './record';

type Deps = Pick<AppDeps, 'clock'>;
type Who = Pick<Actor, 'userId' | 'hoaId' | 'device'>;
const about = (user: UserRow) => ({ entity: 'user' as const, entityId: user.id, subjectUserId: user.id });

async function addressText(tx: Tx, hoaId: string, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [a] = await tx.select({ street: addresses.street, unit_number: addresses.unitNumber }).from(addresses).where(and(eq(addresses.id, id), eq(addresses.hoaId, hoaId))).limit(1);
  return a ? addressLabel(a) : null;
}

/** A new (or returning) member: invited one by one, or added from a file. */
export async function recordMemberAdded(deps: Deps, tx: Tx, actor: Who, user: UserRow, via: 'invite' | 'bulk'): Promise<void> {
  const address = await addressText(tx, user.hoaId, user.addressId);
  const role = ROLE_LABELS[user.role];
  await recordActivity(deps, tx, actor, {
    action: via === 'invite' ? 'user.invited' : 'user.bulk_added',
    summary: via === 'invite' ? `Invited ${shownName(user)} as ${role}` : `Added ${shownName(user)} as ${role} from a file`,
    ...about(user),
    after: { email: shownName(user), role: user.role, status: user.status, ...(address ? { address } : {}) },
  });
}

/** The member accepted their invitation: their own entry. */
export async function recordActivated(deps: Deps, tx: Tx, user: UserRow, userAgent: string | null): Promise<void> {
  await recordActivity(deps, tx, { userId: user.id, hoaId: user.hoaId, device: { userAgent } }, {
    action: 'user.activated',
    summary: `${shownName(user)} activated their account`,
    ...about(user),
    before: { status: 'invited' },
    after: { status: 'active' },
  });
}

/** An edit of name, role or status: the role's entry when the role moved, else the status's, else the name's. */
export async function recordMemberEdit(deps: Deps, tx: Tx, actor: Who, before: UserRow, after: UserRow): Promise<void> {
  const change = changedValues(before as unknown as Record<string, unknown>, { name: after.name, role: after.role, status: after.status });
  if (!change) return;
  const said: string[] = [];
  if (before.role !== after.role) said.push(`role from ${ROLE_LABELS[before.role]} to ${ROLE_LABELS[after.role]}`);
  if (before.status !== after.status) said.push(`status from ${STATUS_LABELS[before.status]} to ${STATUS_LABELS[after.status]}`);
  if (before.name !== after.name) said.push(`name to ${after.name || '(none)'}`);
  await recordActivity(deps, tx, actor, {
    action: before.role !== after.role ? 'user.role_changed' : before.status !== after.status ? 'user.status_changed' : 'user.edited',
    summary: `Changed ${shownName(before)}'s ${said.join(' and ')}`,
    ...about(after),
    ...change,
  });
}

export async function recordMemberDeleted(deps: Deps, tx: Tx, actor: Who, user: UserRow): Promise<void> {
  await recordActivity(deps, tx, actor, { action: 'user.deleted', summary: `Deleted ${shownName(user)}`, ...about(user), before: { status: user.status, role: user.role }, after: { deleted: true } });
}

/** A move: the address assigned, or removed (`toId` null). Nothing when the address stays. */
export async function recordAddressMove(deps: Deps, tx: Tx, actor: Who, user: UserRow, toId: string | null): Promise<void> {
  if (user.addressId === toId) return;
  const [from, to] = [await addressText(tx, user.hoaId, user.addressId), await addressText(tx, user.hoaId, toId)];
  await recordActivity(deps, tx, actor, {
    action: toId ? 'user.address_assigned' : 'user.address_removed',
    summary: toId ? `Assigned ${shownName(user)} to ${to}` : `Removed ${shownName(user)} from ${from ?? 'their address'}`,
    ...about(user),
    before: { address: from },
    after: { address: to },
  });
}
