/**
 * The list kit benchmark's page: the real ListScreen, FilterBar, useListFilters and useSyncedList
 * (with the announcements spec: read markers joined, unread counted) over a Replicache in IndexedDB.
 * `?seed=N` pulls N announcements into the cache and writes them to IndexedDB; without it the page
 * opens the list from that cache. tests/bench/list.bench.ts drives it through window.bench.
 */
import './harness.css';
import { StrictMode, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { Replicache, type PatchOperation, type ReadonlyJSONValue, type WriteTransaction } from 'replicache';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_CATEGORY_LABELS, ANNOUNCEMENT_STATUSES } from '../../../schema/announcements';
import { previewText } from '../../../schema/rich-text';
import { announcementKey, ANNOUNCEMENT_READ_SPACE, ANNOUNCEMENT_SPACE } from '../../../sync/areas/announcements';
import { prefixOf } from '../../../sync/keys';
import { CategoryBadge, StatusBadge } from '../../../client/features/announcements/badges';
import { announcementList, type AnnouncementView } from '../../../client/features/announcements/use-announcements';
import { capitalize } from '../../../client/lib/format';
import { replicacheAtom, type HoaReplicache } from '../../../client/lib/replicache';
import { store } from '../../../client/lib/session';
import { CollectionView, SyncedCollection, type DiffOp } from '../../../client/lib/synced-collection';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../../client/lib/use-list-filters';
import { useSyncedList } from '../../../client/lib/use-synced-list';
import { EmptyState, FilterBar, ListScreen, type Column, type SelectFilterDef } from '../../../client/ui';
import { afterPaint, arm, filterApplied, paintFloor, result, rowsCommitted, type BenchApi } from './probe';
import { benchAnnouncement, benchEntries } from './rows';

const seed = Number(new URLSearchParams(location.search).get('seed') ?? 0);
let served = false;

const rep = new Replicache({
  name: 'list-bench',
  kvStore: 'idb',
  pullInterval: null,
  mutators: {
    putValue: async (tx: WriteTransaction, { key, value }: { key: string; value: ReadonlyJSONValue }) => {
      await tx.set(key, value);
    },
  },
  // A seeding run's first pull brings every row; any other pull has nothing new.
  puller: async () => {
    const patch: PatchOperation[] = seed && !served ? benchEntries(seed).map(([key, value]) => ({ op: 'put', key, value: { ...value } })) : [];
    served = true;
    return { httpRequestInfo: { httpStatusCode: 200, errorMessage: '' }, response: { cookie: 1, lastMutationIDChanges: {}, patch } };
  },
});

const scan = (prefix: string) => rep.query((tx) => tx.scan({ prefix }).entries().toArray());
const countRows = async () => (await scan(prefixOf(ANNOUNCEMENT_SPACE))).length;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

const FILTERS: ListFilterConfig<AnnouncementView, 'category' | 'status'> = {
  search: (a) => a.title,
  selects: { category: (a) => a.category, status: (a) => a.status },
};
const SELECTS: SelectFilterDef<'category' | 'status'>[] = [
  { name: 'category', label: 'Categories', options: ANNOUNCEMENT_CATEGORIES.map((c) => ({ value: c, label: ANNOUNCEMENT_CATEGORY_LABELS[c] })) },
  { name: 'status', label: 'Status', options: ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: capitalize(s) })) },
];
const COLUMNS: Column<AnnouncementView>[] = [
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
];

let firstRowsPainted = NaN;
let openedRows: (painted: number) => void = () => {};
const firstRows = new Promise<number>((ok) => (openedRows = ok));

