import { defineConfig } from 'vitest/config';

/**
 * The workerd checks: the API over HTTP against the real Worker entry under `wrangler dev`, with the
 * database served by the local Hrana server (tests/workerd/global-setup.ts starts both).
 */
export default defineConfig({
  test: {
    include: ['tests/workerd/**/*.test.ts'],
    globalSetup: ['tests/workerd/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Node 20's WebSocket client (the poke sockets) is behind a flag.
    execArgv: ['--experimental-websocket'],
    // One Worker and one database for the whole run: files take turns, in one process (a fresh one per
    // file cost about a second each; the files share nothing but the database handle of db.ts).
    fileParallelism: false,
    isolate: false,
  },
});
