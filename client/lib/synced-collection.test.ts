import { describe, expect, it } from 'vitest';
import { CollectionView, SyncedCollection, watchCollection, type CollectionSpec, type DiffOp, type Predicate, type WatchSource } from './synced-collection';

interface Row {
  id: string;
  rank: number;
  status: 'open' | 'closed' | 'draft';
}
interface Marker {
  rowId: string;
}
type Item = Row & { read: boolean };

const key = (id: string) => `row/${id}`;
const markerKey = (id: string) => `mark/${id}`;
/** Rank first (few distinct values, so many ties), then id: a total order. */
const byRank = (a: Item, b: Item) => a.rank - b.rank || a.id.localeCompare(b.id);

function spec(calls = { compare: 0, merge: 0, unread: 0 }): CollectionSpec<Item, 'unread' | 'open', Row, Marker> {
  return {
    prefix: 'row/',
    compare: (a, b) => (calls.compare++, byRank(a, b)),
    join: { prefix: 'mark/', rowKey: (k) => key(k.slice('mark/'.length)), merge: (row, m) => (calls.merge++, { ...row, read: !!m }) },
    counters: { unread: (i) => (calls.unread++, !i.read), open: (i) => i.status === 'open' },
  };
}

const add = (row: Row): DiffOp => ({ op: 'add', key: key(row.id), newValue: { ...row } });
const change = (old: Row, row: Row): DiffOp => ({ op: 'change', key: key(row.id), oldValue: { ...old }, newValue: { ...row } });
const del = (row: Row): DiffOp => ({ op: 'del', key: key(row.id), oldValue: { ...row } });
const mark = (id: string): DiffOp => ({ op: 'add', key: markerKey(id), newValue: { rowId: id } });
const unmark = (id: string): DiffOp => ({ op: 'del', key: markerKey(id), oldValue: { rowId: id } });
const ids = (items: readonly Item[]) => items.map((i) => i.id);

