/** A date-and-time field's value (`YYYY-MM-DDTHH:mm`) read as a wall time of the HOA's zone, and back. */

const formats = new Map<string, Intl.DateTimeFormat>();
function partsOf(at: number, zone: string) {
  let f = formats.get(zone);
  if (!f) formats.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })));
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: +p.year, mo: +p.month, d: +p.day, h: +p.hour, mi: +p.minute };
}

/** How far the zone's wall clock is ahead of UTC at `at`. */
const offsetAt = (at: number, zone: string) => {
  const p = partsOf(at, zone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi) - Math.floor(at / 60_000) * 60_000;
};

/** The moment a field's wall time names in `zone`; NaN for a value that is not one. */
export function zonedInputToMs(value: string, zone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return NaN;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  const first = wall - offsetAt(wall, zone);
  return wall - offsetAt(first, zone);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as the field's value, in `zone`. */
export function msToZonedInput(at: number, zone: string): string {
  const p = partsOf(at, zone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}
