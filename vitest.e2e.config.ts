import { defineConfig } from 'vitest/config';

/**
 * Browser e2e: two files at a time (each starts its own server on a temporary database, its own
 * port and its own Chromium, so files are independent; much of a story is waiting for the app, so
 * two share two cores well), after one client build in the global setup. E2E_WORKERS=1: one at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
