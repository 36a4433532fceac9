/** Money and days, shared by dues and invoices: cents stored, USD shown, days as UTC midnights. */

import { formatUsdAmount } from './en-us';

const DAY = 86_400_000;

/**
 * Dollars (a number with at most two decimals) → whole cents, exactly: 0.1 + 0.2 gives 30.
 * Null when the number has more than cent precision or is not finite.
 */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  // Float error of a two-decimal number times 100 is far below a millionth of a cent.
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : null;
}

export const centsToDollars = (cents: number) => cents / 100;

/** `$1,250.00` from cents (USD). */
export const formatUsd = (cents: number) => formatUsdAmount(cents / 100);
/** `$1,250.00` from dollars (the plans' prices as the signup and billing screens hold them). */
export const formatDollars = (dollars: number) => formatUsdAmount(dollars);

/** A day as its UTC midnight. */
export const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;
export const addDays = (day: number, days: number) => day + days * DAY;
/** `YYYY-MM-DD` of a day. */
export const isoDay = (day: number) => new Date(day).toISOString().slice(0, 10);
/** `YYYY-MM-DD` or an ISO date-time (its UTC day) → the day's UTC midnight, or null. */
export function parseDay(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text)) return null;
  const at = Date.parse(`${text.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at) ? null : at;
}

/**
 * The day `months` months after `anchor`, on the anchor's day of month or the month's last day when
 * it is shorter: Jan 31 + 1 → Feb 28/29, + 2 → Mar 31 (always counted from the anchor, never chained).
 */
export function addMonthsClamped(anchor: number, months: number): number {
  const d = new Date(anchor);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last));
}

export { formatDay } from './days';

/** Days from `today` (the HOA's, schema/days.ts `zonedToday`) until the due day; 0 once it has passed. */
export const daysUntil = (due: number, today: number) => Math.max(0, Math.round((due - today) / DAY));
