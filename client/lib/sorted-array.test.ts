import { describe, expect, it } from 'vitest';
import { insertSorted, lowerBound, removeSorted, upperBound } from './sorted-array';

const byNumber = (a: number, b: number) => a - b;

describe('sorted array', () => {
  it('finds the bounds of a run of equal elements', () => {
    const xs = [1, 2, 2, 2, 5];
    expect(lowerBound(xs, 2, byNumber)).toBe(1);
    expect(upperBound(xs, 2, byNumber)).toBe(4);
    expect(lowerBound(xs, 9, byNumber)).toBe(5);
    expect(upperBound(xs, 0, byNumber)).toBe(0);
  });

  it('inserts in order and removes by identity', () => {
    const a = { n: 1 };
    const b = { n: 1 };
    const byN = (x: { n: number }, y: { n: number }) => x.n - y.n;
    const xs: { n: number }[] = [];
    for (const x of [{ n: 3 }, a, { n: 0 }, b]) insertSorted(xs, x, byN);
    expect(xs.map((x) => x.n)).toEqual([0, 1, 1, 3]);
    expect(xs[1]).toBe(a);
    expect(removeSorted(xs, b, byN)).toBe(true);
    expect(xs[1]).toBe(a);
    expect(removeSorted(xs, { n: 1 }, byN)).toBe(false);
    expect(xs).toHaveLength(3);
  });
});
