/**
 * Values computed from what a viewer may see (a list's `totalDocs`, a page of a REST list) change
 * only when the HOA's synced rows, the viewer's own rows or what the viewer may see change, and each
 * of those moves a change counter in the same transaction as the change (worker/sync/changes.ts). So
 * such a value is kept under those counters: one indexed read tells whether it still holds, and a
 * large HOA is not read row by row on every request. Counters only grow, and they are read before
 * the value is computed, so a kept value is never older than its key. Each process (each Workers
 * isolate) keeps its own; all of them read the same counters.
 */
import { isPrivileged } from '../../schema/roles';
import { cachedUntilNextWrite, type Database } from '../db';
import { itemsSize, type ColumnItems } from './column-parts';
import type { Viewer } from './area';
import { readCountersNow } from './changes';

const MAX_ENTRIES = 2_000;
/** Kept text in all (UTF-16 code units): a 100-row page of long messages is a few hundred KB. */
const MAX_CHARS = 16 * 1024 * 1024;

/** The answers kept for one database (tests open many; each Workers isolate one): key → value, oldest first, within `maxEntries` and `maxChars` in all. */
class AnswerCache {
  private entries = new Map<string, { value: unknown; chars: number }>();
  private chars = 0;
  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxChars = MAX_CHARS,
  ) {}
  /** The value kept under `key`, or `compute`'s, kept at `size` (in the cache's units). */
  async keep<T>(key: string, compute: () => Promise<T>, size: (value: T) => number): Promise<T> {
    const found = this.entries.get(key);
    if (found) return found.value as T;
    const value = await compute();
    this.set(key, value, size(value));
    return value;
  }
  /** What is kept under `key` (`{ value }`), or undefined when nothing is: nothing is computed. */
  peek<T>(key: string): { value: T } | undefined {
    const found = this.entries.get(key);
    return found && { value: found.value as T };
  }
  private set(key: string, value: unknown, chars: number) {
    // One value larger than the whole cache would only push every other one out.
    if (chars > this.maxChars) return;
    this.entries.set(key, { value, chars });
    this.chars += chars;
    // Oldest first: a Map iterates in insertion order.
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }
}
const answerCaches = new WeakMap<object, AnswerCache>();

/** The cache of `database` in `caches`, made on first use. */
function cacheOf(caches: WeakMap<object, AnswerCache>, database: Pick<Database, 'client'>, make: () => AnswerCache): AnswerCache {
  let cache = caches.get(database.client);
  if (!cache) caches.set(database.client, (cache = make()));
  return cache;
}

let keeping = true;
/** Benchmarks measure the computed answers with this off (tests/bench/serve.ts); counts stay kept. */
export function setKeptAnswers(on: boolean) {
  keeping = on;
}

/** What an area computes and every argument it depends on, as one cache key: built by `answerKey` only. */
export type AnswerKey = string & { readonly builtBy: 'answerKey' };

/**
 * The key of `area`'s `answer` (`count`, `page`, `stats`) for these arguments (a query's page, filters,
 * the HOA's day): `answerKey('announcements', 'page', 1, 20)`. Arguments are written as JSON, so no
 * filter text can make two different questions one key.
 */
export const answerKey = (area: string, answer: string, ...args: unknown[]): AnswerKey => `${area}.${answer}:${JSON.stringify(args)}` as AnswerKey;

export interface KeptAnswer {
  /** What is computed, with its arguments. */
  key: AnswerKey;
  /**
   * `shared`: the same for every board member (and superadmin) of the HOA, and for one resident
   * alone (a resident sees their own rows). `own`: it shows the viewer's own rows (read marks), so
   * it is kept per viewer and also ends when the viewer's own rows change.
   */
  whose: 'shared' | 'own';
}

async function underCounters<T>(database: Pick<Database, 'client'>, viewer: Viewer, answer: KeptAnswer, compute: () => Promise<T>, size: (value: T) => number): Promise<T> {
  const c = await readCountersNow(database, viewer.hoaId, viewer.userId);
  const who = answer.whose === 'own' ? `own:${viewer.userId}:${viewer.role}:${c.userSeq}` : isPrivileged(viewer.role) ? `board:${viewer.role}` : `user:${viewer.userId}:${viewer.role}`;
  const key = `${answer.key}|${viewer.hoaId}|${who}|${c.hoaSeq}|${c.visSeq}`;
  return cacheOf(answerCaches, database, () => new AnswerCache()).keep(key, compute, size);
}

/** A count of visible rows, kept while nothing it counts can have changed. */
export function countUnderCounters(database: Pick<Database, 'client'>, viewer: Viewer, key: AnswerKey, count: () => Promise<number>): Promise<number> {
  return underCounters(database, viewer, { key, whose: 'shared' }, count, () => 1);
}

/** Counts taken together (a screen's counters), kept as `countUnderCounters` keeps one. */
export function countsUnderCounters<T extends object>(database: Pick<Database, 'client'>, viewer: Viewer, key: AnswerKey, counts: () => Promise<T>): Promise<T> {
  return underCounters(database, viewer, { key, whose: 'shared' }, counts, (value) => Object.keys(value).length);
}

/**
 * A REST answer as JSON text, kept while nothing it shows can have changed: a repeated read costs
 * one indexed read and no serialising (list pages of 10,000-row HOAs included).
 */
