/**
 * How long a story waits for the app to show or do something: a page's locator waits (openPage) and
 * expect.poll (vitest.e2e.config.ts) alike. About seven times the longest step seen here with the two
 * cores oversubscribed (1.4 s), so a busy machine passes and a stuck step still fails well within the
 * story's time.
 */
export const PAGE_WAIT_MS = 10_000;
