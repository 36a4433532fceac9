import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/sync/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/fault/**/*.test.ts', 'client/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time: most of a file's time is its own CPU work (libSQL in process, hashing,
    // the app's code), and vitest's default on two cores is one worker.
    maxWorkers: 2,
  },
});
