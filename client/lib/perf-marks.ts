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

/** Runs `fn` in a task of its own, posted now (a MessageChannel message: no setTimeout clamp). */
function inNextTask(fn: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
}

/** Resolves in a task of its own (`inNextTask`): work after it is a task the browser can answer input before. */
export const nextTask = (): Promise<void> => new Promise((resolve) => inNextTask(resolve));

/** Runs `fn` once the frame after this moment is painted (a task posted from requestAnimationFrame). */
export function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') return;
  requestAnimationFrame(() => inNextTask(fn));
}

/** How long `afterPaintReported` waits for the browser's report at most. */
const PAINT_REPORT_WAIT_MS = 100;

/**
 * Runs `fn` once the browser has reported a largest paint at or after `since` (a
 * `largest-contentful-paint` entry; performance.now() time), or after `timeoutMs`: a browser without
 * the entry (Safari), a paint with no larger element, input that ended the reports. In Lighthouse's
 * traces here the report came 28–38 ms after `hoa:screen-painted`.
 */
export function afterPaintReported(since: number, fn: () => void, timeoutMs = PAINT_REPORT_WAIT_MS): void {
  const supported = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
  if (!supported) return fn();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    fn();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.startTime >= since)) finish();
  });
  const timer = setTimeout(finish, timeoutMs);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

let settleFirstScreen!: () => void;
/**
 * Resolves once the page load's first screen has painted, the browser has reported that paint and
 * then been idle (useSyncAfterFirstPaint, client/lib/replicache.ts): what may wait (the sync engine,
 * a screen's lower cards, `lazyComponent`'s 'after-first-paint') loads then, outside the screen's
 * largest paint.
 */
export const firstScreenSettled = new Promise<void>((resolve) => (settleFirstScreen = resolve));
let settled = false;
/** Whether `firstScreenSettled` has resolved: a component rendered later need not wait for it. */
export const hasFirstScreenSettled = () => settled;
/** Called by the layouts' hook when the first screen has settled (again later: nothing changes). */
export function markFirstScreenSettled() {
  settled = true;
  settleFirstScreen();
}

/** The first rows of a list committed, then painted. */
export function markFirstRows(): void {
  if (marked.has('rows-committed')) return;
  markOnce('rows-committed');
  afterNextPaint(() => markOnce('rows-painted'));
}
