/**
 * Calendar days (a request's resolution deadline, a violation's or an invoice's due date): sent as
 * `YYYY-MM-DD` or an ISO date-time whose UTC day is taken, stored and synced as that day's UTC
 * midnight in milliseconds, shown in the en-US short month format in UTC (so every reader sees the day
 * that was chosen). "Today" is the calendar day of the HOA's time zone (`hoaToday`): the server, the
 * jobs and every screen compare days with it, never with the UTC day or the browser's.
 */
import { z } from 'zod';
import { lazy } from './lazy';
import { formatMonthDayYear } from './en-us';
import { zoneFormat, zoneOffset, type ZoneOffset } from './intl';

export const DAY_MS = 86_400_000;

/** A day field: milliseconds of its UTC midnight, or `message` for anything that is not a date. */
export const dayField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(40, message)
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)), message)
    .transform((v) => Date.parse(`${v.slice(0, 10)}T00:00:00Z`));

/** An optional range of days (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): the exports' and the activity trail's. */
export const DAY_RANGE_MESSAGES = {
  rangeInvalid: 'The start date must be on or before the end date',
  fromInvalid: 'From must be a date such as 2026-01-31',
  toInvalid: 'To must be a date such as 2026-01-31',
} as const;
export const dayRangeFields = () => ({ from: dayField(DAY_RANGE_MESSAGES.fromInvalid).optional(), to: dayField(DAY_RANGE_MESSAGES.toInvalid).optional() });
/** The range's rule (a superRefine): the start not after the end. */
export function dayRangeRule(v: { from?: number; to?: number }, ctx: z.RefinementCtx) {
  if (v.from != null && v.to != null && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: DAY_RANGE_MESSAGES.rangeInvalid });
}

/** "Dec 5, 2026": en-US short month, the day in UTC (days are stored as UTC midnights). */
export const formatDay = (at: number) => formatMonthDayYear(at, 'short', true);
/** "December 5, 2026", the day in UTC. */
export const formatLongDay = (at: number) => formatMonthDayYear(at, 'long', true);

/** The UTC midnight of the UTC day of `now`. */
export const utcToday = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;

/** Where an HOA's zone is not known (HOAs made before zones were kept; the product is US-only). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** An IANA zone name the runtime knows ("America/Chicago"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    zoneFormat(zone);
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_INVALID = 'Time zone must be a valid IANA time zone, such as America/New_York';
/** The HOA's time zone field (HOA setup). */
export const timeZoneField = lazy(() => z.string({ error: TIME_ZONE_INVALID }).trim().refine(isTimeZone, TIME_ZONE_INVALID));

/**
 * The UTC midnight of the calendar day a clock in `timeZone` shows at `now`: the HOA's today, to
 * compare with stored days (a due date is past when it is before this). `offsetOf` tells the zone's
 * offset: Intl's by default, the offsets a browser kept on the screens (client/lib/zone-offsets.ts).
 */
export function zonedToday(now: number, timeZone: string, offsetOf: ZoneOffset = zoneOffset): number {
  // Another source of offsets (the screens' kept ones) answers without Intl: nothing to keep per minute.
  if (offsetOf !== zoneOffset) return utcToday(now + offsetOf(timeZone, now));
  // A zone's day starts on a whole minute (every offset in use is one), so the day of a minute is
  // the day of each of its moments: kept per zone for the minute, as a list read asks on each request.
  const minute = Math.floor(now / MINUTE_MS);
  const kept = todayByZone.get(timeZone);
  if (kept?.minute === minute) return kept.day;
  const day = utcToday(now + zoneOffset(timeZone, now));
  todayByZone.set(timeZone, { minute, day });
  return day;
}
const MINUTE_MS = 60_000;
const todayByZone = new Map<string, { minute: number; day: number }>();

/** This browser's zone (what a new HOA starts with: its owner's). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/** `YYYY-MM-DD` of a stored day (date inputs). */
export const dayInputValue = (at: number) => new Date(at).toISOString().slice(0, 10);
