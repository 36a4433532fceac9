/**
 * Zone offsets kept on the device (zone-offsets.ts): always the offset Intl gives, told from a kept
 * stretch while it holds (no Intl call on a later page load), and asked again past the stretch's ends,
 * across daylight-saving changes, in zones with and without them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zonedToday } from '../../schema/days';
import { zoneOffset } from '../../schema/intl';
import { formatVoteTime } from '../../schema/votes';

/** localStorage as far as zone-offsets.ts uses it. */
function fakeStorage(stored = new Map<string, string>()) {
  vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) });
  return stored;
}

/** The module afresh, as a new page load reads it (its kept stretches are read once). */
const pageLoad = async () => {
  vi.resetModules();
  return import('./zone-offsets');
};

const ZONES = ['America/New_York', 'America/Chicago', 'America/Phoenix', 'Pacific/Honolulu', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/London', 'UTC'];
const HOUR = 3_600_000;

describe('zone offsets kept on this device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the offset Intl gives, hour by hour over two years, with its stretches ending exactly at the changes', async () => {
    const stored = fakeStorage();
    const { keptZoneOffset, KEPT_OFFSETS_KEY } = await pageLoad();
    for (const zone of ZONES) {
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 7 * HOUR + 13 * 60_000) expect(keptZoneOffset(zone, at), `${zone} ${new Date(at).toISOString()}`).toBe(zoneOffset(zone, at));
    }
    for (const k of JSON.parse(stored.get(KEPT_OFFSETS_KEY)!) as { zone: string; from: number; until: number; offset: number }[]) {
      expect(zoneOffset(k.zone, k.from)).toBe(k.offset);
      expect(zoneOffset(k.zone, k.until - 60_000)).toBe(k.offset);
    }
  });

  it("tells the HOA's day and a vote's time on the next page load without Intl, and asks it again past the stretch", async () => {
    fakeStorage();
    const zone = 'America/Chicago';
    const now = Date.UTC(2026, 10, 27, 15, 0);
    const closes = Date.UTC(2026, 11, 4, 2, 0);
    const first = await pageLoad();
    expect(zonedToday(now, zone, first.keptZoneOffset)).toBe(Date.UTC(2026, 10, 27));
    expect(formatVoteTime(closes, zone, first.keptZoneOffset)).toBe(formatVoteTime(closes, zone));

    const moments = Array.from({ length: 400 }, (_, i) => now + i * 17 * 60_000);
    const days = moments.map((at) => zonedToday(at, zone));
    const next = await pageLoad();
    const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(moments.map((at) => zonedToday(at, zone, next.keptZoneOffset))).toEqual(days);
    expect(formatVoteTime(closes, zone, next.keptZoneOffset)).toBe('Dec 3, 2026, 8:00 PM');
    expect(intl).not.toHaveBeenCalled();
    // Past the next change (March 14, 2027) the offset is asked for, and is Central Daylight Time.
    expect(next.keptZoneOffset(zone, Date.UTC(2027, 2, 15))).toBe(-5 * HOUR);
    expect(intl).toHaveBeenCalled();
    intl.mockRestore();
  });

  it('asks Intl on each page load when nothing can be kept', async () => {
    vi.stubGlobal('localStorage', undefined);
    const { keptZoneOffset } = await pageLoad();
    expect(zonedToday(Date.UTC(2026, 10, 28, 5), 'America/Denver', keptZoneOffset)).toBe(Date.UTC(2026, 10, 27));
  });
});
