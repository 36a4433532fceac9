/**
 * Hooks for screens that read the local cache: subscribe to a key prefix (or one key), then
 * filter, sort and page in memory, so filters apply instantly and work offline.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ReadonlyJSONValue, ReadTransaction } from 'replicache';
import { useReplicache } from './replicache';

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

export interface ListView<T> {
  filter?: (item: T) => boolean;
  sort?: (a: T, b: T) => number;
  /** Items shown: the first `limit` after filtering and sorting. */
  limit: number;
}

/** Filter, sort, then take the first page(s): a pure function, so it is tested on its own. */
export function applyListView<T>(items: readonly T[], view: ListView<T>): { shown: T[]; total: number; hasMore: boolean } {
  const filtered = view.filter ? items.filter(view.filter) : [...items];
  if (view.sort) filtered.sort(view.sort);
  return { shown: filtered.slice(0, view.limit), total: filtered.length, hasMore: filtered.length > view.limit };
}

export interface SyncedList<T> {
  /** The items on the pages loaded so far. */
  items: T[];
  /** All items of the prefix, unfiltered (for counters). */
  all: T[];
  /** Items matching the filter. */
  total: number;
  hasMore: boolean;
  loadMore(): void;
  loading: boolean;
}

/**
 * A list screen's data: every item under `prefix`, filtered and sorted locally, shown `pageSize`
 * at a time with Load more. Paging starts over when `resetKey` changes (e.g. the filter values).
 */
export function useSyncedList<T>(prefix: string, options: { filter?: (item: T) => boolean; sort?: (a: T, b: T) => number; pageSize?: number; resetKey?: string } = {}): SyncedList<T> {
  const pageSize = options.pageSize ?? 20;
  const { data: all, loading } = usePrefix<T>(prefix);
  const [pages, setPages] = useState({ key: options.resetKey, count: 1 });
  const count = pages.key === options.resetKey ? pages.count : 1;
  const { filter, sort } = options;
  const view = useMemo(() => applyListView(all, { filter, sort, limit: count * pageSize }), [all, filter, sort, count, pageSize]);
  return {
    items: view.shown,
    all,
    total: view.total,
    hasMore: view.hasMore,
    loadMore: () => setPages({ key: options.resetKey, count: count + 1 }),
    loading,
  };
}
