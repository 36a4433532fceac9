/**
 * The HOA's active members, for the people pickers (a violation's resident, a due's recipients, a
 * custom audience, a request's assignee; community §5, §7), read from the synced cache
 * (sync/areas/members.ts): every picker works offline from the first sign-in, with no request of
 * its own. The server sends them to the roles that pick only (`userPolicy.mayPick`).
 */
import { useMemo } from 'react';
import type { ApiUser } from '../../schema/auth';
import { prefixOf } from '../../sync/keys';
import { MEMBER_SPACE, type SyncedMember } from '../../sync/areas/members';
import { defineSyncedList, useSyncedList } from './use-synced-list';

/** How many members the users screens' REST pickers ask for at a time (community §9). */
export const USER_PICKER_LIMIT = 100;

export type PickableUser = Pick<ApiUser, '_id' | 'name' | 'email' | 'role' | 'status'> & Partial<Pick<ApiUser, 'address'>>;

export interface ActiveUsers {
  users: PickableUser[];
  /** True until the cache answered. */
  loading: boolean;
}

const sortKey = (m: Pick<SyncedMember, 'name' | 'email'>) => (m.name || m.email).toLowerCase();

/**
 * By name, any case, then id: the order of `GET /api/users` (its `lower(name)`), compared by code
 * unit as the other synced lists are (sync/order.ts says why not `localeCompare`).
 */
export const byName = (a: SyncedMember, b: SyncedMember): number => {
  const [x, y] = [sortKey(a), sortKey(b)];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

const MEMBERS = defineSyncedList<SyncedMember>({ prefix: prefixOf(MEMBER_SPACE), compare: byName });
/** A picker shows every member: one page. */
const EVERYONE = { pageSize: Infinity };

/** A synced member in the shape the pickers and the mutators' `shown` names take (the REST user's). */
export const toPickable = (m: SyncedMember): PickableUser => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  role: m.role,
  status: m.status,
  address: m.address && { _id: m.address.id, street: m.address.street, unit_number: m.address.unitNumber },
});

export function useActiveUsers(): ActiveUsers {
  const members = useSyncedList(MEMBERS, EVERYONE);
  const users = useMemo(() => members.items.map(toPickable), [members.items]);
  return { users, loading: members.loading };
}
