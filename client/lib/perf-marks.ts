/**
 * Performance marks of the first screen, once per page load (`hoa:<step>`, ms after navigation in
 * the browser's timeline): the reload bench (tests/bench/reload.bench.ts) prints them, and DevTools
 * shows them in the Performance panel. A mark costs microseconds; repeats are ignored.
 */
const marked = new Set<string>();

export function markOnce(step: string): void {
  if (marked.has(step) || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  marked.add(step);
  performance.mark(`hoa:${step}`);
}

/** Runs `fn` once the frame after this moment is painted (a task posted from requestAnimationFrame). */
export function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => fn();
    channel.port2.postMessage(null);
  });
}

/** The first rows of a list committed, then painted. */
export function markFirstRows(): void {
  if (marked.has('rows-committed')) return;
  markOnce('rows-committed');
  afterNextPaint(() => markOnce('rows-painted'));
}
