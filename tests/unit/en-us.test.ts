/**
 * The en-US formats written without Intl (schema/en-us.ts) say exactly what Intl's en-US says, over
 * many values: the screens show the same text as before, without loading the locale's data.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMonthDayYear, formatMonthYearUtc, formatRelativeUnits, formatUsdAmount, groupDigits, localIsoDay, type RelativeUnit } from '../../schema/en-us';
import { formatVoteTime } from '../../schema/votes';

/** A small seeded generator, so a failure names values that come again. */
function randoms(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const MOMENTS = (() => {
  const next = randoms(42);
  const from = Date.UTC(1990, 0, 1);
  const to = Date.UTC(2100, 0, 1);
  // Every hour around this year's daylight-saving changes, then random moments over a century.
  const edges = Array.from({ length: 24 * 40 }, (_, i) => Date.UTC(2026, 2, 1) + i * 3_600_000).concat(Array.from({ length: 24 * 40 }, (_, i) => Date.UTC(2026, 9, 20) + i * 3_600_000));
  return [...edges, ...Array.from({ length: 3_000 }, () => Math.floor(from + next() * (to - from)))];
})();

describe('en-US without Intl', () => {
  it('writes dollar amounts as Intl does, rounding the shortest decimal half away from zero', () => {
    const next = randoms(7);
    const cents = Array.from({ length: 2_000 }, () => Math.round((next() - 0.3) * 10 ** Math.floor(next() * 10)));
    const dollars = [
      ...cents.map((c) => c / 100),
      ...Array.from({ length: 2_000 }, () => (next() - 0.3) * 10 ** Math.floor(next() * 8)),
      0, -0, 1.005, 2.675, -1234.565, 0.125, -0.004, 0.005, 999.995, 999_999.999, 1e-7, 1e21, 123456789.125, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity,
    ];
    for (const d of dollars) expect(formatUsdAmount(d), String(d)).toBe(usd.format(d));
  });

  it('groups digits as toLocaleString does', () => {
    for (const n of [0, -0, 7, 999, 1000, -1000, 12_345, 1_234_567, -98_765_432, Number.MAX_SAFE_INTEGER, 1.5, 1e21]) expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('writes days, months and times as Intl does, in UTC and in this zone', () => {
    const shortLocal = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const longLocal = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    const shortUtc = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const longUtc = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const monthUtc = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    const dateTimeUtc = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    for (const at of [...MOMENTS, Date.UTC(999, 5, 1), Date.UTC(-50, 0, 1)]) {
      expect(formatMonthDayYear(at, 'short', false), String(at)).toBe(shortLocal.format(at));
      expect(formatMonthDayYear(new Date(at), 'long', false), String(at)).toBe(longLocal.format(at));
      expect(formatMonthDayYear(at, 'short', true), String(at)).toBe(shortUtc.format(at));
      expect(formatMonthDayYear(at, 'long', true), String(at)).toBe(longUtc.format(at));
      expect(formatMonthYearUtc(at), String(at)).toBe(monthUtc.format(at));
      expect(formatDateTime(at, false), String(at)).toBe(dateTime.format(at));
      expect(formatDateTime(at, true), String(at)).toBe(dateTimeUtc.format(at));
      expect(localIsoDay(at), String(at)).toBe(new Date(at).toLocaleDateString('en-CA'));
    }
    expect(() => formatMonthDayYear(NaN, 'short', true)).toThrow(RangeError);
  });

  it("names a moment in a zone as Intl does with that zone: the UTC clock moved by the zone's offset (a vote's times)", () => {
    for (const timeZone of ['America/New_York', 'America/Chicago', 'America/Phoenix', 'Pacific/Honolulu', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
      for (const at of MOMENTS) expect(formatVoteTime(at, timeZone), `${timeZone} ${at}`).toBe(intl.format(at));
    }
  });

  it('says relative times as Intl does with numeric "auto"', () => {
    const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    const units: RelativeUnit[] = ['year', 'month', 'week', 'day', 'hour', 'minute'];
    for (const unit of units) {
      for (let n = -120; n <= 120; n++) expect(formatRelativeUnits(n, unit), `${n} ${unit}`).toBe(relative.format(n, unit));
      for (const n of [1234, -56_789, 1.5]) expect(formatRelativeUnits(n, unit), `${n} ${unit}`).toBe(relative.format(n, unit));
    }
  });
});
