import { describe, expect, it } from 'vitest';
import { shownRow, unavailability } from './use-synced-entity';

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

describe('the row shown', () => {
  const paying = { id: 'i1', status: 'pending', version: 4 };
  const processing = { id: 'i1', status: 'processing', version: 5 };
  it('is the cached one, which holds the changes not yet sent, or the server’s while the cache has none', () => {
    expect(shownRow(paying, undefined)).toBe(paying);
    expect(shownRow(undefined, processing)).toBe(processing);
    expect(shownRow({ ...paying, version: 5, status: 'paid' }, processing)).toEqual({ ...paying, version: 5, status: 'paid' });
  });
  it('is the server’s when it is a newer version than the cache has pulled', () => {
    expect(shownRow(paying, processing)).toBe(processing);
    expect(shownRow(processing, paying)).toBe(processing);
  });
  it('is the cached one when either has no version to compare', () => {
    const { version: _, ...unversioned } = processing;
    expect(shownRow(paying, unversioned)).toBe(paying);
  });
});
