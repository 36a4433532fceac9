/**
 * A list read page by page from REST, for areas that are not synced (users, addresses): the first
 * page on mount, Load more appends the next, `reload()` reads the pages shown again after a write.
 * The answer is the API's page shape (`docs`, `page`, `totalPages`, `hasNextPage`) with the screen's
 * counters in `statistics`. It gives `ListScreen` its rows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListRows } from '../ui/ListScreen';
import { api, errorMessage } from './api';

export interface ApiPage<T, S> {
  docs: T[];
  page: number;
  totalPages: number;
  hasNextPage?: boolean;
  statistics?: S;
}

export interface PagedList<T, S> {
  rows: ListRows<T>;
  statistics: S | null;
  /** The failure of the last load, in the spec's words (the server's message first). */
  error: string | null;
  /** Reads every page shown again (after a change); resolves false when it failed. */
  reload: () => Promise<boolean>;
}

export function usePagedList<T, S>(
  path: string,
  { limit, query, loadFailed, loadMoreFailed }: { limit: number; query?: Record<string, string | number | boolean | undefined>; loadFailed: string; loadMoreFailed: string },
): PagedList<T, S> {
  const [items, setItems] = useState<T[]>([]);
  const [statistics, setStatistics] = useState<S | null>(null);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const queryKey = JSON.stringify(query ?? {});
  // The newest load wins: a reload started later replaces an older answer.
  const generation = useRef(0);

  const fetchPage = useCallback(
    (p: number, size = limit) => api<ApiPage<T, S>>(path, { query: { ...JSON.parse(queryKey), page: p, limit: size } }),
    [path, limit, queryKey],
  );
  const take = (res: ApiPage<T, S>) => {
    if (res.statistics) setStatistics(res.statistics);
    setHasMore(res.hasNextPage ?? res.page < res.totalPages);
  };

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    const pages = Math.max(page, 1);
    setLoading(true);
    try {
      // The pages shown, as one read: the list keeps its length and place.
      const res = await fetchPage(1, Math.min(pages * limit, 100));
      if (mine !== generation.current) return true;
      setItems(res.docs);
      take(res);
      setPage(Math.ceil(res.docs.length / limit) || 1);
      setError(null);
      return true;
    } catch (e) {
      if (mine === generation.current) setError(errorMessage(e, loadFailed));
      return false;
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [fetchPage, page, limit, loadFailed]);

  useEffect(() => {
    const mine = ++generation.current;
    setLoading(true);
    fetchPage(1).then(
      (res) => {
        if (mine !== generation.current) return;
        setItems(res.docs);
        setPage(1);
        take(res);
        setError(null);
        setLoading(false);
      },
      (e) => {
        if (mine !== generation.current) return;
        setError(errorMessage(e, loadFailed));
        setLoading(false);
      },
    );
  }, [fetchPage, loadFailed]);

  const loadMore = useCallback(async () => {
    const mine = generation.current;
    try {
      const res = await fetchPage(page + 1);
      if (mine !== generation.current) return;
      setItems((list) => [...list, ...res.docs]);
      setPage(page + 1);
      take(res);
    } catch (e) {
      if (mine === generation.current) setError(errorMessage(e, loadMoreFailed));
    }
  }, [fetchPage, page, loadMoreFailed]);

  return { rows: { items, hasMore, loading, loadMore: () => void loadMore() }, statistics, error, reload };
}
