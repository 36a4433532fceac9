/**
 * The page's half of each benchmarked area: the real list spec, filters and columns of the area's
 * screen, rows to seed, a shown row changed, and the one-row changes of the collection measure.
 */
import type { ReadonlyJSONValue } from 'replicache';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_CATEGORY_LABELS, ANNOUNCEMENT_STATUSES } from '../../../schema/announcements';
import { previewText } from '../../../schema/rich-text';
import { announcementKey, ANNOUNCEMENT_READ_SPACE, ANNOUNCEMENT_SPACE } from '../../../sync/areas/announcements';
import { DOCUMENT_SPACE, documentKey, type SyncedDocument } from '../../../sync/areas/documents';
import { prefixOf } from '../../../sync/keys';
import { CategoryBadge, StatusBadge } from '../../../client/features/announcements/badges';
import { announcementList, type AnnouncementView } from '../../../client/features/announcements/use-announcements';
import { documentColumns, documentFilterConfig, documentSelects } from '../../../client/features/documents/document-columns';
import { useDocumentStats } from '../../../client/features/documents/document-stats';
import { documentList } from '../../../client/features/documents/use-documents';
import { RequestCategoryBadge, RequestStatusBadge } from '../../../client/features/requests/badges';
import { useRequestStats } from '../../../client/features/requests/request-stats';
import { REQUEST_FILTERS, REQUEST_SELECTS } from '../../../client/features/requests/RequestsPage';
import { requestList } from '../../../client/features/requests/use-requests';
import { requestKey, REQUEST_SPACE, type SyncedRequest } from '../../../sync/areas/requests';
import { violationKey, VIOLATION_SPACE, type SyncedViolation } from '../../../sync/areas/violations';
import { ViolationCategoryBadge, ViolationStatusBadge } from '../../../client/features/violations/badges';
import { violationList } from '../../../client/features/violations/use-violations';
import { useViolationStats } from '../../../client/features/violations/violation-stats';
import { DueDate, VIOLATION_FILTERS, VIOLATION_SELECTS } from '../../../client/features/violations/ViolationsPage';
import { capitalize, formatAddress, formatDate } from '../../../client/lib/format';
import type { DiffOp, Predicate } from '../../../client/lib/synced-collection';
import type { ListFilterConfig } from '../../../client/lib/use-list-filters';
import type { SyncedList, SyncedListSpec } from '../../../client/lib/use-synced-list';
import type { Column, SelectFilterDef, StatDef } from '../../../client/ui';
import { applicationsCase } from './applications';
import { invoicesCase } from './invoices';
import { meetingsCase } from './meetings';
import { directoryCase } from './directory';
import { usersCase } from './users';
import { votesCase } from './votes';
import { benchRequest, benchRequestEntries } from './request-rows';
import { benchViolation, benchViolationEntries } from './violation-rows';
import { announcementEntries, benchAnnouncement, benchDocument, documentEntries } from './rows';

export interface BenchCase<T, K extends string = string, C extends string = string> {
  title: string;
  /** The key space of the listed rows (the seeding run counts them). */
  space: string;
  list: SyncedListSpec<T, C>;
  filters: ListFilterConfig<T, K>;
  selects: SelectFilterDef<K>[];
  sortable: boolean;
  columns: Column<T>[];
  /** A hook: the stat cards, as the screen shows them. */
  useStats(list: SyncedList<T, C>): StatDef[];
  /** The key/value pairs a seeding pull puts into the cache. */
  entries(n: number): [string, ReadonlyJSONValue][];
  /** Row `i` after its `edit`-th change, as a pull would bring it. */
  changed(i: number, edit: number): [string, ReadonlyJSONValue];
  /** The k-th one-row change of the collection measure. */
  collectionOp(k: number, rows: number): DiffOp;
  collectionFilter: Predicate<T>;
  /** What a full re-read costs in JavaScript alone (join, filter, sort every row), from the scanned entries. */
  naive(entries: (readonly [string, ReadonlyJSONValue])[], filter: Predicate<T>): T[];
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;

const announcementsCase: BenchCase<AnnouncementView, 'category' | 'status', 'unread'> = {
  title: 'Announcements',
  space: ANNOUNCEMENT_SPACE,
  list: announcementList,
  filters: { search: (a) => a.title, selects: { category: (a) => a.category, status: (a) => a.status } },
  selects: [
    { name: 'category', label: 'Categories', options: ANNOUNCEMENT_CATEGORIES.map((c) => ({ value: c, label: ANNOUNCEMENT_CATEGORY_LABELS[c] })) },
    { name: 'status', label: 'Status', options: ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: capitalize(s) })) },
  ],
  sortable: true,
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
  useStats: (list) => [
    { label: 'Total', value: list.size },
    { label: 'Unread', value: list.counters.unread },
    { label: 'Matching', value: list.counted ?? '–' },
  ],
  entries: (n) => announcementEntries(n).map(([key, value]) => [key, json(value)]),
  changed: (i, edit) => {
    const a = benchAnnouncement(i, edit);
    return [announcementKey(a.id), json(a)];
  },
  collectionOp: (k, rows) => {
    const a = benchAnnouncement((k * 7919) % rows, k + 1);
    // Every fourth change is a read marker (the joined space), the others an edited row.
    return k % 4 === 3
      ? { op: 'add', key: `${prefixOf(ANNOUNCEMENT_READ_SPACE)}${a.id}`, newValue: { announcementId: a.id, readAt: k } }
      : { op: 'change', key: announcementKey(a.id), oldValue: null, newValue: json(a) };
  },
  collectionFilter: (a) => a.category === 'event' || a.title.toLowerCase().includes('pool'),
  naive: (entries, filter) => {
    const read = new Set(entries.filter(([key]) => key.startsWith(prefixOf(ANNOUNCEMENT_READ_SPACE))).map(([key]) => key.slice(prefixOf(ANNOUNCEMENT_READ_SPACE).length)));
    return entries
      .filter(([key]) => key.startsWith(prefixOf(ANNOUNCEMENT_SPACE)))
      .map(([, value]) => ({ ...(value as unknown as AnnouncementView), isReadBy: read.has((value as unknown as AnnouncementView).id) }))
      .filter(filter)
      .sort(announcementList.compare);
  },
};

