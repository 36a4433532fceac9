/** The benchmark's requests as the server syncs them to a board member: varied title, category and status, a short history. */
import { REQUEST_CATEGORIES, REQUEST_STATUSES } from '../../../schema/requests';
import { requestKey, type SyncedRequest } from '../../../sync/areas/requests';
import { benchUuid } from '../bench-ids';

const SUBJECTS = ['Pool', 'Gate', 'Tree', 'Roof', 'Fence', 'Snow', 'Sprinkler', 'Streetlight', 'Sidewalk', 'Garage', 'Mailbox', 'Drain'];
const PROBLEMS = ['leak', 'broken', 'noise', 'repair', 'question', 'damage', 'request', 'cracked', 'blocked'];
const RESIDENTS = ['Rita Resident', 'Ray Resident', 'Olivia Owner', 'Sam Lee', 'Ana Ortiz', 'Tom Park'];
const NOW = Date.UTC(2026, 5, 1);

export function benchRequest(i: number, edit = 0): SyncedRequest {
  const at = NOW - i * 60_000;
  const resident = RESIDENTS[i % RESIDENTS.length];
  return {
    id: benchUuid(i),
    title: `${SUBJECTS[(i + edit) % SUBJECTS.length]} ${PROBLEMS[(i * 7) % PROBLEMS.length]} #${i}${edit ? ` (edit ${edit})` : ''}`,
    description: `<p>Request ${i}: the pool gate, the tree by the fence and the roof gutter need a look.</p>`,
    category: REQUEST_CATEGORIES[i % REQUEST_CATEGORIES.length],
    // Seven statuses against four categories: status does not follow category.
    status: REQUEST_STATUSES[(i + edit) % REQUEST_STATUSES.length],
    attachment: null,
    resident: { id: `resident-${i % RESIDENTS.length}`, name: resident, email: `resident${i % RESIDENTS.length}@example.test`, role: 'resident' },
    address: { id: `address-${i % 300}`, street: `${100 + (i % 300)} Maple Grove Lane`, unitNumber: i % 5 === 0 ? `${1 + (i % 9)}A` : null },
    assignee: null,
    resolutionDeadline: null,
    resolutionNotes: null,
    messages: [],
    history: [{ id: `h-${i}`, action: 'Request created', user: { id: `resident-${i % RESIDENTS.length}`, name: resident, isStaff: false }, at }],
    createdAt: at,
    updatedAt: at + edit,
    version: 1 + edit,
  };
}

export const benchRequestEntries = (n: number): [string, SyncedRequest][] => Array.from({ length: n }, (_, i) => [requestKey(benchRequest(i).id), benchRequest(i)]);
