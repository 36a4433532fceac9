import { defineConfig } from 'vitest/config';

const INCLUDE = ['tests/api/**/*.test.ts', 'tests/sync/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/fault/**/*.test.ts', 'client/**/*.test.ts'];

/**
 * Files that mock modules, stub globals, fake timers or read a module's first evaluation: each runs
 * in a fresh module graph. Every other file shares its worker's modules with the files before it
 * (no isolation): the app's caches are keyed by their database (WeakMaps), so nothing of one file's
 * app reaches the next, and importing the app once per worker instead of once per file more than
 * halves the step.
 */
export const ISOLATED = [
  'tests/unit/lazy-schemas.test.ts',
  'tests/unit/zod-jitless.test.ts',
  'tests/api/outbox.test.ts',
  'tests/sync/push-fairness.test.ts',
  'tests/sync/kept-reset.test.ts',
  'tests/unit/gzip-kept.test.ts',
  'client/features/dashboard/bulk-upload-banner.test.ts',
  'client/lib/first-rows.test.ts',
  'client/lib/first-screen.test.ts',
  'client/lib/zone-offsets.test.ts',
  'client/lib/perf-marks.test.ts',
  'client/lib/cache-writes.test.ts',
  'client/lib/poke-socket.test.ts',
  'client/lib/session.test.ts',
  'client/lib/boot-reads.test.ts',
  'client/lib/upload.test.ts',
  'client/lib/use-list-filters.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time: most of a file's time is its own CPU work (libSQL in process, hashing,
    // the app's code), and vitest's default on two cores is one worker.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
