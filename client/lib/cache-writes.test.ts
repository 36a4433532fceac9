/**
 * When the cache is written (cache-writes.ts): changes written together at the next idle moment,
 * never two writes at once (Replicache asserts that), a flush that waits for a write begun after it,
 * and a write when the page is hidden or left.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheWriter } from './cache-writes';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Replicache as far as the writer uses it: each write ends when the test releases it, and is logged. */
function fakeCache() {
  const log: string[] = [];
  let release = () => {};
  let writing = false;
  const cache = {
    closed: false,
    log,
    /** Ends the write under way. */
    release: () => release(),
    async persist() {
      if (writing) throw new Error('two writes at once');
      writing = true;
      log.push('start');
      await new Promise<void>((resolve) => (release = resolve));
      log.push('end');
      writing = false;
    },
  };
  return cache;
}

afterEach(() => vi.unstubAllGlobals());

describe('the cache written to IndexedDB', () => {
  it('writes changes made together once, at the next idle moment (within the timeout here: no idle callback in Node)', async () => {
    const cache = fakeCache();
    const writer = cacheWriter(cache, { idleTimeoutMs: 10, spacingMs: 0 });
    writer.changed();
    writer.changed();
    writer.changed();
    expect(cache.log).toEqual([]);
    await vi.waitFor(() => expect(cache.log).toEqual(['start']));
    cache.release();
    await tick(40);
    expect(cache.log).toEqual(['start', 'end']);
  });

  it('spaces scheduled writes as Replicache did: the next one half a second (here 300 ms) after the last began', async () => {
    const cache = fakeCache();
    const writer = cacheWriter(cache, { idleTimeoutMs: 1, spacingMs: 300 });
    const beforeFirst = performance.now();
    const flushed = writer.flush();
    cache.release();
    await flushed;
    writer.changed();
    await vi.waitFor(() => expect(cache.log).toHaveLength(3), { timeout: 5_000 });
    // A lower bound only: a busy machine makes it later, never sooner (timers may round down a millisecond).
    expect(performance.now() - beforeFirst).toBeGreaterThanOrEqual(290);
    cache.release();
  });

  it('schedules one more write after a write that a change came during, never two at once', async () => {
    const cache = fakeCache();
    const errors: unknown[] = [];
    const writer = cacheWriter(cache, { idleTimeoutMs: 1, spacingMs: 200, onError: (e) => errors.push(e) });
    writer.changed();
    await vi.waitFor(() => expect(cache.log).toEqual(['start']));
    writer.changed();
    writer.changed();
    cache.release();
    // Scheduled as any change is (spaced, then idle), not begun as the first write ends: a timer due
    // at once still runs before the one the spacing set.
    await tick(0);
    expect(cache.log).toEqual(['start', 'end']);
    await vi.waitFor(() => expect(cache.log).toEqual(['start', 'end', 'start']));
    cache.release();
    await vi.waitFor(() => expect(cache.log).toEqual(['start', 'end', 'start', 'end']));
    await tick(30);
    expect(cache.log).toHaveLength(4);
    expect(errors).toEqual([]);
  });

  it('flushes at once: resolves when a write begun after the call has ended, also when one was running', async () => {
    const cache = fakeCache();
    const writer = cacheWriter(cache, { idleTimeoutMs: 60_000 });
    writer.changed();
    const first = writer.flush();
    // Not after the idle moment: now.
    expect(cache.log).toEqual(['start']);
    // A change made while that write runs: the next flush waits for the write after it.
    let secondDone = false;
    const second = writer.flush().then(() => (secondDone = true));
    cache.release();
    await first;
    expect(secondDone).toBe(false);
    await vi.waitFor(() => expect(cache.log).toEqual(['start', 'end', 'start']));
    cache.release();
    await second;
    expect(cache.log).toEqual(['start', 'end', 'start', 'end']);
  });

  it('goes on after a write that failed, and writes nothing into a closed cache', async () => {
    const errors: unknown[] = [];
    let fails = true;
    let writes = 0;
    const cache = {
      closed: false,
      async persist() {
        if (fails) throw new Error('The database connection is closing');
        writes++;
      },
    };
    const writer = cacheWriter(cache, { onError: (e) => errors.push(e) });
    await writer.flush();
    expect(errors).toHaveLength(1);
    fails = false;
    await writer.flush();
    expect(writes).toBe(1);
    cache.closed = true;
    await writer.flush();
    expect(writes).toBe(1);
  });

  it('writes at once when the page is hidden or left, and stops listening when told', async () => {
    const listeners = new Map<string, () => void>();
    const target = { addEventListener: (name: string, fn: () => void) => listeners.set(name, fn), removeEventListener: (name: string) => listeners.delete(name) };
    const page = { visibilityState: 'visible', ...target };
    vi.stubGlobal('document', page);
    vi.stubGlobal('window', target);
    const cache = fakeCache();
    const stop = cacheWriter(cache, { idleTimeoutMs: 60_000 }).onPageHide();

    listeners.get('visibilitychange')!();
    expect(cache.log).toEqual([]);
    page.visibilityState = 'hidden';
    listeners.get('visibilitychange')!();
    expect(cache.log).toEqual(['start']);
    cache.release();
    await vi.waitFor(() => expect(cache.log).toEqual(['start', 'end']));
    listeners.get('pagehide')!();
    expect(cache.log).toEqual(['start', 'end', 'start']);
    cache.release();

    stop();
    expect([...listeners.keys()]).toEqual([]);
  });
});
