import { describe, expect, it } from 'vitest';
import { unavailability } from './use-synced-entity';

const base = { found: false, cacheLoading: false, remoteLoading: false, remoteError: null, online: true };

describe('a synced entity until it is there', () => {
  it('loads while the cache opens, and online until the server answered', () => {
    expect(unavailability({ ...base, cacheLoading: true })).toEqual({ kind: 'loading' });
    expect(unavailability(base)).toEqual({ kind: 'loading' });
    expect(unavailability({ ...base, remoteLoading: true })).toEqual({ kind: 'loading' });
  });

  it("shows the row once there, whoever gave it", () => {
    expect(unavailability({ ...base, found: true })).toBeNull();
    // A page loaded on the screen: the server's row shows before the cache has opened.
    expect(unavailability({ ...base, found: true, cacheLoading: true })).toBeNull();
    expect(unavailability({ ...base, found: true, online: false })).toBeNull();
  });

  it("waits for the cache when the server has no such row: it may hold one filed offline", () => {
    expect(unavailability({ ...base, cacheLoading: true, remoteError: 'Request not found' })).toEqual({ kind: 'loading' });
  });

  it("fails with the server's message, or says it cannot be had offline", () => {
    expect(unavailability({ ...base, remoteError: 'Announcement not found' })).toEqual({ kind: 'failed', message: 'Announcement not found' });
    expect(unavailability({ ...base, online: false })).toEqual({ kind: 'offline' });
    expect(unavailability({ ...base, online: false, remoteError: 'Network error' })).toEqual({ kind: 'offline' });
  });
});
