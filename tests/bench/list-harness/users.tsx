/**
 * The users case of the list benchmark: 10,000 members as the server syncs them to the board, through
 * the real /users spec (by name), the screen's filters (search by name, email, phone, street, unit;
 * role, status, residency) and the list's columns as the board sees them.
 */
import type { ReadonlyJSONValue } from 'replicache';
import type { Role, UserStatus } from '../../../schema/roles';
import { memberKey, MEMBER_SPACE, type SyncedMember } from '../../../sync/areas/members';
import { prefixOf } from '../../../sync/keys';
import { memberColumns } from '../../../client/features/users/member-columns';
import { MEMBER_FILTERS, MEMBER_LISTS, MEMBER_SELECTS } from '../../../client/features/users/member-list';
import type { BenchCase } from './cases';

const FIRST = ['Ada', 'Ben', 'Cora', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jia', 'Kai', 'Lena'];
const LAST = ['Abbott', 'Bryant', 'Castillo', 'Diaz', 'Ellison', 'Fischer', 'Garcia', 'Hughes'];
const STREETS = ['Maple Avenue', 'Birch Lane', 'Willow Way', 'Cedar Court', 'Aspen Drive'];
const ROLES: Role[] = ['resident', 'resident', 'resident', 'resident', 'board', 'resident', 'resident', 'resident', 'resident', 'superadmin'];
const STATUSES: UserStatus[] = ['active', 'active', 'active', 'invited', 'active', 'active', 'inactive', 'active'];
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 5, 1);
const NOTHING = () => undefined;

export function benchMember(i: number, edit = 0): SyncedMember {
  const status = STATUSES[(i + edit) % STATUSES.length];
  const home = i % 2500;
  return {
    id: `bench-usr-${String(i).padStart(5, '0')}`,
    name: status === 'invited' ? '' : `${FIRST[i % FIRST.length]} ${LAST[(i >> 3) % LAST.length]} ${i}${edit ? ` (edit ${edit})` : ''}`,
    email: `member${i}@bench.test`,
    phone: `512-555-${String(i % 10_000).padStart(4, '0')}`,
    role: ROLES[i % ROLES.length],
    status,
    address: { id: `bench-adr-${home}`, street: `${100 + Math.floor(home / STREETS.length)} ${STREETS[home % STREETS.length]}`, unitNumber: i % 7 ? null : String(1 + (i % 4)) },
    residency: i % 5 ? 'owner' : 'renter',
    invitedAt: status === 'invited' ? TODAY - (i % 14) * DAY : null,
    lastLoginDay: status === 'active' ? TODAY - (i % 60) * DAY : null,
    hasPassword: status !== 'invited',
    version: 1 + edit,
  };
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;
const list = MEMBER_LISTS.name;

export const usersCase: BenchCase<SyncedMember, 'role' | 'status' | 'residency', 'active' | 'board' | 'invited' | 'superadmin'> = {
  title: 'Users',
  space: MEMBER_SPACE,
  list,
  filters: MEMBER_FILTERS,
  selects: [...MEMBER_SELECTS],
  sortable: true,
  columns: memberColumns({ id: 'bench-board', role: 'board' }, { edit: NOTHING, resend: NOTHING, revoke: NOTHING, remove: NOTHING }, TODAY),
  useStats: (l) => [
    { label: 'Active Users', value: l.counters.active },
    { label: 'Pending Invitations', value: l.counters.invited },
    { label: 'Matching', value: l.counted ?? '–' },
  ],
  entries: (n) => Array.from({ length: n }, (_, i): [string, ReadonlyJSONValue] => [memberKey(benchMember(i).id), json(benchMember(i))]),
  changed: (i, edit) => {
    const m = benchMember(i, edit);
    return [memberKey(m.id), json(m)];
  },
  collectionOp: (k, rows) => {
    const m = benchMember((k * 7919) % rows, k + 1);
    return { op: 'change', key: memberKey(m.id), oldValue: null, newValue: json(m) };
  },
  collectionFilter: (m) => m.status === 'invited' || m.email.includes('77'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(MEMBER_SPACE)))
      .map(([, value]) => value as unknown as SyncedMember)
      .filter(filter)
      .sort(list.compare),
};
