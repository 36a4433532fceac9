/**
 * Whether two JSON-like values (what the cache and localStorage hold: plain objects, arrays,
 * strings, numbers, booleans, null) are equal in value. A list's row is memoized by its item; a
 * reload first shows the rows kept in localStorage and then the same rows read from the cache, as
 * new objects of the same value, which would render and lay out every row again for nothing.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  const bRecord = b as Record<string, unknown>;
  return aKeys.every((k) => Object.hasOwn(bRecord, k) && sameValue((a as Record<string, unknown>)[k], bRecord[k]));
}