describe('SyncedCollection', () => {
  it('keeps rows sorted through adds, changes and deletes', () => {
    const c = new SyncedCollection(spec());
    const a = { id: 'a', rank: 2, status: 'open' } as const;
    const b = { id: 'b', rank: 1, status: 'open' } as const;
    c.applyDiff([add(a), add(b), add({ id: 'c', rank: 3, status: 'draft' })]);
    expect(ids(c.sorted)).toEqual(['b', 'a', 'c']);
    c.applyDiff([change(a, { ...a, rank: 0 })]);
    expect(ids(c.sorted)).toEqual(['a', 'b', 'c']);
    c.applyDiff([del(b)]);
    expect(ids(c.sorted)).toEqual(['a', 'c']);
    expect(c.size).toBe(2);
  });

  it('joins entries onto their rows, whichever arrives first, and rebuilds only that row', () => {
    const calls = { compare: 0, merge: 0, unread: 0 };
    const c = new SyncedCollection(spec(calls));
    c.applyDiff([mark('b')]);
    expect(c.size).toBe(0);
    c.applyDiff([add({ id: 'a', rank: 1, status: 'open' }), add({ id: 'b', rank: 2, status: 'open' })]);
    expect(c.sorted.map((i) => [i.id, i.read])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    const before = c.sorted[1];
    calls.merge = 0;
    c.applyDiff([mark('a')]);
    expect(calls.merge).toBe(1);
    expect(c.sorted[0].read).toBe(true);
    expect(c.sorted[1]).toBe(before);
    c.applyDiff([unmark('b'), unmark('zzz')]);
    expect(c.sorted.map((i) => i.read)).toEqual([true, false]);
  });

  it('counts incrementally', () => {
    const c = new SyncedCollection(spec());
    const a = { id: 'a', rank: 1, status: 'open' } as const;
    c.applyDiff([add(a), add({ id: 'b', rank: 1, status: 'closed' })]);
    expect(c.counters()).toEqual({ unread: 2, open: 1 });
    c.applyDiff([mark('a'), change(a, { ...a, status: 'closed' })]);
    expect(c.counters()).toEqual({ unread: 1, open: 0 });
    c.applyDiff([del({ ...a, status: 'closed' })]);
    expect(c.counters()).toEqual({ unread: 1, open: 0 });
  });

  it('removes the changed row itself among rows that compare equal', () => {
    const c = new SyncedCollection<Row>({ prefix: 'row/', compare: (a, b) => a.rank - b.rank });
    const rows = ['a', 'b', 'c', 'd'].map((id) => ({ id, rank: 1, status: 'open' as const }));
    c.applyDiff(rows.map(add));
    c.applyDiff([change(rows[2], { ...rows[2], rank: 0 })]);
    expect(c.sorted.map((r) => r.id)).toEqual(['c', 'a', 'b', 'd']);
    c.applyDiff([del(rows[1])]);
    expect(c.sorted.map((r) => r.id)).toEqual(['c', 'a', 'd']);
  });

  it('does work in proportion to a change at 10,000 rows', () => {
    const calls = { compare: 0, merge: 0, unread: 0 };
    const c = new SyncedCollection(spec(calls));
    const rows = Array.from({ length: 10_000 }, (_, i): Row => ({ id: `r${i}`, rank: i % 97, status: i % 3 ? 'open' : 'closed' }));
    c.applyDiff(rows.map(add));
    let predicateCalls = 0;
    const open: Predicate<Item> = (i) => (predicateCalls++, i.status === 'open');
    const view = new CollectionView(c);
    view.read(open);
    Object.assign(calls, { compare: 0, merge: 0, unread: 0 });
    predicateCalls = 0;

    c.applyDiff([change(rows[5001], { ...rows[5001], rank: 50, status: 'open' })]);
    const matches = view.read(open);
    // Remove and insert, in the collection and in the view: four binary searches of ~14 steps each.
    expect(calls.compare).toBeLessThanOrEqual(4 * 16);
    expect(calls.merge).toBe(1);
    expect(calls.unread).toBe(2);
    expect(predicateCalls).toBe(2);
    expect(matches.length).toBe(rows.filter((r) => r.status === 'open').length + 1);
  });

  it('counts the matches a slice at a time, catching up with changes between slices, both ways', () => {
    const rows = Array.from({ length: 1_000 }, (_, i): Row => ({ id: `r${String(i).padStart(4, '0')}`, rank: i % 7, status: i % 3 ? 'open' : 'closed' }));
    for (const reverse of [false, true]) {
      const c = new SyncedCollection(spec());
      c.applyDiff(rows.map(add));
      const open: Predicate<Item> = (i) => i.status === 'open';
      const view = new CollectionView(c, reverse);
      expect(view.first(open, 11)).toHaveLength(11);
      expect(view.counted(open)).toBeUndefined();
      let slices = 0;
      while (!view.countSome(open, 100)) {
        slices++;
        // A row already counted and one not yet reached both change meanwhile.
        if (slices === 3) c.applyDiff([change(rows[0], { ...rows[0], status: 'open' }), change(rows[999], { ...rows[999], status: 'closed' })]);
      }
      expect(slices).toBeGreaterThanOrEqual(9);
      const want = [...c.sorted].filter(open).length;
      expect(view.counted(open)).toBe(want);
      expect(view.count(open)).toBe(want);
      expect(view.counted(undefined)).toBe(1_000);
    }
  });

  it('reads every key space in parallel ranges, holds changes that arrive meanwhile, then is loaded', async () => {
    // The cache: UUID-like ids (spread over the ranges) and ids that are not (all in the first or last range).
    const cache = new Map<string, unknown>();
    const uuids = Array.from({ length: 40 }, (_, n) => `${(n * 37).toString(16).padStart(2, '0').slice(-2)}${n}-id`);
    for (const [n, id] of [...uuids, 'A-upper', 'zz-late', '-dash'].entries()) {
      cache.set(key(id), { id, rank: n % 5, status: 'open' });
      if (n % 3 === 0) cache.set(markerKey(id), { rowId: id });
    }
    cache.set('other/x', { id: 'x' });
    const scans: { prefix: string; start: string }[] = [];
    let finishRead!: () => void;
    const readGate = new Promise<void>((ok) => (finishRead = ok));
    const tx = {
      scan: ({ prefix, start }: { prefix: string; start: { key: string } }) => {
        scans.push({ prefix, start: start.key });
        return {
          async *entries() {
            await readGate;
            for (const k of [...cache.keys()].sort()) if (k.startsWith(prefix) && k >= start.key) yield [k, cache.get(k)] as const;
          },
        };
      },
    };
    const watches = new Map<string, (diff: readonly DiffOp[]) => void>();
    const stopped: string[] = [];
    const source = {
      experimentalWatch: (cb: (diff: readonly DiffOp[]) => void, options: { prefix: string; initialValuesInFirstDiff?: boolean }) => {
        expect(options.initialValuesInFirstDiff).toBeFalsy();
        watches.set(options.prefix, cb);
        return () => stopped.push(options.prefix);
      },
      query: <R>(body: (t: typeof tx) => Promise<R>) => body(tx),
    } as unknown as WatchSource;

    const c = new SyncedCollection(spec());
    const stop = watchCollection(source, c);
    expect([...watches.keys()]).toEqual(['row/', 'mark/']);
    expect(scans.filter((x) => x.prefix === 'row/')).toHaveLength(16);
    // A change and a new marker while the read runs: held, then applied after it.
    const changed = { id: uuids[3], rank: 9, status: 'closed' } as const;
    watches.get('row/')!([change(cache.get(key(uuids[3])) as Row, changed)]);
    watches.get('mark/')!([mark(uuids[4])]);
    expect(c.loaded).toBe(false);
    expect(c.size).toBe(0);
    finishRead();
    await new Promise((ok) => setTimeout(ok, 0));
    expect(c.loaded).toBe(true);
    const rows = [...cache.keys()].filter((k) => k.startsWith('row/'));
    expect(c.size).toBe(rows.length);
    expect(new Set(ids(c.sorted)).size).toBe(rows.length);
    expect(c.sorted.find((i) => i.id === uuids[3])).toMatchObject({ rank: 9, status: 'closed' });
    expect(c.sorted.find((i) => i.id === uuids[4])?.read).toBe(true);
    const marked = [...cache.keys()].filter((k) => k.startsWith('mark/')).length + 1;
    expect(c.counters().unread).toBe(rows.length - marked);
    // From now on changes apply at once.
    watches.get('row/')!([del(changed)]);
    expect(c.size).toBe(rows.length - 1);
    stop();
    expect(stopped).toEqual(['row/', 'mark/']);
    c.clear();
    expect([c.size, c.loaded, c.counters()]).toEqual([0, false, { unread: 0, open: 0 }]);
  });

  it('stays empty when stopped before the first read is in', async () => {
    let finishRead!: () => void;
    const readGate = new Promise<void>((ok) => (finishRead = ok));
    const source = {
      experimentalWatch: () => () => {},
      query: async () => {
        await readGate;
        return [];
      },
    } as unknown as WatchSource;
    const c = new SyncedCollection(spec());
    watchCollection(source, c)();
    finishRead();
    await new Promise((ok) => setTimeout(ok, 0));
    expect(c.loaded).toBe(false);
  });
});

/** A small seeded generator (mulberry32), so a failure replays. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILTERS: Predicate<Item>[] = [(i) => i.status === 'open', (i) => !i.read, (i) => i.rank < 3, (i) => i.status !== 'draft' && i.read];
const STATUSES = ['open', 'closed', 'draft'] as const;

describe('SyncedCollection against a naive recompute', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`agrees after random adds, changes, deletes and filters (seed ${seed})`, () => {
      const rand = random(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
      const rows = new Map<string, Row>();
      const marks = new Set<string>();
      const c = new SyncedCollection(spec());
      // One view reads after every batch, one now and then (it catches up on several batches or recomputes).
      const eager = new CollectionView(c);
      const lazy = new CollectionView(c);
      // One reads only the first pages (a list's Load more), now and then every match.
      const paged = new CollectionView(c);
      // One reads backwards (Oldest First), the first pages from the end.
      const back = new CollectionView(c, true);
      let eagerFilter: Predicate<Item> | undefined = pick(FILTERS);
      let lazyFilter: Predicate<Item> | undefined = pick(FILTERS);
      let pagedFilter: Predicate<Item> | undefined = pick(FILTERS);
      let pagedN = 1;

      const naive = (filter?: Predicate<Item>) => {
        const items = [...rows.values()].map((r) => ({ ...r, read: marks.has(r.id) }));
        return ids((filter ? items.filter(filter) : items).sort(byRank));
      };

      for (let step = 0; step < 400; step++) {
        // Mostly small batches; sometimes one big enough to take the bulk path.
        const size = rand() < 0.05 ? 40 + Math.floor(rand() * 200) : 1 + Math.floor(rand() * 4);
        const diff: DiffOp[] = [];
        const touched = new Set<string>();
        for (let k = 0; k < size; k++) {
          const id = `r${Math.floor(rand() * 120)}`;
          const space = rand() < 0.25 ? 'mark' : 'row';
          // Replicache sends one op per key in a diff.
          if (touched.has(`${space}/${id}`)) continue;
          touched.add(`${space}/${id}`);
          if (space === 'mark') {
            const had = marks.delete(id);
            if (!had) marks.add(id);
            diff.push(had ? unmark(id) : mark(id));
            continue;
          }
          const old = rows.get(id);
          const next: Row = { id, rank: Math.floor(rand() * 6), status: pick(STATUSES) };
          if (old && rand() < 0.3) {
            rows.delete(id);
            diff.push(del(old));
          } else {
            rows.set(id, next);
            diff.push(old ? change(old, next) : add(next));
          }
        }
        c.applyDiff(diff);

        if (rand() < 0.1) eagerFilter = rand() < 0.2 ? undefined : pick(FILTERS);
        expect(ids(eager.read(eagerFilter)), `step ${step}`).toEqual(naive(eagerFilter));
        if (rand() < 0.2) {
          if (rand() < 0.3) lazyFilter = pick(FILTERS);
          expect(ids(lazy.read(lazyFilter)), `step ${step} (lazy)`).toEqual(naive(lazyFilter));
        }
        if (rand() < 0.1) [pagedFilter, pagedN] = [pick(FILTERS), 1];
        pagedN += rand() < 0.2 ? 3 : 0;
        const want = naive(pagedFilter);
        if (rand() < 0.1) expect(ids(paged.read(pagedFilter)), `step ${step} (paged, all)`).toEqual(want);
        const first = paged.first(pagedFilter, pagedN);
        expect(ids(first.slice(0, pagedN)), `step ${step} (paged, first ${pagedN})`).toEqual(want.slice(0, pagedN));
        expect(first.length >= Math.min(pagedN, want.length), `step ${step} (paged holds enough)`).toBe(true);
        const backwards = naive(pagedFilter).reverse();
        expect(ids(back.first(pagedFilter, pagedN).slice(0, pagedN)), `step ${step} (backwards, first ${pagedN})`).toEqual(backwards.slice(0, pagedN));
        if (rand() < 0.1) expect(back.count(pagedFilter), `step ${step} (backwards, count)`).toBe(backwards.length);
        expect(ids(c.sorted)).toEqual(naive());
        const items = [...rows.values()];
        expect(c.counters()).toEqual({ unread: items.filter((r) => !marks.has(r.id)).length, open: items.filter((r) => r.status === 'open').length });
      }
    });
  }
});
