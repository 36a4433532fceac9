/**
 * A list screen's rows, kept up to date from Replicache diffs instead of re-reading the cache: the
 * rows stay sorted (binary-search insert and remove), an optional second key space is joined onto
 * them (read markers onto announcements), and named counters follow each change. A change costs
 * work in proportion to the change, not to the number of cached rows. No React here.
 */
import type { ExperimentalDiffOperation, ReadonlyJSONValue, ReadTransaction, Replicache } from 'replicache';
import { markOnce } from './perf-marks';
import { insertSorted, lowerBound, mergeSorted, removeSorted, upperBound, type Compare } from './sorted-array';

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
/**
 * Above this many ops in one diff, and more than a 64th of the rows, one merge (a pass over every row)
 * is cheaper than that many inserts (each a memmove of half the rows).
 */
const BULK_MIN = 64;
const isBulk = (changes: number, size: number) => changes > BULK_MIN && changes * 64 > size;

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

  /**
   * A large diff (the initial values, a range of them, a big pull): update the maps, drop the changed
   * rows' old items, sort the new ones alone and merge them in: O(rows + changes · log changes), not a
   * sort of every row.
   */
  private applyBulk(diff: readonly DiffOp[]): void {
    const { prefix, join, compare } = this.spec;
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
    const gone = new Set<Item>();
    const added: Item[] = [];
    for (const key of touched) {
      const old = this.items.get(key);
      const next = this.build(key);
      if (old !== undefined) {
        gone.add(old);
        this.count(old, -1);
      }
      if (next === undefined) this.items.delete(key);
      else {
        this.items.set(key, next);
        added.push(next);
        this.count(next, 1);
      }
    }
    const kept = gone.size > 0 ? this.sorted.filter((item) => !gone.has(item)) : this.sorted;
    this.sorted = mergeSorted(kept, added.sort(compare), compare);
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
 * The rows of a collection that pass a filter, in the collection's order or backwards, found only as
 * far as a screen asks: `first(filter, n)` scans the sorted rows (from the end when reversed) until it
 * holds n matches (a list shows 10 at a time, so a new filter costs about 10 / selectivity rows, not
 * all 100,000); `read(filter)` scans to the end (a total). Between reads the view catches up from the
 * collection's change log: a change within the part scanned so far is applied to the matches
 * (O(log n)); one beyond it is met when the scan goes on. A new filter, or a view too far behind,
 * starts over. The matches are references to the collection's items, in one array reused from
 * filter to filter: no row is copied, and a filter change allocates nothing once the array has grown.
 */
export class CollectionView<Item> {
  private filter: Predicate<Item> | undefined;
  /** The matches among the rows scanned so far, in the view's order. */
  private matches: Item[] = [];
  /** The last row scanned: rows after it (in the view's order) are not scanned yet. Undefined: none yet. */
  private scannedTo: Item | undefined;
  /** Every row is scanned: `matches` holds every match. */
  private complete = false;
  private seen = -1;
  /** The view's order: the collection's, or the collection's backwards. */
  private readonly order: Compare<Item>;

  constructor(
    private readonly collection: SyncedCollection<Item, any>,
    private readonly reverse = false,
  ) {
    const { compare } = collection.spec;
    this.order = reverse ? (a, b) => compare(b, a) : compare;
  }

  /** At least the first `n` matching rows when there are that many. Read it, never change it (nor keep it past the next read). */
  first(filter: Predicate<Item> | undefined, n: number): readonly Item[] {
    if (!filter && !this.reverse) return this.unfiltered();
    this.catchUp(filter ?? everyRow);
    if (!this.complete && this.matches.length < n) this.scan(n);
    return this.matches;
  }

  /** Every matching row. Read it, never change it (nor keep it past the next read). */
  read(filter: Predicate<Item> | undefined): readonly Item[] {
    return this.first(filter, Infinity);
  }

  /** How many rows match (a full scan once per filter, then caught up change by change). */
  count(filter: Predicate<Item> | undefined): number {
    return this.counted(filter) ?? this.read(filter).length;
  }

  /** How many rows match, when that is known without scanning further (every row scanned); undefined until then. */
  counted(filter: Predicate<Item> | undefined): number | undefined {
    if (!filter) return this.collection.size;
    this.catchUp(filter);
    return this.complete ? this.matches.length : undefined;
  }

  /** Scans at most `rows` more rows toward the count of every match (a slice of a count done in the background); true once it is known. */
  countSome(filter: Predicate<Item> | undefined, rows: number): boolean {
    if (this.counted(filter) !== undefined) return true;
    this.scan(Infinity, rows);
    return this.complete;
  }

  private unfiltered(): readonly Item[] {
    this.filter = undefined;
    return this.collection.sorted;
  }

  private catchUp(filter: Predicate<Item>) {
    const c = this.collection;
    const changes = filter === this.filter ? c.changesSince(this.seen) : null;
    if (!changes || isBulk(changes.length, c.size)) {
      // Reused: a filter change allocates nothing once the array has grown.
      this.matches.length = 0;
      this.scannedTo = undefined;
      this.complete = false;
    } else {
      const order = this.order;
      const scanned = (x: Item) => this.complete || (this.scannedTo !== undefined && order(x, this.scannedTo) <= 0);
      for (const [old, next] of changes) {
        if (old !== undefined && scanned(old) && filter(old)) removeSorted(this.matches, old, order);
        if (next !== undefined && scanned(next) && filter(next)) insertSorted(this.matches, next, order);
      }
    }
    this.filter = filter;
    this.seen = c.seq;
  }

  /** Goes on from the last row scanned until `n` matches are held, `budget` more rows are scanned, or every row is. */
  private scan(n: number, budget = Infinity) {
    const { sorted, spec } = this.collection;
    const filter = this.filter!;
    const matches = this.matches;
    const last = this.scannedTo;
    if (this.reverse) {
      let i = (last === undefined ? sorted.length : lowerBound(sorted, last, spec.compare)) - 1;
      for (; i >= 0 && matches.length < n && budget-- > 0; i--) if (filter(sorted[i])) matches.push(sorted[i]);
      if (i < 0) this.complete = true;
      else this.scannedTo = sorted[i + 1] ?? last;
    } else {
      let i = last === undefined ? 0 : upperBound(sorted, last, spec.compare);
      for (; i < sorted.length && matches.length < n && budget-- > 0; i++) if (filter(sorted[i])) matches.push(sorted[i]);
      if (i >= sorted.length) this.complete = true;
      else this.scannedTo = sorted[i - 1] ?? last;
    }
  }
}

const everyRow = () => true;

/** The part of Replicache a collection needs (a fake in tests). */
export type WatchSource = Pick<Replicache<any>, 'experimentalWatch' | 'query'>;

const HEX = '0123456789abcdef';
/** Parts of each key space read side by side at first (ids are UUIDs: their first hex digit spreads them evenly). */
export const FIRST_READ_PARTS = HEX.length;

/**
 * The entries under `prefix`, read as FIRST_READ_PARTS key ranges side by side: IndexedDB serves
 * the B-tree's chunks of several ranges at once, where one scan waits for each chunk in turn (10k
 * cached rows: about half the time of the watch's initial values). The ranges cover every key,
 * UUID or not: the first starts at the prefix, the last runs to its end. Each range is handed to
 * `onPart` as soon as it is read, so that its rows are taken in (and its entries let go) while the
 * others are still read: no task takes in every row at once.
 */
async function readSpace(tx: ReadTransaction, prefix: string, onPart: (ops: DiffOp[]) => void): Promise<void> {
  await Promise.all(
    [...HEX].map(async (digit, i) => {
      const start = i === 0 ? prefix : prefix + digit;
      const end = i === HEX.length - 1 ? null : prefix + HEX[i + 1];
      const ops: DiffOp[] = [];
      for await (const [key, newValue] of tx.scan({ prefix, start: { key: start } }).entries()) {
        if (end !== null && key >= end) break;
        ops.push({ op: 'add', key, newValue });
      }
      onPart(ops);
    }),
  );
}

/**
 * Feeds `collection` from `source`: one watch per key space for the changes, and a first read of
 * every space in parallel ranges (readSpace) for the current values, each range taken in as it is
 * read; the collection is loaded once every range is in (screens show none of its rows before).
 * Changes the watches report meanwhile are held and applied after the read, in order (a change the
 * read already holds is applied again to the same value). Returns the stopper.
 */
export function watchCollection(source: WatchSource, collection: SyncedCollection<any, any>): () => void {
  const { prefix, join } = collection.spec;
  const prefixes = join ? [prefix, join.prefix] : [prefix];
  let held: (readonly DiffOp[])[] | null = [];
  let stopped = false;
  // The watches first, so that no change falls between the read and them.
  const stops = prefixes.map((p) => source.experimentalWatch((diff) => (held ? held.push(diff) : collection.applyDiff(diff)), { prefix: p }));
  markOnce('first-list-read-start');
  const takeIn = (ops: DiffOp[]) => stopped || collection.applyDiff(ops);
  source.query(async (tx) => Promise.all(prefixes.map((p) => readSpace(tx, p, takeIn)))).then(
    () => {
      if (stopped) return;
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
