/**
 * Hooks for screens that read the local cache: one key, a key prefix, or a list screen's rows kept
 * sorted, filtered and counted as changes arrive (synced-collection.ts), so filters apply at once
 * and work offline.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReadonlyJSONValue, ReadTransaction } from 'replicache';
import { cacheIdOf, cacheName } from './cache-name';
import { useFirstPage, type FirstPageRead } from './first-page';
import { firstRowsToShow, keepFirstRows } from './first-rows';
import { afterNextPaint } from './perf-marks';
import { useCacheFill, useReplicache, type HoaReplicache } from './replicache';
import { useCurrentUser } from './session';
import { CollectionView, SyncedCollection, watchCollection, type CollectionSpec, type Predicate } from './synced-collection';

export interface Subscribed<R> {
  data: R;
  /** True until the cache answered once (the cache opens asynchronously). */
  loading: boolean;
}

/** Re-runs `query` whenever the keys it read change. `deps` identify the query. */
export function useSubscribe<R extends ReadonlyJSONValue | undefined>(query: (tx: ReadTransaction) => Promise<R>, initial: R, deps: readonly unknown[]): Subscribed<R> {
  const rep = useReplicache();
  const [state, setState] = useState<Subscribed<R>>({ data: initial, loading: true });
  useEffect(() => {
    if (!rep) return;
    setState((s) => ({ ...s, loading: true }));
    return rep.subscribe(query, { onData: (data) => setState({ data, loading: false }) });
    // `query` is identified by `deps` (a new closure each render must not resubscribe).
  }, [rep, ...deps]);
  return state;
}

/** Every value under `prefix` (e.g. 'announcement/'), in key order. */
export function usePrefix<T>(prefix: string): Subscribed<T[]> {
  const result = useSubscribe(async (tx) => (await tx.scan({ prefix }).values().toArray()) as ReadonlyJSONValue[], [], [prefix]);
  return result as unknown as Subscribed<T[]>;
}

/** One value, or undefined when the key is absent. */
export function useSyncedValue<T>(key: string): Subscribed<T | undefined> {
  const result = useSubscribe(async (tx) => (await tx.get(key)) as ReadonlyJSONValue | undefined, undefined, [key]);
  return result as unknown as Subscribed<T | undefined>;
}

/**
 * The row `id` as the cache holds it now, while a dialog edits it (the save of a moment ago, another
 * board member's change); undefined when none is picked or the cache has not got it.
 */
export function useSyncedRow<T extends { id: string }>(keyOf: (id: string) => string, id: string | null): T | undefined {
  const { data } = useSyncedValue<T>(keyOf(id ?? ''));
  return id !== null && data?.id === id ? data : undefined;
}

/** What a named list may add to its collection's spec: its first rows over REST while the cache has none (first-page.ts). */
interface FirstPageSpec<Item> {
  firstPage?: FirstPageRead<Item>;
}

/** A list screen's rows: key space, order, optional join and counters. Declare it once, at module level. */
export type SyncedListSpec<Item, C extends string = never> = CollectionSpec<Item, C, any, any> & FirstPageSpec<Item>;

/** Types a spec from its parts (`Item` from `compare`, or from the join's `merge`; counter names from `counters`). */
export const defineSyncedList = <Item, C extends string = never, Row = Item, Joined = unknown>(spec: CollectionSpec<Item, C, Row, Joined> & FirstPageSpec<Item>): SyncedListSpec<Item, C> => spec;

/** The one order of synced lists (sync/order.ts), here with the rest of the list kit. */
export { newestFirst } from '../../sync/order';

/** A collection stays watched this long after its last screen closed, so going back to a list is instant. */
export const KEEP_WARM_MS = 30_000;

interface Shared {
  collection: SyncedCollection<any, any>;
  /** Starts watching the cache (and keeping a named list's first rows); returns the stopper. */
  watch: () => () => void;
  refs: number;
  stop: (() => void) | null;
  idle: ReturnType<typeof setTimeout> | undefined;
}

/** One collection, and one watch, per cache and spec, whichever screens show it. */
const shared = new WeakMap<HoaReplicache, Map<SyncedListSpec<any, any>, Shared>>();

function sharedCollection(rep: HoaReplicache, spec: SyncedListSpec<any, any>): Shared {
  let bySpec = shared.get(rep);
  if (!bySpec) shared.set(rep, (bySpec = new Map()));
  let entry = bySpec.get(spec);
  if (!entry) {
    const collection = new SyncedCollection(spec);
    const watch = () => {
      const unwatch = watchCollection(rep, collection);
      const unkeep = spec.name ? keepFirstRows(cacheIdOf(rep.name, rep.schemaVersion), spec.name, collection) : null;
      return () => {
        unkeep?.();
        unwatch();
      };
    };
    bySpec.set(spec, (entry = { collection, watch, refs: 0, stop: null, idle: undefined }));
  }
  return entry;
}

function acquire(rep: HoaReplicache, entry: Shared) {
  entry.refs++;
  clearTimeout(entry.idle);
  if (entry.stop || rep.closed) return;
  entry.stop = entry.watch();
}

function release(entry: Shared) {
  if (--entry.refs > 0) return;
  entry.idle = setTimeout(() => {
    if (entry.refs > 0) return;
    entry.stop?.();
    entry.stop = null;
    // Unwatched rows go stale: the next screen starts from the initial values, not from these.
    entry.collection.clear();
  }, KEEP_WARM_MS);
}

export interface SyncedListOptions<Item> {
  /** Rows to show. Memoize it: a new function recomputes the matches once and starts paging over. */
  filter?: Predicate<Item>;
  /** The spec's order backwards (e.g. Oldest First for a spec sorted newest first). */
  reverse?: boolean;
  /** Rows per Load more step. */
  pageSize?: number;
}

