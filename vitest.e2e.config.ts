import { defineConfig } from 'vitest/config';

/**
 * Browser e2e: one file at a time (each starts its own server on a temporary database and its
 * own Chromium), after one client build in the global setup.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
