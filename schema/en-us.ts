/**
 * The app's en-US dates, amounts and counts, written out without Intl. A page's first Intl
 * formatter (or `toLocaleString`) loads the locale's data: 25–125 ms in Chromium on this host, four
 * times that on a slow phone, in one task the first screen waited for or that counted as blocking
 * time (docs/decisions/278-en-us-without-intl.md). The app shows one locale and one currency, so
 * these few formats are written here, each equal to what Intl's en-US gives
 * (tests/unit/en-us.test.ts compares them over many values). Intl stays for time zones other than
 * the browser's (schema/intl.ts).
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

/** A string of digits with a comma before each group of three from the right. */
const inThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** `1,234,567`: an integer's digits in groups of three (as `toLocaleString('en-US')`). */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const grouped = inThousands(String(Math.abs(n)));
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}

/**
 * `$1,234.57`, `-$0.50`: a dollar amount rounded to cents as Intl rounds it, from the shortest
 * decimal that reads back as the number (so 1.005 gives $1.01), half away from zero.
 */
export function formatUsdAmount(dollars: number): string {
  const text = String(Math.abs(dollars));
  // Exponent forms (below a millionth, above 10^21) are not amounts this app shows: Intl writes them.
  if (!/^\d+(\.\d+)?$/.test(text)) return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
  const [whole, fraction = ''] = text.split('.');
  let cents = BigInt(whole + (fraction + '00').slice(0, 2));
  if (fraction.length > 2 && fraction[2] >= '5') cents += 1n;
  const units = cents.toString().padStart(3, '0');
  const amount = `$${inThousands(units.slice(0, -2))}.${units.slice(-2)}`;
  // Intl keeps the sign of a negative amount that rounds to zero (and of -0).
  return dollars < 0 || Object.is(dollars, -0) ? `-${amount}` : amount;
}

/** The calendar parts of a moment, in UTC or in the browser's own zone (no Intl either way). */
function partsOf(at: number | Date, utc: boolean) {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return utc
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
}

/** Years Intl writes otherwise (before 1000, B.C.): left to it. */
const plainYear = (year: number) => year >= 1000 && year <= 9999;

type DayStyle = 'short' | 'long';
const dayIntl = (style: DayStyle, utc: boolean) => new Intl.DateTimeFormat('en-US', { month: style, day: 'numeric', year: 'numeric', ...(utc ? { timeZone: 'UTC' } : {}) });

/** `Nov 21, 2026` (short) or `November 21, 2026` (long), the day in UTC (`utc`) or in the browser's zone. */
export function formatMonthDayYear(at: number | Date, style: DayStyle, utc: boolean): string {
  const p = partsOf(at, utc);
  if (!plainYear(p.year)) return dayIntl(style, utc).format(at);
  return `${(style === 'short' ? SHORT_MONTHS : MONTHS)[p.month]} ${p.day}, ${p.year}`;
}

/** `November 2026`, the month in UTC. */
export function formatMonthYearUtc(at: number): string {
  const p = partsOf(at, true);
  if (!plainYear(p.year)) return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
  return `${MONTHS[p.month]} ${p.year}`;
}

/** `Nov 21, 2026, 3:05 PM`, in UTC (`utc`: a zone's wall clock is the UTC one moved by its offset) or in the browser's zone. */
export function formatDateTime(at: number | Date, utc: boolean): string {
  const p = partsOf(at, utc);
  if (!plainYear(p.year)) return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(utc ? { timeZone: 'UTC' } : {}) }).format(at);
  const hour = p.hour % 12 || 12;
  return `${SHORT_MONTHS[p.month]} ${p.day}, ${p.year}, ${hour}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** What Intl's `numeric: 'auto'` says for one unit before and after: "last week", "tomorrow". */
const NAMED: Partial<Record<RelativeUnit, [before: string, after: string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

/** "3 hours ago", "in 2 days", "yesterday": `Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })` for a whole, non-zero number. */
export function formatRelativeUnits(value: number, unit: RelativeUnit): string {
  if (!Number.isSafeInteger(value) || value === 0) return new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }).format(value, unit);
  const named = NAMED[unit];
  if (named && Math.abs(value) === 1) return named[value < 0 ? 0 : 1];
  const amount = `${groupDigits(Math.abs(value))} ${Math.abs(value) === 1 ? unit : `${unit}s`}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/** `2026-11-21`: the calendar day in the browser's zone (as `toLocaleDateString('en-CA')`). */
export function localIsoDay(at: number | Date = Date.now()): string {
  const p = partsOf(at, false);
  if (!plainYear(p.year)) return new Date(at).toLocaleDateString('en-CA');
  return `${p.year}-${String(p.month + 1).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
