/**
 * The applications case of the list benchmark: 10,000 architectural applications as the server syncs
 * them to a board member, through the real list spec (newest submitted first) and the screen's
 * filters (title search, status) and board columns (deadline with days left and its flag).
 */
import type { ReadonlyJSONValue } from 'replicache';
import { APPLICATION_STATUSES } from '../../../schema/applications';
import { applicationKey, APPLICATION_SPACE, type SyncedApplication } from '../../../sync/areas/applications';
import { prefixOf } from '../../../sync/keys';
import { APPLICATION_FILTERS, APPLICATION_SELECTS, applicationColumns } from '../../../client/features/applications/ApplicationsPage';
import { applicationList } from '../../../client/features/applications/use-applications';
import { benchUuid } from '../bench-ids';
import type { BenchCase } from './cases';

const SUBJECTS = ['Deck', 'Fence', 'Solar panels', 'Shed', 'Pergola', 'Paint', 'Roof', 'Windows', 'Patio', 'Driveway', 'Pool', 'Garage door'];
const RESIDENTS = ['Rita Resident', 'Ray Resident', 'Sam Lee', 'Ana Ortiz', 'Tom Park', 'Mia Chen'];
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);

export function benchApplication(i: number, edit = 0): SyncedApplication {
  const submittedAt = NOW - i * 3_600_000;
  return {
    id: benchUuid(i),
    title: `${SUBJECTS[(i + edit) % SUBJECTS.length]} at lot ${i}${edit ? ` (edit ${edit})` : ''}`,
    description: `<p>Application ${i}: plans attached.</p>`,
    resident: { id: `resident-${i % RESIDENTS.length}`, name: RESIDENTS[i % RESIDENTS.length], email: `resident${i % RESIDENTS.length}@example.test` },
    address: { id: `address-${i % 300}`, street: `${100 + (i % 300)} Maple Grove Lane`, unitNumber: null },
    startDate: Math.floor(submittedAt / DAY) * DAY + 30 * DAY,
    submittedAt,
    deadline: submittedAt + 30 * DAY,
    status: APPLICATION_STATUSES[(i * 5 + edit) % APPLICATION_STATUSES.length],
    decidedBy: null,
    decidedAt: null,
    photos: [],
    plans: [],
    photosRefused: [],
    reviews: [],
    letter: null,
    history: [{ id: `h-${i}`, action: 'Application submitted', user: { id: `resident-${i % RESIDENTS.length}`, name: RESIDENTS[i % RESIDENTS.length], isStaff: false }, at: submittedAt }],
    updatedAt: submittedAt + edit,
    version: 1 + edit,
  };
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;

export const applicationsCase: BenchCase<SyncedApplication, 'status'> = {
  title: 'Architectural Applications',
  space: APPLICATION_SPACE,
  list: applicationList,
  filters: APPLICATION_FILTERS,
  selects: [...APPLICATION_SELECTS],
  sortable: false,
  columns: applicationColumns(true, NOW),
  useStats: (list) => [
    { label: 'Total', value: list.size },
    { label: 'Matching', value: list.counted ?? '–' },
  ],
  entries: (n) => Array.from({ length: n }, (_, i): [string, ReadonlyJSONValue] => [applicationKey(benchApplication(i).id), json(benchApplication(i))]),
  changed: (i, edit) => {
    const a = benchApplication(i, edit);
    return [applicationKey(a.id), json(a)];
  },
  collectionOp: (k, rows) => {
    const a = benchApplication((k * 7919) % rows, k + 1);
    return { op: 'change', key: applicationKey(a.id), oldValue: null, newValue: json(a) };
  },
  collectionFilter: (a) => a.status === 'under_review' || a.title.toLowerCase().includes('fence'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(APPLICATION_SPACE)))
      .map(([, value]) => value as unknown as SyncedApplication)
      .filter(filter)
      .sort(applicationList.compare),
};
