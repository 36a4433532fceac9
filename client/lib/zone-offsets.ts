/**
 * A named zone's offset from UTC, kept on this device for the stretch of time it holds. Only Intl
 * knows a zone's offset, and a page's first Intl formatter loads the locale's data: a long task on a
 * phone, which the first screen waited for when it marked invoices overdue by the HOA's day or named
 * a vote's closing time (docs/decisions/278-en-us-without-intl.md). An offset holds for months
 * (until the next daylight-saving change), so each one Intl gives is kept with the stretch around
 * it, found then: a later page load inside that stretch needs no Intl. `keptZoneOffset` is a
 * `ZoneOffset` (schema/intl.ts), passed to the shared rules that take one.
 */
import { DAY_MS } from '../../schema/days';
import { zoneOffset, type ZoneOffset } from '../../schema/intl';

/** The zone's offset from `from` until just before `until` (milliseconds). */
interface KeptOffset {
  zone: string;
  from: number;
  until: number;
  offset: number;
}

/** Not per user: offsets are facts of the zones. Sign-out clears them with the rest of localStorage. */
export const KEPT_OFFSETS_KEY = 'hoa.zoneOffsets';
/** A few zones' stretches at most (the HOA's zone, a moment just past a change). */
const KEPT_MAX = 6;
const MINUTE_MS = 60_000;
/** How far the search for a stretch's ends looks each way: an offset that holds longer is kept for this long. */
const SEARCH_DAYS = 62;

let kept: KeptOffset[] | undefined;

function readKept(): KeptOffset[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEPT_OFFSETS_KEY) ?? '[]') as KeptOffset[];
    return Array.isArray(value) ? value.filter((k) => typeof k?.zone === 'string' && [k.from, k.until, k.offset].every(Number.isFinite)) : [];
  } catch {
    return [];
  }
}

/**
 * Where the offset at `at` stops holding, towards `direction`: days are probed until one differs,
 * then the minute is found by halving (offsets change on whole minutes, months apart). Forward, the
 * first minute with another offset; backward, the first minute with this one.
 */
function stretchEnd(zone: string, at: number, offset: number, direction: 1 | -1): number {
  let same = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  for (let day = 1; day <= SEARCH_DAYS; day++) {
    const probe = same + direction * DAY_MS;
    if (zoneOffset(zone, probe) === offset) {
      same = probe;
      continue;
    }
    let other = probe;
    while (Math.abs(other - same) > MINUTE_MS) {
      const middle = same + Math.round((other - same) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zoneOffset(zone, middle) === offset) same = middle;
      else other = middle;
    }
    return direction > 0 ? other : same;
  }
  return direction > 0 ? same + MINUTE_MS : same;
}

/** The zone's offset at `at`: from a kept stretch when one holds it, else Intl's, kept with its stretch. */
export const keptZoneOffset: ZoneOffset = (zone, at) => {
  kept ??= readKept();
  const hit = kept.find((k) => k.zone === zone && at >= k.from && at < k.until);
  if (hit) return hit.offset;
  const offset = zoneOffset(zone, at);
  const stretch = { zone, offset, from: stretchEnd(zone, at, offset, -1), until: stretchEnd(zone, at, offset, 1) };
  kept = [stretch, ...kept].slice(0, KEPT_MAX);
  try {
    localStorage.setItem(KEPT_OFFSETS_KEY, JSON.stringify(kept));
  } catch {
    // Kept in memory only: the next page load asks Intl again.
  }
  return offset;
};
