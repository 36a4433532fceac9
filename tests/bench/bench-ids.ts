/** Ids of the benchmarks' extra rows. */

/** A UUID-shaped id, the same for `j` in every run: ids spread over the key space as the app's random UUIDs do. */
export function benchUuid(j: number): string {
  let x = (j + 1) * 2654435761;
  let hex = '';
  for (let k = 0; k < 4; k++) {
    x = Math.imul(x ^ (x >>> 15), 2246822507) >>> 0;
    hex += x.toString(16).padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
