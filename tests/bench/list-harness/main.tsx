/**
 * The list kit benchmark's page: the real ListScreen, FilterBar, useListFilters and useSyncedList with
 * an area's own list spec, filters and columns (cases.tsx: announcements with read markers joined and
 * unread counted; documents with the board's columns and stat cards) over a Replicache in IndexedDB.
 * `?area=<name>&seed=N` pulls N rows into the cache and writes them to IndexedDB; `?area=<name>`
 * opens the list from that cache. `?area=ledger`: a resident's statement instead of a list (ledger.tsx).
 * tests/bench/list.bench.ts drives it through window.bench.
 */
import './harness.css';
import { StrictMode, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { Replicache, type PatchOperation, type ReadonlyJSONValue, type WriteTransaction } from 'replicache';
import { prefixOf } from '../../../sync/keys';
import { replicacheAtom, type HoaReplicache } from '../../../client/lib/replicache';
import { sessionAtom, store } from '../../../client/lib/session';
import { SIGNED_IN_KEY } from '../../../client/lib/session-keys';
import { cacheName, SYNC_SCHEMA_VERSION } from '../../../client/lib/cache-name';
import type { ApiUser } from '../../../schema/auth';
import { CollectionView, SyncedCollection } from '../../../client/lib/synced-collection';
import { LIST_PAGE_SIZE, useListFilters } from '../../../client/lib/use-list-filters';
import { useSyncedList } from '../../../client/lib/use-synced-list';
import { EmptyState, FilterBar, ListScreen } from '../../../client/ui';
import { BENCH_AREAS, isBenchArea, LEDGER_BENCH } from './areas';
import { BENCH_CASES, type BenchCase } from './cases';
import { benchLedgerLine, ledgerEntries, ledgerPrefix, LedgerStatement } from './ledger';
import { afterPaint, arm, filterApplied, paintFloor, result, rowsCommitted, type BenchApi } from './probe';
import { ledgerKey, type SyncedLedgerLine } from '../../../sync/areas/ledger';
import { statementOf } from '../../../schema/ledger';

const params = new URLSearchParams(location.search);
const area = params.get('area');
const ledger = area === LEDGER_BENCH;
if (!isBenchArea(area) && !ledger) throw new Error(`?area= names one of ${Object.keys(BENCH_AREAS).join(', ')}, ${LEDGER_BENCH}`);
const seed = Number(params.get('seed') ?? 0);
// One case per page load; its own types do not matter to the generic page.
const bench = (ledger ? BENCH_CASES.invoices : BENCH_CASES[area as keyof typeof BENCH_CASES]) as unknown as BenchCase<unknown>;
const { exhaustedText, loadMore } = BENCH_AREAS[ledger ? 'invoices' : (area as keyof typeof BENCH_AREAS)];
const space = ledger ? ledgerPrefix : prefixOf(bench.space);
/** Entries the seeding pulls served so far: 50,000 a pull (one pull of 100,000 never lands in Replicache). */
let served = 0;
const SEED_BATCH = 50_000;
let seedCache: [string, ReadonlyJSONValue][] | null = null;
/** A signed-in user of its own per area, as the app has: the list keeps its first rows for the next page load (client/lib/first-rows.ts). */
const userId = `list-bench-${area}`;

const rep = new Replicache({
  name: cacheName(userId),
  schemaVersion: SYNC_SCHEMA_VERSION,
  kvStore: 'idb',
  pullInterval: null,
  mutators: {
    putValue: async (tx: WriteTransaction, { key, value }: { key: string; value: ReadonlyJSONValue }) => {
      await tx.set(key, value);
    },
  },
  // A seeding run's pulls bring the rows, SEED_BATCH at a time; any other pull has nothing new.
  puller: async () => {
    const batch = seed ? seedEntries().slice(served, served + SEED_BATCH) : [];
    served += batch.length;
    const patch: PatchOperation[] = batch.map(([key, value]) => ({ op: 'put', key, value }));
    return { httpRequestInfo: { httpStatusCode: 200, errorMessage: '' }, response: { cookie: served, lastMutationIDChanges: {}, patch } };
  },
});

const seedEntries = () => (seedCache ??= ledger ? ledgerEntries(seed) : bench.entries(seed));
/** The seeding pull is in once its last key is: a scan of every row on each look would slow the pull down at 100,000 rows. */
const seedDone = async (lastKey: string) => {
  while (!(await rep.query((tx) => tx.has(lastKey)))) await sleep(250);
};
const scan = (prefix: string) => rep.query((tx) => tx.scan({ prefix }).entries().toArray());
const countRows = async () => (await scan(space)).length;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

let firstRowsPainted = NaN;
let openedRows: (painted: number) => void = () => {};
const firstRows = new Promise<number>((ok) => (openedRows = ok));
/** The list painted once every cached row is read (not the rows kept from the last page load). */
let loadedPainted = NaN;
let loadedRows: (painted: number) => void = () => {};
const everyRow = new Promise<number>((ok) => (loadedRows = ok));

function BenchList() {
  const filters = useListFilters(bench.filters);
  const seenFilter = useRef(filters.filter);
  if (filters.filter !== seenFilter.current) {
    seenFilter.current = filters.filter;
    filterApplied();
  }
  const list = useSyncedList(bench.list, { filter: filters.filter, reverse: filters.reverse, pageSize: LIST_PAGE_SIZE });
  const stats = bench.useStats(list);
  useLayoutEffect(() => {
    rowsCommitted();
    if (isNaN(firstRowsPainted) && list.items.length > 0) afterPaint(() => openedRows((firstRowsPainted = performance.now())));
    if (isNaN(loadedPainted) && !list.loading && list.items.length > 0) afterPaint(() => loadedRows((loadedPainted = performance.now())));
  }, [list.items, list.loading]);
  return (
    <ListScreen
      title={bench.title}
      subtitle="List kit benchmark"
      stats={stats}
      filters={<FilterBar filters={filters.store} list="requests" label={`Filter ${area}`} selects={bench.selects} sortable={bench.sortable} />}
      tableTitle={`All ${bench.title}`}
      columns={bench.columns}
      rowKey={(row) => (row as { id: string }).id}
      rows={list}
      empty={<EmptyState title="Nothing matches your filters" />}
      exhaustedText={exhaustedText}
      loadMoreLabel={loadMore}
    />
  );
}

/** The statement's lines from the cache, as the screen reads them; a change of any line reads them again. */
const subscribeLedger = (onLines: (lines: SyncedLedgerLine[]) => void) =>
  rep.subscribe((tx) => tx.scan({ prefix: ledgerPrefix }).values().toArray(), { onData: (values) => onLines(values as unknown as SyncedLedgerLine[]) });
const ledgerPainted = () => openedRows((firstRowsPainted = performance.now()));
/** A line of the newest year changed (its last lines, shown when that year is chosen). */
function ledgerChange(i: number, edit: number): [string, ReadonlyJSONValue] {
  const rows = Number(params.get('rows') ?? 10_000);
  const line = benchLedgerLine(rows - 1 - i, rows, edit);
  return [ledgerKey(line.id), { ...line } as unknown as ReadonlyJSONValue];
}

/** One-row changes applied to a collection of every cached row, a filter view reading after each. */
async function collectionTimes(changes: number) {
  const prefixes = [bench.list.prefix, ...(bench.list.join ? [bench.list.join.prefix] : [])];
  const entries = (await Promise.all(prefixes.map(scan))).flat();
  const collection = new SyncedCollection(bench.list);
  collection.applyDiff(entries.map(([key, newValue]) => ({ op: 'add', key, newValue })));
  const view = new CollectionView(collection);
  view.read(bench.collectionFilter);
  const rows = collection.size;
  const change: number[] = [];
  for (let k = 0; k < changes; k++) {
    const op = bench.collectionOp(k, rows);
    const start = performance.now();
    collection.applyDiff([op]);
    view.read(bench.collectionFilter).slice(0, LIST_PAGE_SIZE);
    change.push(performance.now() - start);
  }
  const naive: number[] = [];
  for (let k = 0; k < 20; k++) {
    const start = performance.now();
    bench.naive(entries, bench.collectionFilter).slice(0, LIST_PAGE_SIZE);
    naive.push(performance.now() - start);
  }
  return { change, naive };
}

const api: BenchApi = {
  async seeded() {
    const entries = seedEntries();
    while (served < entries.length) {
      await rep.pull({ now: true });
      await sleep(200);
    }
    await seedDone(entries[entries.length - 1][0]);
    if ((await countRows()) < seed) throw new Error(`the seeding pull brought fewer than ${seed} rows`);
    // Replicache writes to IndexedDB a while after a pull (at 100,000 rows some seconds); the next run opens from there.
    await sleep(2_500 + seed / 8);
    await rep.close();
    return seed;
  },
  async opened() {
    // Counted once the list is in: a scan of every row meanwhile would compete with the list's own read.
    const painted = await firstRows;
    const loaded = ledger ? painted : await everyRow;
    const read = performance.getEntriesByName('hoa:first-list-read')[0]?.startTime ?? NaN;
    return { rows: await countRows(), painted, loaded, read };
  },
  arm,
  result,
  changeRow(i, edit) {
    const [key, value] = ledger ? ledgerChange(i, edit) : bench.changed(i, edit);
    arm('sync', performance.now());
    void rep.mutate.putValue({ key, value });
  },
  paintFloor,
  collectionTimes,
  async statementTimes(runs) {
    const lines = (await scan(ledgerPrefix)).map(([, v]) => v as unknown as SyncedLedgerLine);
    const all: number[] = [];
    const year: number[] = [];
    for (let k = 0; k < runs; k++) {
      let start = performance.now();
      statementOf(lines);
      all.push(performance.now() - start);
      start = performance.now();
      statementOf(lines, 2026 - (k % 8));
      year.push(performance.now() - start);
    }
    return { all, year };
  },
};
(window as unknown as { bench: BenchApi }).bench = api;

if (!seed) {
  localStorage.setItem(SIGNED_IN_KEY, '1');
  store.set(sessionAtom, { status: 'authenticated', user: { id: userId, _id: userId, name: 'Ben Board', role: 'board' } as ApiUser, accessToken: null });
  store.set(replicacheAtom, rep as unknown as HoaReplicache);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <div className="mx-auto max-w-6xl px-4 py-8">{ledger ? <LedgerStatement subscribe={subscribeLedger} onFirstPaint={ledgerPainted} /> : <BenchList />}</div>
    </StrictMode>,
  );
}
