/** What the user pickers do with the synced members, a search and a selection, kept pure so it is tested on its own. */
import type { ApiUser } from '../../schema/auth';
import type { SyncedMember } from '../../sync/areas/members';

/** A person as the pickers show and choose them: the REST user's shape, from a synced member or a REST answer. */
export type PickableUser = Pick<ApiUser, '_id' | 'name' | 'email' | 'role' | 'status'> & Partial<Pick<ApiUser, 'address'>>;

const sortKey = (m: Pick<SyncedMember, 'name' | 'email'>) => (m.name || m.email).toLowerCase();

/**
 * By name, any case, then id: the order of `GET /api/users` (its `lower(name)`), compared by code
 * unit as the other synced lists are (sync/order.ts says why not `localeCompare`).
 */
export const byName = (a: SyncedMember, b: SyncedMember): number => {
  const [x, y] = [sortKey(a), sortKey(b)];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** A synced member in the shape the pickers and the mutators' `shown` names take (the REST user's). */
export const toPickable = (m: SyncedMember): PickableUser => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  role: m.role,
  status: m.status,
  address: m.address && { _id: m.address.id, street: m.address.street, unit_number: m.address.unitNumber },
});

/** Users whose name or email contains the search, any case; all of them for an empty search. */
export function matchingUsers(users: readonly PickableUser[], search: string): readonly PickableUser[] {
  const q = search.trim().toLowerCase();
  return q ? users.filter((u) => u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) : users;
}

/** Select All: the shown users join the selection (the order of choosing is kept, no duplicates). */
export const selectAll = (selected: readonly string[], shown: readonly PickableUser[]) => [...new Set([...selected, ...shown.map((u) => u._id)])];

/** Deselect All: the shown users leave the selection; chosen users hidden by the search stay chosen. */
export function deselectAll(selected: readonly string[], shown: readonly PickableUser[]): string[] {
  const leaving = new Set(shown.map((u) => u._id));
  return selected.filter((id) => !leaving.has(id));
}

/** One user in or out of the selection. */
export const toggleUser = (selected: readonly string[], id: string) => (selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