const noop = () => {};

const documentsCase: BenchCase<SyncedDocument, 'category', 'public' | SyncedDocument['category']> = {
  title: 'Documents',
  space: DOCUMENT_SPACE,
  list: documentList,
  filters: documentFilterConfig,
  selects: documentSelects,
  sortable: false,
  // The board's table: every column, the Actions menu and the Notes button.
  columns: documentColumns({ role: 'board', rowErrors: {}, onError: noop, onDelete: noop, onNotes: noop }),
  useStats: (list) => useDocumentStats(list),
  entries: (n) => documentEntries(n).map(([key, value]) => [key, json(value)]),
  changed: (i, edit) => {
    const d = benchDocument(i, edit);
    return [documentKey(d.id), json(d)];
  },
  collectionOp: (k, rows) => {
    const d = benchDocument((k * 7919) % rows, k + 1);
    return { op: 'change', key: documentKey(d.id), oldValue: null, newValue: json(d) };
  },
  collectionFilter: (d) => d.category === 'Financials' || d.title.toLowerCase().includes('pool'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(DOCUMENT_SPACE)))
      .map(([, value]) => value as unknown as SyncedDocument)
      .filter(filter)
      .sort(documentList.compare),
};

const requestsCase: BenchCase<SyncedRequest, 'category' | 'status', string> = {
  title: 'Requests',
  space: REQUEST_SPACE,
  list: requestList,
  filters: REQUEST_FILTERS,
  selects: [...REQUEST_SELECTS],
  sortable: true,
  // The board's columns: the resident and the address too.
  columns: [
    { header: 'Title', primary: true, cell: (r) => <p className="truncate font-medium text-neutral-900">{r.title}</p> },
    { header: 'Category', cell: (r) => <RequestCategoryBadge category={r.category} /> },
    { header: 'Status', cell: (r) => <RequestStatusBadge status={r.status} /> },
    { header: 'Resident', cell: (r) => r.resident.name },
    { header: 'Address', cell: (r) => formatAddress(r.address && { street: r.address.street, unit_number: r.address.unitNumber }) },
    { header: 'Created', cell: (r) => formatDate(r.createdAt) },
  ],
  useStats: (list) => useRequestStats(list as never),
  entries: (n) => benchRequestEntries(n).map(([key, value]) => [key, json(value)]),
  changed: (i, edit) => {
    const r = benchRequest(i, edit);
    return [requestKey(r.id), json(r)];
  },
  collectionOp: (k, rows) => {
    const r = benchRequest((k * 7919) % rows, k + 1);
    return { op: 'change', key: requestKey(r.id), oldValue: null, newValue: json(r) };
  },
  collectionFilter: (r) => r.category === 'Inquiry' || r.title.toLowerCase().includes('pool'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(REQUEST_SPACE)))
      .map(([, value]) => value as unknown as SyncedRequest)
      .filter(filter)
      .sort(requestList.compare),
};

const violationsCase: BenchCase<SyncedViolation, 'status' | 'category', string> = {
  title: 'Compliance',
  space: VIOLATION_SPACE,
  list: violationList,
  filters: VIOLATION_FILTERS,
  selects: [...VIOLATION_SELECTS],
  sortable: true,
  // The screen's columns: the due date with "(Overdue)" by this device's today.
  columns: [
    { header: 'Title', primary: true, cell: (v) => <p className="truncate font-medium text-neutral-900">{v.title}</p> },
    { header: 'Category', cell: (v) => <ViolationCategoryBadge category={v.category} /> },
    { header: 'Status', cell: (v) => <ViolationStatusBadge status={v.status} /> },
    { header: 'Resident', cell: (v) => v.resident.name },
    { header: 'Address', cell: (v) => formatAddress(v.address && { street: v.address.street, unit_number: v.address.unitNumber }) },
    { header: 'Due Date', cell: (v) => <DueDate violation={v} /> },
  ],
  // The screen's cards: counters, Recent Activity (its own collection by latest activity), categories.
  useStats: (list) => useViolationStats(list as never),
  entries: (n) => benchViolationEntries(n).map(([key, value]) => [key, json(value)]),
  changed: (i, edit) => {
    const v = benchViolation(i, edit);
    return [violationKey(v.id), json(v)];
  },
  collectionOp: (k, rows) => {
    const v = benchViolation((k * 7919) % rows, k + 1);
    return { op: 'change', key: violationKey(v.id), oldValue: null, newValue: json(v) };
  },
  collectionFilter: (v) => v.category === 'Parking' || v.title.toLowerCase().includes('fence'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(VIOLATION_SPACE)))
      .map(([, value]) => value as unknown as SyncedViolation)
      .filter(filter)
      .sort(violationList.compare),
};

export const BENCH_CASES = { announcements: announcementsCase, documents: documentsCase, requests: requestsCase, violations: violationsCase, invoices: invoicesCase, applications: applicationsCase, meetings: meetingsCase, votes: votesCase, users: usersCase, directory: directoryCase } as const;
