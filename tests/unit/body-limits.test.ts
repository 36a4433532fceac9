/**
 * Which body limit a path gets: the first limit declared for a route it matches (exact, `:param`,
 * or a `/*` prefix, matched as Hono matches routes), else the default.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../worker/env';
import { BODY_LIMITS, declareBodyLimits, limitRequestBody } from '../../worker/middleware/body-limit';

describe('body limits by route pattern', () => {
  const app = new Hono<AppEnv>();
  declareBodyLimits(app, [
    { path: '/api/auth/*', bytes: 1 },
    { path: '/api/announcements/:id', bytes: 2 },
    { path: '/api/announcements/:id/messages', bytes: 3 },
    { path: '/api/sync/push', bytes: 4 },
    { path: '/api/a.b', bytes: 5 },
  ]);
  app.use('/api/*', limitRequestBody);
  app.all('*', (c) => c.text('ok'));

  /** Asserts that `path` takes a body of `limit` bytes and refuses one byte more, with and without Content-Length. */
  async function expectLimit(path: string, limit: number) {
    for (const declared of [true, false]) {
      const post = (bytes: number) => {
        const body = 'x'.repeat(bytes);
        const headers = declared ? { 'content-length': String(bytes) } : undefined;
        return app.request(path, { method: 'POST', body, headers });
      };
      expect((await post(limit)).status, `${path} ${limit}`).toBe(200);
      expect((await post(limit + 1)).status, `${path} ${limit + 1}`).toBe(413);
    }
  }

  it('matches exact paths, one segment per :param, and everything under a /* prefix (the prefix itself too, as Hono does)', async () => {
    await expectLimit('/api/auth', 1);
    await expectLimit('/api/auth/login', 1);
    await expectLimit('/api/auth/reset/confirm', 1);
    await expectLimit('/api/announcements/0f3c', 2);
    await expectLimit('/api/announcements/0f3c/messages', 3);
    await expectLimit('/api/sync/push', 4);
    await expectLimit('/api/a.b', 5);
  });

  it('gives every other path the default', async () => {
    for (const path of ['/api/announcements', '/api/announcements/', '/api/announcements//messages', '/api/sync/push/', '/api/sync/pushed', '/api/axb', '/api/users']) {
      await expectLimit(path, BODY_LIMITS.default);
    }
  });
});
