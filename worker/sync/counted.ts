/**
 * Counts of what a viewer may see (a list's `totalDocs`) change only when the HOA's synced rows or
 * what the viewer may see change, and both move a change counter (worker/sync/changes.ts). So a count
 * is kept per viewer under those counters: one indexed read tells whether it still holds, and a
 * large HOA is not counted row by row on every request. Each process (each Workers isolate) keeps
 * its own; all of them read the same counters.
 */
import { isPrivileged } from '../../schema/roles';
import type { Database } from '../db';
import type { Viewer } from './area';
import { readCountersNow } from './changes';

const MAX_ENTRIES = 2_000;
const counts = new Map<string, number>();

export async function countUnderCounters(database: Pick<Database, 'client'>, viewer: Viewer, what: string, count: () => Promise<number>): Promise<number> {
  const c = await readCountersNow(database, viewer.hoaId, viewer.userId);
  // The board sees the same rows whoever they are; a resident sees their own.
  const who = isPrivileged(viewer.role) ? `board:${viewer.role}` : `user:${viewer.userId}:${viewer.role}`;
  const key = `${what}|${viewer.hoaId}|${who}|${c.hoaSeq}|${c.visSeq}`;
  const known = counts.get(key);
  if (known !== undefined) return known;
  const n = await count();
  counts.set(key, n);
  if (counts.size > MAX_ENTRIES) counts.delete(counts.keys().next().value!);
  return n;
}
