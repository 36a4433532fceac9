/**
 * Calendar days (a request's resolution deadline, a violation's due date): sent as `YYYY-MM-DD` or an
 * ISO date-time whose UTC day is taken, stored and synced as that day's UTC midnight in milliseconds,
 * shown in the en-US short month format in UTC (so every reader sees the day that was chosen).
 */
import { z } from 'zod';
import { utcDayFormat, utcLongDayFormat } from './intl';

export const DAY_MS = 86_400_000;

/** A day field: milliseconds of its UTC midnight, or `message` for anything that is not a date. */
export const dayField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(40, message)
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)), message)
    .transform((v) => Date.parse(`${v.slice(0, 10)}T00:00:00Z`));

/** "Dec 5, 2026": en-US short month (community §9), the day in UTC (days are stored as UTC midnights). */
export const formatDay = (at: number) => utcDayFormat().format(at);
/** "December 5, 2026", the day in UTC. */
export const formatLongDay = (at: number) => utcLongDayFormat().format(at);

/** The UTC midnight of the calendar day a clock in this device's time zone shows at `now`. */
export function localToday(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
}

/** The UTC midnight of the UTC day of `now`. */
export const utcToday = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;

/**
 * The earliest calendar day anywhere on Earth at `now` (UTC-12): a day the server may not call past,
 * whatever the time zone of the screen that chose it. Screens check the stricter local day first.
 */
export const earliestToday = (now: number) => utcToday(now - 12 * 3_600_000);

/** `YYYY-MM-DD` of a stored day (date inputs). */
export const dayInputValue = (at: number) => new Date(at).toISOString().slice(0, 10);
