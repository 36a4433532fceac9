/** A date-and-time field's value (`YYYY-MM-DDTHH:mm`) read as a wall time of the HOA's zone, and back. */
import { zoneOffset } from '../../../schema/intl';

/** The moment a field's wall time names in `zone`; NaN for a value that is not one. */
export function zonedInputToMs(value: string, zone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return NaN;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  const first = wall - zoneOffset(zone, wall);
  return wall - zoneOffset(zone, first);
}

/** A moment as the field's value, in `zone`: the UTC wall clock moved by the zone's offset. */
export function msToZonedInput(at: number, zone: string): string {
  return new Date(at + zoneOffset(zone, at)).toISOString().slice(0, 16);
}
