import { expect } from 'vitest';
import type { TestApp } from './app';
import { call } from './http';

/**
 * The longest wait for /api/health that still counts as "kept answering". The faults these checks
 * guard against held the loop for seconds (sanitize-html: 4.2 s on one post); a busy shared CI
 * machine, with other test files beside this one, has delayed a healthy answer by 875 ms. The
 * bound sits between the two. The measured figure is printed by the tests that care.
 */
export const HEALTH_KEPT_ANSWERING_MS = 2_000;

/**
 * Asks /api/health every 10 ms while `work` runs; returns the longest wait for an answer, counted
 * from when it was due. In-process, health answers within one turn of the event loop, so a blocked
 * loop shows as the timer's lateness, not in the call itself (timing the call alone sees nothing).
 * With the database driver synchronous, calls chained in one test also run in one turn: work meant
 * as separate clients yields between them (`setImmediate`).
 */
export async function healthWhile(app: TestApp, work: Promise<unknown>): Promise<number> {
  let slowest = 0;
  let done = false;
  const finished = work.finally(() => (done = true));
  while (!done) {
    const due = performance.now() + 10;
    await new Promise((resolve) => setTimeout(resolve, 10));
    const r = await call(app, 'GET', '/api/health');
    expect(r.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - due);
  }
  await finished;
  return slowest;
}
