import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/sync/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/fault/**/*.test.ts', 'client/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