function BenchList() {
  const filters = useListFilters(FILTERS);
  const seenFilter = useRef(filters.filter);
  if (filters.filter !== seenFilter.current) {
    seenFilter.current = filters.filter;
    filterApplied();
  }
  const list = useSyncedList(announcementList, { filter: filters.filter, reverse: filters.reverse, pageSize: LIST_PAGE_SIZE });
  useLayoutEffect(() => {
    rowsCommitted();
    if (isNaN(firstRowsPainted) && list.items.length > 0) afterPaint(() => openedRows((firstRowsPainted = performance.now())));
  }, [list.items]);
  return (
    <ListScreen
      title="Announcements"
      subtitle="List kit benchmark"
      stats={[
        { label: 'Total', value: list.size },
        { label: 'Unread', value: list.counters.unread },
        { label: 'Matching', value: list.total },
      ]}
      filters={<FilterBar filters={filters.store} label="Filter announcements" selects={SELECTS} />}
      tableTitle="All Announcements"
      columns={COLUMNS}
      rowKey={(a) => a.id}
      rows={list}
      empty={<EmptyState title="No announcements match your filters" />}
      exhaustedText="No more announcements"
    />
  );
}

/** One-row changes applied to a collection of every cached row, a filter view reading after each. */
async function collectionTimes(changes: number) {
  const entries = [...(await scan(prefixOf(ANNOUNCEMENT_SPACE))), ...(await scan(prefixOf(ANNOUNCEMENT_READ_SPACE)))];
  const collection = new SyncedCollection(announcementList);
  collection.applyDiff(entries.map(([key, newValue]): DiffOp => ({ op: 'add', key, newValue })));
  const view = new CollectionView(collection);
  const filter = (a: AnnouncementView) => a.category === 'event' || a.title.toLowerCase().includes('pool');
  view.read(filter);
  const rows = collection.size;
  const change: number[] = [];
  for (let k = 0; k < changes; k++) {
    const i = (k * 7919) % rows;
    const a = benchAnnouncement(i, k + 1);
    // Every fourth change is a read marker (the joined space), the others an edited row.
    const op: DiffOp =
      k % 4 === 3
        ? { op: 'add', key: `${prefixOf(ANNOUNCEMENT_READ_SPACE)}${a.id}`, newValue: { announcementId: a.id, readAt: k } }
        : { op: 'change', key: announcementKey(a.id), oldValue: null, newValue: { ...a } };
    const start = performance.now();
    collection.applyDiff([op]);
    view.read(filter).slice(0, LIST_PAGE_SIZE);
    change.push(performance.now() - start);
  }
  // What a full re-read costs in JavaScript alone (join, filter, sort every row), without the scan.
  const announcements = entries.filter(([key]) => key.startsWith(prefixOf(ANNOUNCEMENT_SPACE)));
  const read = new Set(entries.filter(([key]) => key.startsWith(prefixOf(ANNOUNCEMENT_READ_SPACE))).map(([key]) => key.slice(prefixOf(ANNOUNCEMENT_READ_SPACE).length)));
  const naive: number[] = [];
  for (let k = 0; k < 20; k++) {
    const start = performance.now();
    announcements
      .map(([, value]) => ({ ...(value as unknown as AnnouncementView), isReadBy: read.has((value as unknown as AnnouncementView).id) }))
      .filter(filter)
      .sort(announcementList.compare)
      .slice(0, LIST_PAGE_SIZE);
    naive.push(performance.now() - start);
  }
  return { change, naive };
}

const api: BenchApi = {
  async seeded() {
    while ((await countRows()) < seed) await sleep(100);
    // Replicache writes to IndexedDB about a second after a pull; the next run opens from there.
    await sleep(2_500);
    await rep.close();
    return seed;
  },
  async opened() {
    return { rows: await countRows(), painted: await firstRows };
  },
  arm,
  result,
  changeRow(i, edit) {
    const a = benchAnnouncement(i, edit);
    arm('sync', performance.now());
    void rep.mutate.putValue({ key: announcementKey(a.id), value: { ...a } });
  },
  paintFloor,
  collectionTimes,
};
(window as unknown as { bench: BenchApi }).bench = api;

if (!seed) {
  store.set(replicacheAtom, rep as unknown as HoaReplicache);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <BenchList />
      </div>
    </StrictMode>,
  );
}
