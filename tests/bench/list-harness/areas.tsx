/**
 * The areas the list benchmark runs, each with its real list spec and filters (the screens' own) and
 * the benchmark's synced rows: announcements (read markers joined), requests and violations. `?area=<name>`.
 */
import type { ReadonlyJSONValue } from 'replicache';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_CATEGORY_LABELS, ANNOUNCEMENT_STATUSES } from '../../../schema/announcements';
import { previewText } from '../../../schema/rich-text';
import { announcementKey, ANNOUNCEMENT_READ_SPACE, ANNOUNCEMENT_SPACE } from '../../../sync/areas/announcements';
import { requestKey, REQUEST_SPACE, type SyncedRequest } from '../../../sync/areas/requests';
import { violationKey, VIOLATION_SPACE, type SyncedViolation } from '../../../sync/areas/violations';
import { prefixOf } from '../../../sync/keys';
import { CategoryBadge, StatusBadge } from '../../../client/features/announcements/badges';
import { announcementList, type AnnouncementView } from '../../../client/features/announcements/use-announcements';
import { RequestCategoryBadge, RequestStatusBadge } from '../../../client/features/requests/badges';
import { REQUEST_FILTERS, REQUEST_SELECTS } from '../../../client/features/requests/RequestsPage';
import { requestList } from '../../../client/features/requests/use-requests';
import { ViolationCategoryBadge, ViolationStatusBadge } from '../../../client/features/violations/badges';
import { violationList } from '../../../client/features/violations/use-violations';
import { DueDate, VIOLATION_FILTERS, VIOLATION_SELECTS } from '../../../client/features/violations/ViolationsPage';
import { capitalize, formatAddress, formatDate } from '../../../client/lib/format';
import type { DiffOp } from '../../../client/lib/synced-collection';
import type { ListFilterConfig } from '../../../client/lib/use-list-filters';
import type { SyncedListSpec } from '../../../client/lib/use-synced-list';
import type { Column, SelectFilterDef } from '../../../client/ui';
import { benchRequest, benchRequestEntries } from './request-rows';
import { benchViolation, benchViolationEntries } from './violation-rows';
import { benchAnnouncement, benchEntries } from './rows';

export interface BenchArea<T> {
  title: string;
  /** The key space of the listed rows (counted to know the cache is full). */
  prefix: string;
  /** Every other key space the spec joins. */
  joinedPrefixes: string[];
  spec: SyncedListSpec<T, string>;
  entries: (n: number) => [string, ReadonlyJSONValue][];
  /** Row i, edited: its key and value (a synced change). */
  changed: (i: number, edit: number) => [string, ReadonlyJSONValue];
  /** The k-th one-row change of the collection measure (every fourth of announcements is a read marker). */
  collectionChange: (k: number, rows: number) => DiffOp;
  /** The rows as the list shows them, from the scanned entries, without the kit (the naive recompute). */
  naiveRows: (entries: readonly (readonly [string, ReadonlyJSONValue])[]) => T[];
  benchFilter: (row: T) => boolean;
  filters: ListFilterConfig<T, 'category' | 'status'>;
  selects: readonly SelectFilterDef<'category' | 'status'>[];
  columns: Column<T>[];
  stats: (list: { size: number; total: number; counters: Record<string, number> }) => { label: string; value: number }[];
  empty: string;
  exhausted: string;
}

const json = (v: unknown) => ({ ...(v as object) }) as ReadonlyJSONValue;
const READ = prefixOf(ANNOUNCEMENT_READ_SPACE);

const announcements: BenchArea<AnnouncementView> = {
  title: 'Announcements',
  prefix: prefixOf(ANNOUNCEMENT_SPACE),
  joinedPrefixes: [READ],
  spec: announcementList as SyncedListSpec<AnnouncementView, string>,
  entries: (n) => benchEntries(n).map(([k, v]) => [k, json(v)]),
  changed: (i, edit) => {
    const a = benchAnnouncement(i, edit);
    return [announcementKey(a.id), json(a)];
  },
  collectionChange: (k, rows) => {
    const a = benchAnnouncement((k * 7919) % rows, k + 1);
    return k % 4 === 3 ? { op: 'add', key: `${READ}${a.id}`, newValue: { announcementId: a.id, readAt: k } } : { op: 'change', key: announcementKey(a.id), oldValue: null, newValue: json(a) };
  },
  naiveRows: (entries) => {
    const read = new Set(entries.filter(([key]) => key.startsWith(READ)).map(([key]) => key.slice(READ.length)));
    return entries
      .filter(([key]) => key.startsWith(prefixOf(ANNOUNCEMENT_SPACE)))
      .map(([, value]) => ({ ...(value as unknown as AnnouncementView), isReadBy: read.has((value as unknown as AnnouncementView).id) }));
  },
  benchFilter: (a) => a.category === 'event' || a.title.toLowerCase().includes('pool'),
  filters: { search: (a) => a.title, selects: { category: (a) => a.category, status: (a) => a.status } },
  selects: [
    { name: 'category', label: 'Categories', options: ANNOUNCEMENT_CATEGORIES.map((c) => ({ value: c, label: ANNOUNCEMENT_CATEGORY_LABELS[c] })) },
    { name: 'status', label: 'Status', options: ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: capitalize(s) })) },
  ],
  columns: [
    {
      header: 'Title',
      primary: true,
      cell: (a) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-neutral-900">{a.title}</p>
          <p className="line-clamp-1 text-sm text-neutral-600">{previewText(a.message)}</p>
        </div>
      ),
    },
    { header: 'Category', cell: (a) => <CategoryBadge category={a.category} /> },
    { header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
  ],
  stats: (list) => [
    { label: 'Total', value: list.size },
    { label: 'Unread', value: list.counters.unread },
    { label: 'Matching', value: list.total },
  ],
  empty: 'No announcements match your filters',
  exhausted: 'No more announcements',
};

