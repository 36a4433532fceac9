import { defineConfig } from 'vitest/config';
import { PAGE_WAIT_MS } from './tests/helpers/waits.ts';

/**
 * Browser e2e: two files at a time (each starts its own server on a temporary database and its own
 * port, and opens its own browser contexts in its worker's one Chromium, so files are independent;
 * much of a story is waiting for the app, so two share two cores well), after one client build and
 * one seeded data folder in the global setup.
 * E2E_WORKERS=1: one at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    pool: 'forks',
    // A worker keeps its modules from file to file (the app and Playwright imported once, not once a
    // file): a file's state is its own server and the browser contexts it opens in the worker's one
    // Chromium, and the app's caches are keyed by database.
    isolate: false,
    testTimeout: 30_000,
    // expect.poll waits as long as a page's own waits, not vitest's 1 s: a story polls for what the app
    // does next (a status synced, a chunk loaded), which a busy machine can take longer for.
    expect: { poll: { timeout: PAGE_WAIT_MS } },
    hookTimeout: 60_000,
    // A story that fails runs once more (decision 284): on a shared two-core machine a story fails
    // about once a run for a reason no rerun brings back. A story that passes only on its second try is
    // named in the run's summary with its first try's error and page, so it is seen and mended, not
    // hidden; one that fails twice fails the run.
    retry: 1,
    // A failed story's error at once, not only after the last file (tests/e2e/failures-at-once.ts).
    reporters: ['default', './tests/e2e/failures-at-once.ts'],
  },
});
