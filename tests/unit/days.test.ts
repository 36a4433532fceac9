/** "Today" is the calendar day of the HOA's time zone, not the UTC day. */
import { describe, expect, it } from 'vitest';
import { isTimeZone, zonedToday } from '../../schema/days';
import { invoicePolicy } from '../../schema/invoices';

describe('the HOA’s today', () => {
  it('is the day a clock in the zone shows, on either side of UTC midnight', () => {
    const evening = Date.parse('2026-11-22T00:30:00Z'); // 7:30 pm in New York on Nov 21
    expect(new Date(zonedToday(evening, 'America/New_York')).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(new Date(zonedToday(evening, 'Asia/Tokyo')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(new Date(zonedToday(evening, 'UTC')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('turns at the zone’s midnight to the second, asked again and again (the day is kept per minute)', () => {
    const midnight = Date.parse('2026-11-22T05:00:00Z'); // 12:00 am in New York on Nov 22
    const day = (at: number) => new Date(zonedToday(at, 'America/New_York')).toISOString().slice(0, 10);
    for (const at of [midnight - 60_000, midnight - 1_000, midnight - 1, midnight - 30_000]) expect(day(at)).toBe('2026-11-21');
    for (const at of [midnight, midnight + 1, midnight + 59_999, midnight + 60_000]) expect(day(at)).toBe('2026-11-22');
    // Another zone in the same minute has its own day; Kathmandu is 5:45 ahead of UTC.
    expect(new Date(zonedToday(midnight, 'Asia/Kathmandu')).toISOString().slice(0, 10)).toBe('2026-11-22');
    const kathmanduMidnight = Date.parse('2026-11-22T18:15:00Z');
    expect(new Date(zonedToday(kathmanduMidnight - 1, 'Asia/Kathmandu')).toISOString().slice(0, 10)).toBe('2026-11-22');
    expect(new Date(zonedToday(kathmanduMidnight, 'Asia/Kathmandu')).toISOString().slice(0, 10)).toBe('2026-11-23');
    expect(day(midnight - 1)).toBe('2026-11-21');
  });

  it('decides overdue: an invoice due Nov 21 is not overdue on a New York evening of that day', () => {
    const evening = Date.parse('2026-11-22T00:30:00Z');
    const inv = { status: 'pending' as const, dueDate: Date.UTC(2026, 10, 21) };
    expect(invoicePolicy.shownStatus(inv, zonedToday(evening, 'America/New_York'))).toBe('pending');
    expect(invoicePolicy.shownStatus(inv, zonedToday(evening + 5 * 3_600_000, 'America/New_York'))).toBe('overdue');
  });

  it('knows IANA zones and refuses the rest', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('America/New_York; DROP')).toBe(false);
  });
});
