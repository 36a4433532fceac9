/** Figures the benchmarks print. */
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
export const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
export const ms = (x: number) => `${x.toFixed(2)} ms`;
export const p99 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];

/**
 * A figure beside its goal (the goals of the speed work: docs/decisions), as `npm run bench` prints
 * them: `goal ≤ 16 ms: met`. `higher`: the goal is a floor (rows/s), not a ceiling.
 */
export function goal(value: number, limit: number, unit: string, higher = false): string {
  const met = higher ? value >= limit : value <= limit;
  return `[goal ${higher ? '≥' : '≤'} ${limit.toLocaleString('en-US')} ${unit}: ${met ? 'met' : 'NOT met'}]`;
}
