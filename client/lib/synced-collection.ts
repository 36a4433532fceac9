/**
 * A list screen's rows, kept up to date from Replicache diffs instead of re-reading the cache: the
 * rows stay sorted (binary-search insert and remove), an optional second key space is joined onto
 * them (read markers onto announcements), and named counters follow each change. A change costs
 * work in proportion to the change, not to the number of cached rows. No React here.
 */
import type { ExperimentalDiffOperation, ReadonlyJSONValue, ReadTransaction, Replicache } from 'replicache';
import { markOnce } from './perf-marks';
import { insertSorted, removeSorted, upperBound, type Compare } from './sorted-array';

export type DiffOp = ExperimentalDiffOperation<string>;
export type Predicate<T> = (item: T) => boolean;

/** A second key space whose entries belong to rows of the first (e.g. `announcementRead/<id>` → `announcement/<id>`). */
export interface CollectionJoin<Row, Joined, Item> {
  prefix: string;
  /** Key of the row an entry of this space belongs to. */
  rowKey: (joinKey: string) => string;
  /** The view item of a row and its joined entry (undefined when there is none). */
  merge: (row: Row, joined: Joined | undefined) => Item;
}

export interface CollectionSpec<Item, C extends string = string, Row = Item, Joined = unknown> {
  prefix: string;
  /** Names the list where its first rows are kept for the next page load (first-rows.ts); unnamed lists keep none. */
  name?: string;
  /** The rows' order. Break ties (e.g. by id) so that equal rows keep one order everywhere. */
  compare: Compare<Item>;
  join?: CollectionJoin<Row, Joined, Item>;
  /** Counters over all rows (not only those a filter lets through), e.g. `{ unread: isUnread }`. */
  counters?: Record<C, Predicate<Item>>;
}

/** One row replaced: `old` leaves the list, `next` enters it (either may be absent). */
type Change<Item> = readonly [old: Item | undefined, next: Item | undefined];

/** Changes kept for views that read later; a view further behind recomputes once. */
const LOG_LIMIT = 4_096;
/** Above this many ops in one diff, and more than an eighth of the rows, one sort is cheaper than that many inserts. */
const BULK_MIN = 64;
const isBulk = (changes: number, size: number) => changes > BULK_MIN && changes * 8 > size;

export class SyncedCollection<Item, C extends string = string> {
  /** Every row's view item, in `compare` order. Read it, never change it. */
  sorted: Item[] = [];
  /** Bumped on every visible change; React's snapshot. */
  version = 0;
  /** True once every watched key space delivered its initial values. */
  loaded = false;

  private readonly rows = new Map<string, ReadonlyJSONValue>();
  private readonly joined = new Map<string, ReadonlyJSONValue>();
  private readonly items = new Map<string, Item>();
  private counts: Record<C, number>;
  private log: Change<Item>[] = [];
  /** Sequence number of `log[0]`; views that saw less than this recompute. */
  private logStart = 0;
  private readonly listeners = new Set<() => void>();

