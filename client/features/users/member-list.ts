/**
 * The /users list from the local cache (sync/areas/members.ts: every member not deleted, for board
 * and superadmin): the search (name, email, phone, street, unit), the filters (role, status,
 * residency), the orders (name, role, status, invitation sent date; one list spec each, so a change
 * of order is a sorted list at once) and the counters of the screen.
 */
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '../../../schema/roles';
import { ROLE_LABELS, STATUS_LABELS } from '../../../schema/users';
import { MEMBER_SPACE, type SyncedMember } from '../../../sync/areas/members';
import { prefixOf } from '../../../sync/keys';
import type { ListFilterConfig, SortOrder } from '../../lib/use-list-filters';
import { defineSyncedList, type SyncedListSpec } from '../../lib/use-synced-list';
import { byName } from '../../lib/user-selection';
import type { SelectFilterDef } from '../../ui';

type MemberSelect = 'role' | 'status' | 'residency';
type Counter = 'active' | 'board' | 'invited' | 'superadmin';

const ROLE_ORDER: Record<Role, number> = { superadmin: 0, board: 1, resident: 2 };
const STATUS_ORDER: Record<UserStatus, number> = { active: 0, invited: 1, inactive: 2 };
const then = (first: number, a: SyncedMember, b: SyncedMember) => first || byName(a, b);
/** Latest invitation first; members never invited after them, by name. */
const bySent = (a: SyncedMember, b: SyncedMember) => then((b.invitedAt ?? -1) - (a.invitedAt ?? -1), a, b);

const counters: Record<Counter, (m: SyncedMember) => boolean> = {
  // As the server counts them: active and able to sign in (a password set).
  active: (m) => m.status === 'active' && m.hasPassword,
  board: (m) => m.role === 'board',
  invited: (m) => m.status === 'invited',
  superadmin: (m) => m.role === 'superadmin',
};
const spec = (name: string, compare: (a: SyncedMember, b: SyncedMember) => number) =>
  defineSyncedList({ name: `users-${name}`, prefix: prefixOf(MEMBER_SPACE), compare, counters });

export const MEMBER_LISTS: Record<string, SyncedListSpec<SyncedMember, Counter>> = {
  name: spec('name', byName),
  role: spec('role', (a, b) => then(ROLE_ORDER[a.role] - ROLE_ORDER[b.role], a, b)),
  status: spec('status', (a, b) => then(STATUS_ORDER[a.status] - STATUS_ORDER[b.status], a, b)),
  sent: spec('sent', bySent),
};
export const memberListOf = (sort: SortOrder) => MEMBER_LISTS[sort] ?? MEMBER_LISTS.name;

export const MEMBER_SORTS: readonly { value: SortOrder; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'role', label: 'Role' },
  { value: 'status', label: 'Status' },
  { value: 'sent', label: 'Invitation Sent' },
];

export const MEMBER_FILTERS: ListFilterConfig<SyncedMember, MemberSelect> = {
  search: (m) => [m.name, m.email, m.phone ?? '', m.address?.street ?? '', m.address?.unitNumber ?? ''].join('\n'),
  selects: { role: (m) => m.role, status: (m) => m.status, residency: (m) => m.residency ?? 'none' },
  sorts: MEMBER_SORTS,
};

export const MEMBER_SELECTS: readonly SelectFilterDef<MemberSelect>[] = [
  { name: 'role', label: 'Role', options: ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })) },
  { name: 'status', label: 'Status', options: USER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
  {
    name: 'residency',
    label: 'Residency',
    options: [
      { value: 'owner', label: 'Owner' },
      { value: 'renter', label: 'Renter' },
      { value: 'none', label: 'No address' },
    ],
  },
];
