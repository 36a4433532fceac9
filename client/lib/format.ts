/** en-US formatting of dates and names, without Intl (schema/en-us.ts); money is `schema/money.ts`'s. */
import { formatDateTime as formatMoment, formatMonthDayYear, formatRelativeUnits, type RelativeUnit } from '../../schema/en-us';

type DateInput = string | number | Date;
const toDate = (v: DateInput) => (v instanceof Date ? v : new Date(v));

/** `Nov 21, 2026` */
export const formatDate = (v: DateInput) => formatMonthDayYear(toDate(v), 'short', false);
/** `November 21, 2026` */
export const formatLongDate = (v: DateInput) => formatMonthDayYear(toDate(v), 'long', false);
/** `Nov 21, 2026, 3:05 PM` */
export const formatDateTime = (v: DateInput) => formatMoment(toDate(v), false);

const UNITS: [RelativeUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "in 2 days", "just now". */
export function formatRelative(v: DateInput, now = Date.now()): string {
  const seconds = Math.round((toDate(v).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatRelativeUnits(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** Initials for the avatar: first letters of the first and last word ("Olivia Owner" → "OO"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}

/** "Superadmin", "Board", "Resident". */
export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Street plus unit: "200 Birch Court, Unit 2A". */
export function formatAddress(address: { street: string; unit_number?: string | null } | null | undefined): string | null {
  if (!address) return null;
  return address.unit_number ? `${address.street}, Unit ${address.unit_number}` : address.street;
}
