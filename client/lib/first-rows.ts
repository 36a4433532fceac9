/**
 * The first rows of each list, kept in localStorage so that a reload paints them before the cache's
 * first read of every row is in. That read is bounded by IndexedDB: at 10,000 cached rows, reading
 * them back took 240–360 ms on this machine however it was split (client/lib/synced-collection.ts),
 * and a list sorted by date cannot show its first row before it has them all.
 *
 * Kept while a loaded collection changes (a second after the last change, and when the page is
 * hidden), per cache (user and schema) and list. Shown only until that list's first full read of the
 * page load is in: what this device showed when the list was last open, which the read then
 * replaces. Written through first-screen.ts's `keepValue`: nothing after sign-out, which clears it.
 */
import { forgetKept, keepValue, keptForThisLoad, readKeptValue } from './first-screen';
import type { SyncedCollection } from './synced-collection';

/** Rows kept per list: two pages of 20 and the one that says there is more. */
export const FIRST_ROWS_KEPT = 41;
const WRITE_DELAY_MS = 1_000;
const PREFIX = 'hoa-first-rows:';

const keyOf = (cache: string, list: string) => `${PREFIX}${cache}:${list}`;

/** The rows kept for `list` in `cache`, in the list's order; null when none are (or storage fails). */
export function readFirstRows<Item>(cache: string, list: string): Item[] | null {
  const rows = readKeptValue(keyOf(cache, list));
  return Array.isArray(rows) ? (rows as Item[]) : null;
}

/**
 * The rows a list shows until its first full read of this page load is in (`keepFirstRows` then
 * forgets them: they would be older than the collection). Read from storage once per page load.
 */
export function firstRowsToShow<Item>(cache: string, list: string): Item[] | null {
  const rows = keptForThisLoad(keyOf(cache, list));
  return Array.isArray(rows) ? (rows as Item[]) : null;
}

/**
 * Keeps `collection`'s first rows for the next page load, from now until the returned stopper runs
 * (it writes a pending change first).
 * Only a loaded collection is kept: one still reading holds a part of the rows. Once it is loaded,
 * this page load shows no kept rows of it again (`firstRowsToShow`).
 */
export function keepFirstRows<Item>(cache: string, list: string, collection: SyncedCollection<Item, string>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!dirty || !collection.loaded) return;
    dirty = false;
    keepValue(keyOf(cache, list), collection.sorted.slice(0, FIRST_ROWS_KEPT));
  };
  const onChange = () => {
    if (!collection.loaded) return;
    forgetKept(keyOf(cache, list));
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(flush, WRITE_DELAY_MS);
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const unsubscribe = collection.subscribe(onChange);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);
  return () => {
    flush();
    unsubscribe();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', flush);
  };
}
