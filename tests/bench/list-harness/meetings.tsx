/**
 * The meetings case of the list benchmark: 10,000 meetings as the server syncs them, through the
 * real meetings spec (latest date first), the screen's filters (title search, status) and the list's
 * columns as the board sees them.
 */
import type { ReadonlyJSONValue } from 'replicache';
import type { MeetingStatus } from '../../../schema/meetings';
import { meetingKey, MEETING_SPACE, type SyncedMeeting } from '../../../sync/areas/meetings';
import { prefixOf } from '../../../sync/keys';
import { MEETING_FILTERS, MEETING_SELECTS, meetingColumns } from '../../../client/features/meetings/MeetingsPage';
import { meetingList } from '../../../client/features/meetings/use-meetings';
import type { BenchCase } from './cases';

const TITLES = ['Monthly Board Meeting', 'Budget Workshop', 'Annual Meeting', 'Special Board Meeting', 'Pool Committee', 'Executive Session', 'Landscaping Review'];
const STATUSES: MeetingStatus[] = ['adjourned', 'adjourned', 'scheduled', 'adjourned', 'draft', 'in_progress', 'adjourned', 'adjourned'];
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 5, 1);

export function benchMeeting(i: number, edit = 0): SyncedMeeting {
  const date = TODAY - (i % 900) * DAY;
  return {
    id: `bench-mtg-${String(i).padStart(5, '0')}`,
    title: `${TITLES[(i + edit) % TITLES.length]} #${i}${edit ? ` (edit ${edit})` : ''}`,
    date,
    time: '19:00',
    place: i % 3 ? 'Clubhouse' : null,
    videoLink: i % 3 ? null : 'https://meet.example.com/board',
    access: i % 5 ? 'open' : 'board',
    status: STATUSES[(i + edit) % STATUSES.length],
    minutesStatus: i % 4 ? 'published' : 'none',
    minutes: null,
    minutesDocumentId: null,
    createdBy: { id: 'bench-user', name: 'Ben Board' },
    publishedAt: date - 7 * DAY,
    createdAt: date - 10 * DAY,
    updatedAt: date + edit,
    version: 1 + edit,
  };
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;

export const meetingsCase: BenchCase<SyncedMeeting, 'status'> = {
  title: 'Meetings',
  space: MEETING_SPACE,
  list: meetingList,
  filters: MEETING_FILTERS,
  selects: [...MEETING_SELECTS],
  sortable: true,
  columns: meetingColumns(true),
  useStats: (list) => [
    { label: 'Total', value: list.size },
    { label: 'Matching', value: list.counted ?? '–' },
  ],
  entries: (n) => Array.from({ length: n }, (_, i): [string, ReadonlyJSONValue] => [meetingKey(benchMeeting(i).id), json(benchMeeting(i))]),
  changed: (i, edit) => {
    const m = benchMeeting(i, edit);
    return [meetingKey(m.id), json(m)];
  },
  collectionOp: (k, rows) => {
    const m = benchMeeting((k * 7919) % rows, k + 1);
    return { op: 'change', key: meetingKey(m.id), oldValue: null, newValue: json(m) };
  },
  collectionFilter: (m) => m.status === 'scheduled' || m.title.toLowerCase().includes('budget'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(MEETING_SPACE)))
      .map(([, value]) => value as unknown as SyncedMeeting)
      .filter(filter)
      .sort(meetingList.compare),
};
