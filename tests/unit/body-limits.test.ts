/** Which body limit a path gets: the first pattern it matches (exact, `:param`, or a `/*` prefix), else the default. */
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyLimits } from '../../worker/middleware/body-limit';

describe('body limits by route pattern', () => {
  const limitFor = bodyLimits([
    ['/api/auth/*', 1],
    ['/api/announcements/:id', 2],
    ['/api/announcements/:id/messages', 3],
    ['/api/sync/push', 4],
    ['/api/a.b', 5],
  ]);

  it('matches exact paths, one segment per :param, and everything under a /* prefix', () => {
    expect(limitFor('/api/auth/login')).toBe(1);
    expect(limitFor('/api/auth/reset/confirm')).toBe(1);
    expect(limitFor('/api/announcements/0f3c')).toBe(2);
    expect(limitFor('/api/announcements/0f3c/messages')).toBe(3);
    expect(limitFor('/api/sync/push')).toBe(4);
    expect(limitFor('/api/a.b')).toBe(5);
  });

  it('gives every other path the default', () => {
    for (const path of ['/api/auth', '/api/announcements', '/api/announcements/', '/api/announcements//messages', '/api/sync/push/', '/api/sync/pushed', '/api/axb', '/api/users']) {
      expect(limitFor(path), path).toBe(BODY_LIMITS.default);
    }
  });
});
