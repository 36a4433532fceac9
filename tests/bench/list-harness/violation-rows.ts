/** The benchmark's violations as the server syncs them to a board member: varied title, category, status and due date, a short history. */
import { DEFAULT_FINE_SCHEDULE } from '../../../schema/violation-fines';
import { VIOLATION_CATEGORIES, VIOLATION_STATUSES } from '../../../schema/violations';
import { violationKey, type SyncedViolation } from '../../../sync/areas/violations';
import { benchUuid } from '../bench-ids';

const SUBJECTS = ['Trash bins', 'Lawn', 'Boat', 'Trailer', 'Fence', 'Shed', 'Music', 'Dog', 'Lights', 'Paint', 'Hedge', 'Car'];
const PROBLEMS = ['at the curb', 'overgrown', 'in the driveway', 'on the street', 'unapproved', 'too loud', 'off leash', 'left up', 'blocking the sidewalk'];
const RESIDENTS = ['Rita Resident', 'Ray Resident', 'Sam Lee', 'Ana Ortiz', 'Tom Park', 'Mia Chen'];
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);

export function benchViolation(i: number, edit = 0): SyncedViolation {
  const at = NOW - i * 60_000;
  const resident = RESIDENTS[i % RESIDENTS.length];
  return {
    id: benchUuid(i),
    title: `${SUBJECTS[(i + edit) % SUBJECTS.length]} ${PROBLEMS[(i * 7) % PROBLEMS.length]} #${i}${edit ? ` (edit ${edit})` : ''}`,
    message: `<p>Violation ${i}: please correct this before the due date.</p>`,
    category: VIOLATION_CATEGORIES[i % VIOLATION_CATEGORIES.length],
    // Five statuses against seven categories: status does not follow category.
    status: VIOLATION_STATUSES[(i + edit) % VIOLATION_STATUSES.length],
    // Some due dates past (overdue when open), some ahead.
    dueDate: Math.floor(at / DAY) * DAY + ((i % 30) - 10) * DAY,
    attachment: null,
    photos: [],
    photosRefused: [],
    resident: { id: `resident-${i % RESIDENTS.length}`, name: resident, email: `resident${i % RESIDENTS.length}@example.test` },
    address: { id: `address-${i % 300}`, street: `${100 + (i % 300)} Maple Grove Lane`, unitNumber: i % 5 === 0 ? `${1 + (i % 9)}A` : null },
    issuedBy: { id: 'board-1', name: 'Ben Board', email: 'board@example.test' },
    resolution: null,
    messages: [],
    history: [{ id: `h-${i}`, action: 'Violation issued', user: { id: 'board-1', name: 'Ben Board', isStaff: true }, at }],
    hoaName: 'Maple Grove HOA',
    stage: 'reported',
    cureBy: null,
    finedCents: 0,
    nextFineAt: null,
    schedule: DEFAULT_FINE_SCHEDULE,
    letters: [],
    hearing: null,
    createdAt: at,
    updatedAt: at + edit,
    version: 1 + edit,
  };
}

export const benchViolationEntries = (n: number): [string, SyncedViolation][] => Array.from({ length: n }, (_, i) => [violationKey(benchViolation(i).id), benchViolation(i)]);
