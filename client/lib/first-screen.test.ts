/**
 * A screen's value kept for the next page load (first-screen.ts): shown until the live value of this
 * page load is in, never after it; the live value kept when it changes, for its own cache only, and
 * nothing once the session is signed out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLiveValue, keptUntilLoaded, readKeptValue } from './first-screen';
import { SIGNED_IN_KEY } from './session-keys';

/** localStorage as far as first-screen.ts uses it, signed in; `writes` counts what was written. */
function fakeStorage() {
  const stored = new Map<string, string>([[SIGNED_IN_KEY, '{"id":"u1"}']]);
  const writes: string[] = [];
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => {
      writes.push(k);
      stored.set(k, v);
    },
    removeItem: (k: string) => void stored.delete(k),
  });
  return { stored, writes };
}

const figures = (requests: number) => ({ metrics: { requests }, activity: [{ id: 'a1', title: 'Request filed' }] });

describe('a screen kept for the next page load', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the last visit’s value until the live one is in, then only the live one', () => {
    const { stored } = fakeStorage();
    stored.set('screen:u1:figures', JSON.stringify(figures(4)));
    const empty = figures(0);
    // The cache has not answered: what this device showed at its last visit.
    expect(keptUntilLoaded('screen:u1:figures', empty, false)).toEqual(figures(4));
    expect(keptUntilLoaded('screen:u1:figures', empty, false)).toEqual(figures(4));
    // It answered: the live value, and never the kept one again in this page load (it is older).
    expect(keptUntilLoaded('screen:u1:figures', figures(5), true)).toEqual(figures(5));
    expect(keptUntilLoaded('screen:u1:figures', empty, false)).toBeNull();
    // Nothing kept for another cache, or without a signed-in user.
    expect(keptUntilLoaded('screen:u2:figures', empty, false)).toBeNull();
    expect(keptUntilLoaded(null, empty, false)).toBeNull();
  });

  it('keeps a live value when it changed, for the next page load, and nothing after sign-out', () => {
    const { stored, writes } = fakeStorage();
    keepLiveValue('screen:u1:votes', [{ id: 'v1' }]);
    keepLiveValue('screen:u1:votes', [{ id: 'v1' }]);
    expect(writes).toEqual(['screen:u1:votes']);
    keepLiveValue('screen:u1:votes', []);
    expect(writes).toHaveLength(2);
    expect(readKeptValue('screen:u1:votes')).toEqual([]);

    // Signed out (the session's storage cleared): a late render writes nothing back.
    stored.clear();
    keepLiveValue('screen:u1:votes', [{ id: 'v2' }]);
    expect(stored.size).toBe(0);
  });

  it('reads a damaged kept value as none', () => {
    const { stored } = fakeStorage();
    stored.set('screen:u1:broken', '{not json');
    expect(keptUntilLoaded('screen:u1:broken', [], false)).toBeNull();
  });
});
