/**
 * The app's en-US formatters (USD, en-US dates), each built on its first use
 * and kept. Building an Intl formatter costs milliseconds (it loads locale data); a screen uses one or
 * two of them, and building all of them when their module loaded cost every signed-in screen's start
 * 150–180 ms at a 4× CPU slowdown (docs/decisions/055-intl-formatters-on-first-use.md). One formatter per kind, not one per call: a list of dates would
 * otherwise build one per row.
 */

function builtOnFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export const usdFormat = builtOnFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** Calendar days stored as UTC midnights, shown as the UTC day so every reader sees the day chosen. */
export const utcDayFormat = builtOnFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
export const utcLongDayFormat = builtOnFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));

/** Moments (a post's time), shown in the reader's own time zone. */
export const shortDateFormat = builtOnFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
export const longDateFormat = builtOnFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }));
export const dateTimeFormat = builtOnFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
);
export const relativeTimeFormat = builtOnFirstUse(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

/** Numeric calendar parts in a time zone (the HOA's "today"), one formatter per zone; throws RangeError for an unknown zone. */
const zoneDayFormats = new Map<string, Intl.DateTimeFormat>();
export function zoneDayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneDayFormats.get(timeZone);
  if (!f) zoneDayFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone })));
  return f;
}
