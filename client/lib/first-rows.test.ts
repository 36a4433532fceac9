/**
 * A list's first rows kept for the next page load (first-rows.ts): written a second after a loaded
 * collection changes and when the page is hidden, never while the collection is still reading, and
 * read back in the list's order for the same cache and list only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROWS_KEPT, firstRowsToShow, keepFirstRows, readFirstRows } from './first-rows';
import { SIGNED_IN_KEY } from './session-keys';
import { SyncedCollection, type DiffOp } from './synced-collection';

interface Row {
  id: string;
  at: number;
}
const newestFirst = (a: Row, b: Row) => b.at - a.at || a.id.localeCompare(b.id);
const add = (row: Row): DiffOp => ({ op: 'add', key: `row/${row.id}`, newValue: { ...row } });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${String(i).padStart(3, '0')}`, at: i }));

/** localStorage, document and window as far as first-rows.ts uses them. */
function fakePage() {
  const stored = new Map<string, string>([[SIGNED_IN_KEY, '{"id":"u1"}']]);
  const listeners = new Map<string, () => void>();
  const target = { addEventListener: (name: string, fn: () => void) => listeners.set(name, fn), removeEventListener: (name: string) => listeners.delete(name) };
  const page = { visibilityState: 'visible', ...target };
  vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), clear: () => stored.clear() });
  vi.stubGlobal('document', page);
  vi.stubGlobal('window', target);
  return {
    stored,
    hide() {
      page.visibilityState = 'hidden';
      listeners.get('visibilitychange')?.();
    },
  };
}

describe('first rows kept for the next page load', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the first rows of a loaded list a second after its last change, in its order', () => {
    fakePage();
    const collection = new SyncedCollection<Row>({ prefix: 'row/', compare: newestFirst });
    keepFirstRows('rep:u1:1', 'rows', collection);

    collection.applyDiff(rows(100).map(add));
    vi.advanceTimersByTime(5_000);
    const nothingKept = () => expect(readFirstRows('rep:u1:1', 'rows')).toBeNull();
    nothingKept(); // still reading: a part of the rows is not the first rows

    collection.markLoaded();
    vi.advanceTimersByTime(900);
    collection.applyDiff([add({ id: 'new', at: 1_000 })]);
    vi.advanceTimersByTime(900);
    nothingKept(); // each change waits a second again
    vi.advanceTimersByTime(100);

    const kept = readFirstRows<Row>('rep:u1:1', 'rows')!;
    expect(kept).toHaveLength(FIRST_ROWS_KEPT);
    expect(kept.slice(0, 3).map((r) => r.id)).toEqual(['new', 'r099', 'r098']);
    expect(readFirstRows('rep:u2:1', 'rows')).toBeNull();
    expect(readFirstRows('rep:u1:1', 'others')).toBeNull();
  });

  it('writes at once when the page is hidden, and stops when told, writing a pending change first', () => {
    const page = fakePage();
    const collection = new SyncedCollection<Row>({ prefix: 'row/', compare: newestFirst });
    const stop = keepFirstRows('rep:u1:1', 'rows', collection);
    collection.applyDiff(rows(3).map(add));
    collection.markLoaded();
    page.hide();
    expect(readFirstRows<Row>('rep:u1:1', 'rows')!.map((r) => r.id)).toEqual(['r002', 'r001', 'r000']);

    collection.applyDiff([add({ id: 'pending', at: 40 })]);
    stop();
    expect(readFirstRows<Row>('rep:u1:1', 'rows')!.map((r) => r.id)).toEqual(['pending', 'r002', 'r001', 'r000']);
    collection.applyDiff([add({ id: 'late', at: 50 })]);
    vi.advanceTimersByTime(5_000);
    expect(readFirstRows<Row>('rep:u1:1', 'rows')).toHaveLength(4);
  });

  it('writes nothing once signed out (the storage was cleared)', () => {
    fakePage();
    const collection = new SyncedCollection<Row>({ prefix: 'row/', compare: newestFirst });
    keepFirstRows('rep:u1:1', 'rows', collection);
    collection.applyDiff(rows(3).map(add));
    collection.markLoaded();
    localStorage.clear();
    vi.advanceTimersByTime(5_000);
    expect(readFirstRows('rep:u1:1', 'rows')).toBeNull();
  });

  it('shows the kept rows until the list has loaded in this page, and not again after', () => {
    const page = fakePage();
    page.stored.set('hoa-first-rows:rep:u3:1:rows', JSON.stringify([{ id: 'kept', at: 9 }]));
    expect(firstRowsToShow<Row>('rep:u3:1', 'rows')!.map((r) => r.id)).toEqual(['kept']);
    const collection = new SyncedCollection<Row>({ prefix: 'row/', compare: newestFirst });
    keepFirstRows('rep:u3:1', 'rows', collection);
    collection.applyDiff(rows(2).map(add));
    expect(firstRowsToShow('rep:u3:1', 'rows')).not.toBeNull(); // still reading
    collection.markLoaded();
    expect(firstRowsToShow('rep:u3:1', 'rows')).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    const page = fakePage();
    page.stored.set('hoa-first-rows:rep:u1:1:rows', '{not json');
    expect(readFirstRows('rep:u1:1', 'rows')).toBeNull();
  });
});
