/**
 * What only Intl can tell: how far a named time zone's clock is from UTC at a moment (the HOA's
 * zone). Dates in UTC or the browser's zone, amounts and counts are written without Intl
 * (schema/en-us.ts), and a moment in a zone is written as the UTC one moved by this offset: a page's
 * first Intl formatter loads the locale's data, which a first screen should not wait for
 * (docs/decisions/278-en-us-without-intl.md). The client keeps the offsets it learned
 * (client/lib/zone-offsets.ts) and passes them where a rule takes `ZoneOffset`.
 */

/** A zone's offset from UTC at a moment, in milliseconds (negative west of Greenwich). */
export type ZoneOffset = (timeZone: string, at: number) => number;

/** One formatter per zone, built on its first use and kept. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall-clock parts formatter; throws RangeError for a zone the runtime does not know. */
export function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormats.set(timeZone, f);
  }
  return f;
}

/** Intl's answer: the zone's wall clock at `at` (to the second) less the UTC clock. */
export const zoneOffset: ZoneOffset = (timeZone, at) => {
  const parts = zoneFormat(timeZone).formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at / 1000) * 1000;
};
