/**
 * The HOA's active members, for the people pickers (a violation's resident, a due's recipients, a
 * custom audience, a request's assignee), read from the synced cache
 * (sync/areas/members.ts): every picker works offline from the first sign-in, with no request of
 * its own. The server sends them to the roles that pick only (`userPolicy.mayPick`).
 */
import { useMemo } from 'react';
import { peoplePolicy } from '../../schema/people';
import { prefixOf } from '../../sync/keys';
import { MEMBER_SPACE, type SyncedMember } from '../../sync/areas/members';
import { defineSyncedList, useSyncedList } from './use-synced-list';
import { byName, toPickable, type PickableUser } from './user-selection';

/** How many members the users screens' REST pickers ask for at a time. */
export const USER_PICKER_LIMIT = 100;

export interface ActiveUsers {
  users: PickableUser[];
  /** True until the cache answered. */
  loading: boolean;
}

const MEMBERS = defineSyncedList<SyncedMember>({ prefix: prefixOf(MEMBER_SPACE), compare: byName });
/** A picker shows every active member (the cache holds invited and inactive ones too, for /users): one page. */
const EVERYONE = { pageSize: Infinity, filter: peoplePolicy.isPickable };

export function useActiveUsers(): ActiveUsers {
  const members = useSyncedList(MEMBERS, EVERYONE);
  const users = useMemo(() => members.items.map(toPickable), [members.items]);
  return { users, loading: members.loading };
}