  constructor(readonly spec: CollectionSpec<Item, C, any, any>) {
    this.counts = this.zeroCounts();
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Sequence number of the next change. */
  get seq(): number {
    return this.logStart + this.log.length;
  }

  /** A copy of the counters (they change in place). */
  counters(): Record<C, number> {
    return { ...this.counts };
  }

  /** Changes since sequence number `seen`, or null when they are no longer kept. */
  changesSince(seen: number): readonly Change<Item>[] | null {
    return seen < this.logStart ? null : this.log.slice(seen - this.logStart);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Applies one Replicache diff (ops of the row space and of the joined space). */
  applyDiff(diff: readonly DiffOp[]): void {
    if (diff.length === 0) return;
    const seq = this.seq;
    if (isBulk(diff.length, this.sorted.length)) this.applyBulk(diff);
    else for (const op of diff) this.applyOp(op);
    if (this.seq !== seq) this.changed();
  }

  markLoaded(): void {
    if (this.loaded) return;
    this.loaded = true;
    this.changed();
  }

  /** Forgets every row (before watching again from the initial values). */
  clear(): void {
    this.rows.clear();
    this.joined.clear();
    this.items.clear();
    this.sorted = [];
    this.counts = this.zeroCounts();
    this.loaded = false;
    this.restartLog();
    this.changed();
  }

  private applyOp(op: DiffOp): void {
    const { prefix, join } = this.spec;
    if (op.key.startsWith(prefix)) {
      if (op.op === 'del') this.rows.delete(op.key);
      else this.rows.set(op.key, op.newValue);
      this.replace(op.key, this.build(op.key));
    } else if (join && op.key.startsWith(join.prefix)) {
      const rowKey = join.rowKey(op.key);
      if (op.op === 'del') this.joined.delete(rowKey);
      else this.joined.set(rowKey, op.newValue);
      // Only the row the entry belongs to is rebuilt.
      if (this.rows.has(rowKey)) this.replace(rowKey, this.build(rowKey));
    }
  }

  private build(key: string): Item | undefined {
    const row = this.rows.get(key);
    if (row === undefined) return undefined;
    const { join } = this.spec;
    return join ? join.merge(row, this.joined.get(key)) : (row as Item);
  }

  private replace(key: string, next: Item | undefined): void {
    const { compare } = this.spec;
    const old = this.items.get(key);
    if (old !== undefined) {
      removeSorted(this.sorted, old, compare);
      this.count(old, -1);
    }
    if (next === undefined) this.items.delete(key);
    else {
      this.items.set(key, next);
      insertSorted(this.sorted, next, compare);
      this.count(next, 1);
    }
    this.log.push([old, next]);
    if (this.log.length > LOG_LIMIT) {
      const drop = this.log.length - LOG_LIMIT / 2;
      this.log.splice(0, drop);
      this.logStart += drop;
    }
  }

  /** A large diff (the initial values, a big pull): update the maps, then sort and count once. */
  private applyBulk(diff: readonly DiffOp[]): void {
    const { prefix, join } = this.spec;
    const touched = new Set<string>();
    for (const op of diff) {
      let map: Map<string, ReadonlyJSONValue>;
      let key: string;
      if (op.key.startsWith(prefix)) [map, key] = [this.rows, op.key];
      else if (join && op.key.startsWith(join.prefix)) [map, key] = [this.joined, join.rowKey(op.key)];
      else continue;
      if (op.op === 'del') map.delete(key);
      else map.set(key, op.newValue);
      touched.add(key);
    }
    for (const key of touched) {
      const next = this.build(key);
      if (next === undefined) this.items.delete(key);
      else this.items.set(key, next);
    }
    this.sorted = [...this.items.values()].sort(this.spec.compare);
    this.counts = this.zeroCounts();
    for (const item of this.sorted) this.count(item, 1);
    this.restartLog();
  }

  /** Views behind this point recompute. */
  private restartLog(): void {
    this.logStart = this.seq + 1;
    this.log = [];
  }

  private zeroCounts(): Record<C, number> {
    const counts = {} as Record<C, number>;
    for (const name of Object.keys(this.spec.counters ?? {}) as C[]) counts[name] = 0;
    return counts;
  }

  private count(item: Item, delta: 1 | -1): void {
    const counters = this.spec.counters;
    if (!counters) return;
    for (const name of Object.keys(counters) as C[]) if (counters[name](item)) this.counts[name] += delta;
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The rows of a collection that pass a filter, in the collection's order, found only as far as a
 * screen asks: `first(filter, n)` scans the sorted rows until it holds n matches (a list shows 10 at
 * a time, so a new filter costs about 10 / selectivity rows, not all 10,000); `read(filter)` scans to
 * the end (a total, a list read backwards). Between reads the view catches up from the collection's
 * change log: a change within the part scanned so far is applied to the matches (O(log n)); one
 * beyond it is met when the scan goes on. A new filter, or a view too far behind, starts over.
 */
export class CollectionView<Item> {
  private filter: Predicate<Item> | undefined;
  /** The matches among the rows scanned so far, in the collection's order. */
  private matches: Item[] = [];
  /** The last row scanned: rows that sort after it are not scanned yet. Undefined: none yet. */
  private scannedTo: Item | undefined;
  /** Every row is scanned: `matches` holds every match. */
  private complete = false;
  private seen = -1;

  constructor(private readonly collection: SyncedCollection<Item, any>) {}

  /** At least the first `n` matching rows when there are that many (all rows without a filter). Read it, never change it. */
  first(filter: Predicate<Item> | undefined, n: number): readonly Item[] {
    if (!filter) return this.unfiltered();
    this.catchUp(filter);
    if (!this.complete && this.matches.length < n) this.scan(n);
    return this.matches;
  }

  /** Every matching row (all rows without a filter). Read it, never change it. */
  read(filter: Predicate<Item> | undefined): readonly Item[] {
    return this.first(filter, Infinity);
  }

  private unfiltered(): readonly Item[] {
    this.filter = undefined;
    return this.collection.sorted;
  }

  private catchUp(filter: Predicate<Item>) {
    const c = this.collection;
    const changes = filter === this.filter ? c.changesSince(this.seen) : null;
    if (!changes || isBulk(changes.length, c.size)) {
      this.matches = [];
      this.scannedTo = undefined;
      this.complete = false;
    } else {
      const compare = c.spec.compare;
      const scanned = (x: Item) => this.complete || (this.scannedTo !== undefined && compare(x, this.scannedTo) <= 0);
      for (const [old, next] of changes) {
        if (old !== undefined && scanned(old) && filter(old)) removeSorted(this.matches, old, compare);
        if (next !== undefined && scanned(next) && filter(next)) insertSorted(this.matches, next, compare);
      }
    }
    this.filter = filter;
    this.seen = c.seq;
  }

  /** Goes on from the last row scanned until `n` matches are held or every row is scanned. */
  private scan(n: number) {
    const { sorted, spec } = this.collection;
    const filter = this.filter!;
    let i = this.scannedTo === undefined ? 0 : upperBound(sorted, this.scannedTo, spec.compare);
    for (; i < sorted.length && this.matches.length < n; i++) if (filter(sorted[i])) this.matches.push(sorted[i]);
    if (i >= sorted.length) this.complete = true;
    else this.scannedTo = sorted[i - 1] ?? this.scannedTo;
  }
}

/** The part of Replicache a collection needs (a fake in tests). */
export type WatchSource = Pick<Replicache<any>, 'experimentalWatch' | 'query'>;

const HEX = '0123456789abcdef';
/** Parts of each key space read side by side at first (ids are UUIDs: their first hex digit spreads them evenly). */
export const FIRST_READ_PARTS = HEX.length;

/**
 * The entries under `prefix`, read as FIRST_READ_PARTS key ranges side by side: IndexedDB serves
 * the B-tree's chunks of several ranges at once, where one scan waits for each chunk in turn (10k
 * cached rows: about half the time of the watch's initial values). The ranges cover every key,
 * UUID or not: the first starts at the prefix, the last runs to its end.
 */
async function readSpace(tx: ReadTransaction, prefix: string): Promise<DiffOp[]> {
  const parts = await Promise.all(
    [...HEX].map(async (digit, i) => {
      const start = i === 0 ? prefix : prefix + digit;
      const end = i === HEX.length - 1 ? null : prefix + HEX[i + 1];
      const ops: DiffOp[] = [];
      for await (const [key, newValue] of tx.scan({ prefix, start: { key: start } }).entries()) {
        if (end !== null && key >= end) break;
        ops.push({ op: 'add', key, newValue });
      }
      return ops;
    }),
  );
  return parts.flat();
}

/**
 * Feeds `collection` from `source`: one watch per key space for the changes, and a first read of
 * every space in parallel ranges (readSpace) for the current values; the collection is loaded once
 * that read is in. Changes the watches report before it are held and applied after it, in order
 * (a change the read already holds is applied again to the same value). Returns the stopper.
 */
export function watchCollection(source: WatchSource, collection: SyncedCollection<any, any>): () => void {
  const { prefix, join } = collection.spec;
  const prefixes = join ? [prefix, join.prefix] : [prefix];
  let held: (readonly DiffOp[])[] | null = [];
  let stopped = false;
  // The watches first, so that no change falls between the read and them.
  const stops = prefixes.map((p) => source.experimentalWatch((diff) => (held ? held.push(diff) : collection.applyDiff(diff)), { prefix: p }));
  markOnce('first-list-read-start');
  source.query(async (tx) => (await Promise.all(prefixes.map((p) => readSpace(tx, p)))).flat()).then(
    (initial) => {
      if (stopped) return;
      collection.applyDiff(initial);
      for (const diff of held!) collection.applyDiff(diff);
      held = null;
      markOnce('first-list-read');
      collection.markLoaded();
    },
    // The cache closed meanwhile (sign-out): nothing to show.
    () => {},
  );
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
