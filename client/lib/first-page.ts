/**
 * A list's first page over REST, for a page load with nothing to show it from: a new device or a
 * cleared cache, where no rows were kept at the last visit (first-rows.ts) and the cache is empty
 * until its first pull is in. On a phone that pull came a second or more after the screen painted
 * (the engine loads after the first paint, then opens the cache and pulls every area). A list that
 * declares `firstPage` reads its first rows over REST meanwhile (the boot script may have sent that
 * read already: `firstRead` in client/app/route-def.ts) and shows them as it shows kept rows: filtered
 * by the screen, with the list still loading, until the cache's read is in. Then this page load shows
 * no REST rows of that list again: the cache's are newer and hold this device's changes.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api';
import { loadZod } from './deferred-zod';
import { FIRST_ROWS_KEPT } from './first-rows';

/** A list's REST read of its first rows, already in the cache's shape (the list's items), in the list's order. */
export type FirstPageRead<Item> = () => Promise<Item[]>;

interface Entry {
  rows: unknown[] | null;
  /** The cache's rows were shown: no REST rows of this list again in this page load. */
  spent: boolean;
}

/** Per cache (user) and list, for this page load. */
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The REST rows the list under `key` shows now (null: none). While `shown` (nothing kept, the cache's
 * rows not in), they show once read; the read starts once per page load, when `mayRead` too (the cache
 * has not got the server's rows: a filled cache being read needs none). Once the list shows the cache's
 * rows (`shown` false after a read started), this page load shows none again.
 */
export function useFirstPage<Item>(key: string | null, read: FirstPageRead<Item> | undefined, shown: boolean, mayRead: boolean): Item[] | null {
  const rows = useSyncExternalStore(subscribe, () => {
    const entry = key && read && shown ? entries.get(key) : undefined;
    return entry && !entry.spent ? entry.rows : null;
  });
  useEffect(() => {
    if (!key || !read) return;
    const known = entries.get(key);
    if (!shown) {
      if (known && !known.spent) entries.set(key, { rows: null, spent: true });
      return;
    }
    if (known || !mayRead) return;
    const fresh: Entry = { rows: null, spent: false };
    entries.set(key, fresh);
    read().then(
      (found) => {
        if (entries.get(key) !== fresh) return;
        entries.set(key, { rows: found.slice(0, FIRST_ROWS_KEPT), spent: false });
        for (const listener of listeners) listener();
      },
      // Offline, or refused: the list waits for the cache as it did.
      () => {},
    );
  }, [key, read, shown, mayRead]);
  return rows as Item[] | null;
}

/**
 * A list's first page as its REST list answers it (`docs`, in the list's order), each row in the
 * cache's shape. `fromRemote` reads the area's schema: zod is awaited beside the answer.
 */
export const firstPageOverRest =
  <R, Item>(path: string, fromRemote: (row: R) => Item): FirstPageRead<Item> =>
  async () => {
    const [answer] = await Promise.all([api<{ docs: R[] }>(path), loadZod()]);
    return answer.docs.map(fromRemote);
  };
