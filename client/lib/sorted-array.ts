/**
 * Binary-search insert and remove on an array kept in comparator order: O(log n) comparisons and one
 * `splice` (a memmove of the tail), so a changed row never re-sorts the list.
 */
export type Compare<T> = (a: T, b: T) => number;

/** First index whose element is not before `x`. */
export function lowerBound<T>(sorted: readonly T[], x: T, compare: Compare<T>): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid], x) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose element is after `x`: inserting there keeps equal elements in arrival order. */
export function upperBound<T>(sorted: readonly T[], x: T, compare: Compare<T>): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid], x) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function insertSorted<T>(sorted: T[], x: T, compare: Compare<T>): void {
  sorted.splice(upperBound(sorted, x, compare), 0, x);
}

/**
 * Removes `x` itself (by identity): among elements that compare equal to it, the one that is `x`.
 * Returns false when it is not there.
 */
export function removeSorted<T>(sorted: T[], x: T, compare: Compare<T>): boolean {
  for (let i = lowerBound(sorted, x, compare); i < sorted.length; i++) {
    if (sorted[i] === x) {
      sorted.splice(i, 1);
      return true;
    }
    if (compare(sorted[i], x) !== 0) return false;
  }
  return false;
}

/**
 * One sorted array of two sorted ones, in O(a + b): where elements compare equal, those of `a` come
 * first (as if each of `b` were inserted after `a`'s, in order).
 */
export function mergeSorted<T>(a: readonly T[], b: readonly T[], compare: Compare<T>): T[] {
  if (b.length === 0) return a.slice();
  if (a.length === 0) return b.slice();
  const out = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(b[j], a[i]) < 0 ? b[j++] : a[i++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
