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
