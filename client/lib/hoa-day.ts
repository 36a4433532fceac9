/**
 * "Today" on the screens: the calendar day of the HOA's time zone (the signed-in user's record carries
 * it), so a due date is past here exactly when the server and its jobs say so, whatever this browser's
 * zone. Before the record has it (an old session), the browser's zone. The zone's offset is the one
 * this device kept (zone-offsets.ts): a reload tells the day without Intl.
 */
import { browserTimeZone, zonedToday } from '../../schema/days';
import { currentUserAtom, store, useCurrentUser } from './session';
import { keptZoneOffset } from './zone-offsets';

const zoneOf = (user: { hoa_time_zone?: string } | null) => user?.hoa_time_zone ?? browserTimeZone();

/** The HOA's today (UTC midnight of its calendar day), outside React (list filters). */
export const hoaToday = (now = Date.now()) => zonedToday(now, zoneOf(store.get(currentUserAtom)), keptZoneOffset);

/** The HOA's time zone (a moment's HOA day: `zonedToday(at, zone)`), read again when the record changes. */
export const useHoaTimeZone = (): string => zoneOf(useCurrentUser());

/** The HOA's today, read again when the signed-in user's record changes. */
export function useHoaToday(now = Date.now()): number {
  return zonedToday(now, zoneOf(useCurrentUser()), keptZoneOffset);
}