const requests: BenchArea<SyncedRequest> = {
  title: 'Requests',
  prefix: prefixOf(REQUEST_SPACE),
  joinedPrefixes: [],
  spec: requestList as SyncedListSpec<SyncedRequest, string>,
  entries: (n) => benchRequestEntries(n).map(([k, v]) => [k, json(v)]),
  changed: (i, edit) => {
    const r = benchRequest(i, edit);
    return [requestKey(r.id), json(r)];
  },
  collectionChange: (k, rows) => {
    const r = benchRequest((k * 7919) % rows, k + 1);
    return { op: 'change', key: requestKey(r.id), oldValue: null, newValue: json(r) };
  },
  naiveRows: (entries) => entries.map(([, value]) => value as unknown as SyncedRequest),
  benchFilter: (r) => r.category === 'Inquiry' || r.title.toLowerCase().includes('pool'),
  filters: REQUEST_FILTERS,
  selects: REQUEST_SELECTS,
  // The screen's columns for the board: the resident and the address too.
  columns: [
    { header: 'Title', primary: true, cell: (r) => <p className="truncate font-medium text-neutral-900">{r.title}</p> },
    { header: 'Category', cell: (r) => <RequestCategoryBadge category={r.category} /> },
    { header: 'Status', cell: (r) => <RequestStatusBadge status={r.status} /> },
    { header: 'Resident', cell: (r) => r.resident.name },
    { header: 'Address', cell: (r) => formatAddress(r.address && { street: r.address.street, unit_number: r.address.unitNumber }) },
    { header: 'Created', cell: (r) => formatDate(r.createdAt) },
  ],
  stats: (list) => [
    { label: 'Open', value: list.counters.counter0 },
    { label: 'In Progress', value: list.counters.counter1 },
    { label: 'Resolved', value: list.counters.counter2 },
    { label: 'Maintenance', value: list.counters.counter3 },
  ],
  empty: 'No requests found',
  exhausted: 'No more requests',
};

const violations: BenchArea<SyncedViolation> = {
  title: 'Compliance',
  prefix: prefixOf(VIOLATION_SPACE),
  joinedPrefixes: [],
  spec: violationList as SyncedListSpec<SyncedViolation, string>,
  entries: (n) => benchViolationEntries(n).map(([k, v]) => [k, json(v)]),
  changed: (i, edit) => {
    const v = benchViolation(i, edit);
    return [violationKey(v.id), json(v)];
  },
  collectionChange: (k, rows) => {
    const v = benchViolation((k * 7919) % rows, k + 1);
    return { op: 'change', key: violationKey(v.id), oldValue: null, newValue: json(v) };
  },
  naiveRows: (entries) => entries.map(([, value]) => value as unknown as SyncedViolation),
  benchFilter: (v) => v.category === 'Parking' || v.title.toLowerCase().includes('fence'),
  filters: VIOLATION_FILTERS,
  selects: VIOLATION_SELECTS,
  // The screen's columns: the due date with "(Overdue)" by this device's today.
  columns: [
    { header: 'Title', primary: true, cell: (v) => <p className="truncate font-medium text-neutral-900">{v.title}</p> },
    { header: 'Category', cell: (v) => <ViolationCategoryBadge category={v.category} /> },
    { header: 'Status', cell: (v) => <ViolationStatusBadge status={v.status} /> },
    { header: 'Resident', cell: (v) => v.resident.name },
    { header: 'Address', cell: (v) => formatAddress(v.address && { street: v.address.street, unit_number: v.address.unitNumber }) },
    { header: 'Due Date', cell: (v) => <DueDate violation={v} /> },
  ],
  stats: (list) => [
    { label: 'Open', value: list.counters.counter0 },
    { label: 'Resolved', value: list.counters.counter1 },
    { label: 'Escalated', value: list.counters.counter2 },
  ],
  empty: 'No violations found',
  exhausted: 'No more violations',
};

export const BENCH_AREAS = { announcements, requests, violations } as unknown as Record<string, BenchArea<unknown>>;