export interface SyncedList<Item, C extends string = never> {
  /** The rows on the pages loaded so far. */
  items: Item[];
  /** Rows matching the filter. */
  total: number;
  /**
   * Rows matching the filter when known without a scan now; undefined while they are counted in the
   * background, after the rows are painted (the list renders again when the count is in).
   */
  counted: number | undefined;
  /** Every row of the key space, filter or not. */
  size: number;
  counters: Record<C, number>;
  hasMore: boolean;
  loadMore(): void;
  /** True until the cache answered for every key space of the spec, and while a new cache's empty answer waits for its first pull. */
  loading: boolean;
}

/** Rows a background count scans per task: a few milliseconds, so a keystroke meanwhile is not held up. */
const COUNT_SLICE = 5_000;

/**
 * The count of every match of a filter with more than the shown pages: a full scan, so it is done
 * after the rows are painted, a slice per task, and the screen renders again once it is in (a new
 * filter or a change meanwhile goes on from where the count is: the view catches up).
 */
function useCountInBackground<Item>(view: CollectionView<Item> | undefined, filter: Predicate<Item> | undefined, hasMore: boolean, version: number): number | undefined {
  // `view` is undefined until the collection is loaded: a count of a read under way would be wrong.
  const [, setCounted] = useState(0);
  const counted = view && hasMore ? view.counted(filter) : undefined;
  useEffect(() => {
    if (!view || !hasMore || counted !== undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const slice = () => {
      if (stopped) return;
      if (view.countSome(filter, COUNT_SLICE)) setCounted((n) => n + 1);
      else timer = setTimeout(slice, 0);
    };
    afterNextPaint(slice);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [view, filter, hasMore, counted, version]);
  return counted;
}

const noSubscription = () => () => {};
const noVersion = () => -1;
const DEFAULT_PAGE_SIZE = 20;


/**
 * A list screen's data: the spec's rows, filtered, shown `pageSize` at a time with Load more. A
 * change to the cache costs work in proportion to the change (see synced-collection.ts).
 */
export function useSyncedList<Item, C extends string = never>(spec: SyncedListSpec<Item, C>, options: SyncedListOptions<Item> = {}): SyncedList<Item, C> {
  const rep = useReplicache();
  const userId = useCurrentUser()?.id;
  const entry = rep ? sharedCollection(rep, spec) : null;
  useEffect(() => {
    if (!rep || !entry) return;
    acquire(rep, entry);
    return () => release(entry);
  }, [rep, entry]);

  const collection = entry?.collection as SyncedCollection<Item, C> | undefined;
  const version = useSyncExternalStore(collection?.subscribe ?? noSubscription, collection?.getVersion ?? noVersion);
  // One view per direction: Oldest First scans from the end as Newest First scans from the start.
  const views = useMemo(() => collection && ([new CollectionView(collection), new CollectionView(collection, true)] as const), [collection]);

  const { filter, reverse = false, pageSize = DEFAULT_PAGE_SIZE } = options;
  // Paging starts over whenever the filter or the order changes.
  const [paging, setPaging] = useState({ filter, reverse, pages: 1 });
  const pages = paging.filter === filter && paging.reverse === reverse ? paging.pages : 1;
  const limit = pages * pageSize;
  const view = views?.[reverse ? 1 : 0];

  // `version` stands for the collection's content, which changes in place. The view finds only the
  // shown pages' matches and one more (is there more?), in either direction. Until the first full
  // read is in, the rows kept from the last page load, also before the cache is open (read forwards
  // only: they are the first rows of the spec's order, so the filter's matches among them come first
  // too); no rows of a read still under way.
  const cacheId = userId && spec.name ? cacheIdOf(cacheName(userId)) : null;
  const fill = useCacheFill();
  // A new cache answers empty before its first pull is in: the list is loading then, not empty.
  const awaitingFill = fill === 'unknown' && collection?.loaded === true && collection.size === 0;
  const live = collection?.loaded === true && !awaitingFill;
  const kept = !live && !reverse && cacheId ? firstRowsToShow<Item>(cacheId, spec.name!) : null;
  // Nothing kept either (a new device, a list not opened on it): its first page over REST, when it
  // declares one, shown until the cache's rows are; read only while the cache has not got the
  // server's rows (a filled cache read again after the list was closed needs none).
  const overRest = useFirstPage(cacheId && `${cacheId}:${spec.name}`, spec.firstPage, !live && !reverse && !kept, fill !== 'filled');
  const firstRows = kept ?? overRest;
  const { items, hasMore } = useMemo(() => {
    const matches = firstRows ? (filter ? firstRows.filter(filter) : firstRows) : view && collection?.loaded ? view.first(filter, limit + 1) : [];
    // The view's matches are reused by its next read: the shown rows are a copy of the first pages.
    return { items: matches.slice(0, limit), hasMore: matches.length > limit };
  }, [firstRows, view, collection, version, filter, limit]);
  const counters = useMemo(() => (collection ? collection.counters() : ({} as Record<C, number>)), [collection, version]);
  const counted = useCountInBackground(live ? view : undefined, filter, hasMore, version) ?? (live && !hasMore ? items.length : undefined);

  return {
    items,
    // Only the screens that print it pay for the count of every match.
    get total() {
      return view ? view.count(filter) : 0;
    },
    counted,
    size: collection?.size ?? 0,
    counters,
    hasMore,
    loadMore: () => setPaging({ filter, reverse, pages: pages + 1 }),
    loading: !live,
  };
}