export function jsonUnderCounters(database: Pick<Database, 'client'>, viewer: Viewer, answer: KeptAnswer, compute: () => Promise<unknown>): Promise<string> {
  const text = async () => JSON.stringify(await compute());
  return keeping ? underCounters(database, viewer, answer, text, (t) => t.length) : text();
}

/**
 * A REST answer as JSON text that shows something no change counter covers (a member's last
 * sign-in, which moves no counter), kept only until this process next writes (`cachedUntilNextWrite`:
 * where the process is the database's one writer; elsewhere computed on every read). Kept per HOA and
 * role: only answers that are the same for every viewer of that role in the HOA.
 */
export function jsonUntilNextWrite(database: Pick<Database, 'client'>, viewer: Viewer, key: AnswerKey, compute: () => Promise<string>): Promise<string> {
  return keeping ? cachedUntilNextWrite(database, `${key}|${viewer.hoaId}|${viewer.role}`, compute) : compute();
}

/** An area's part of a pull's patch: how many rows it puts and its operations, as the bytes SQLite wrote. */
export interface PatchPart {
  n: number;
  text: Uint8Array<ArrayBuffer>;
  /** A columns part's rows as items, which a later reset patches (column-parts.ts). */
  items?: ColumnItems;
}

/** What an area's reset part is kept by: the area, the patch's format, and whether its statement reads the viewer's id (then it is the viewer's own). */
export type ResetPartKey = { area: string; format: string; readsUserId: boolean };

/**
 * Keeps an area's part of a reset, or computes it; `kept` only looks (undefined: none kept; null:
 * kept, the area has no rows); `older` gives the newest part kept under an earlier count of the
 * HOA's changes that the change log still covers from (its `hoaSeq`), the rest of the key the same.
 */
export interface KeepResetPart {
  (key: ResetPartKey, compute: () => Promise<PatchPart | null>): Promise<PatchPart | null>;
  kept(key: ResetPartKey): PatchPart | null | undefined;
  older(key: ResetPartKey): { hoaSeq: number; part: PatchPart | null } | undefined;
}

const resetPartCaches = new WeakMap<object, AnswerCache>();
/** Per database, the newest `hoaSeq` a part was kept under, by the rest of its key; the oldest forgotten first. */
const newestKeptSeqs = new WeakMap<object, Map<string, number>>();
/** Kept reset parts per database, in bytes: a 10,000-row area's is about 3 MB; an area too large for it is computed on every reset. */
const MAX_RESET_PART_BYTES = 16 * 1024 * 1024;

/**
 * The parts of a reset pull, kept under the counters the pull's transaction read (`readCounters`,
 * under the write lock, so the parts it computes are exactly the rows at those counters): a client
 * group starting afresh (a new device, a schema change, a cleared cache) is sent the bytes the last
 * one got, without SQLite writing them again, while nothing they show has changed. A part whose
 * statement does not read the viewer's id is the same for every viewer of that role in the HOA;
 * one that does is the viewer's own and ends with their own rows or what they may see.
 */
export function keptResetParts(
  database: Pick<Database, 'client'>,
  viewer: Viewer,
  counters: { hoaSeq: number; userSeq: number; visSeq: number; logFloor: number },
): KeepResetPart | undefined {
  if (!keeping) return undefined;
  const cache = cacheOf(resetPartCaches, database, () => new AnswerCache(MAX_ENTRIES, MAX_RESET_PART_BYTES));
  const seqs = newestKeptSeqs.get(database.client) ?? new Map<string, number>();
  newestKeptSeqs.set(database.client, seqs);
  /** The key without the HOA's count of changes: what a part patched from an older one shares with it. */
  const familyOf = ({ area, format, readsUserId }: ResetPartKey) => {
    const who = readsUserId ? `own:${viewer.userId}:${counters.userSeq}:${counters.visSeq}` : 'role';
    return `${format}:${area}|${viewer.hoaId}|${viewer.role}|${who}`;
  };
  const keyOf = (key: ResetPartKey, hoaSeq = counters.hoaSeq) => `${familyOf(key)}|${hoaSeq}`;
  const keep = async (key: ResetPartKey, compute: () => Promise<PatchPart | null>) => {
    const part = await cache.keep(keyOf(key), compute, (p) => (p ? p.text.byteLength + (p.items ? itemsSize(p.items, p.text) : 0) : 1));
    const family = familyOf(key);
    if ((seqs.get(family) ?? -1) < counters.hoaSeq) {
      seqs.delete(family);
      seqs.set(family, counters.hoaSeq);
      if (seqs.size > MAX_ENTRIES) seqs.delete(seqs.keys().next().value!);
    }
    return part;
  };
  const older = (key: ResetPartKey) => {
    const hoaSeq = seqs.get(familyOf(key));
    // The log's rows below its floor are pruned: what changed since such a part is no longer known.
    if (hoaSeq === undefined || hoaSeq >= counters.hoaSeq || hoaSeq < counters.logFloor) return undefined;
    const found = cache.peek<PatchPart | null>(keyOf(key, hoaSeq));
    return found && { hoaSeq, part: found.value };
  };
  return Object.assign(keep, { kept: (key: ResetPartKey) => cache.peek<PatchPart | null>(keyOf(key))?.value, older });
}
