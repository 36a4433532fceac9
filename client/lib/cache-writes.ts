/**
 * When the cache's changes are written to IndexedDB. Replicache writes on its own schedule (an idle
 * moment within a second of a change) and has no public way to wait for that write: the app slept
 * 1.5 s before closing an expired session's cache and before moving to another HOA, and a page hidden
 * or left before the idle moment (a phone's browser sent to the background, then discarded) kept the
 * change in memory only. The sync engine turns Replicache's schedule off and writes through this
 * instead (Replicache's own `persist`, one write at a time): after a change at an idle moment within
 * a second and at least half a second after the last write began, as before; at once when the page
 * is hidden or left; and on demand, `flush()` resolving once everything changed before it is on disk.
 */

/** What is written: Replicache's `persist` (replicache/impl), which must not run twice at once. */
export interface Persistable {
  persist(): Promise<void>;
  readonly closed: boolean;
}

/** Replicache's own schedule: the next idle moment, within a second, ... */
export const IDLE_WRITE_TIMEOUT_MS = 1_000;
/** ... and half a second at least between the starts of two scheduled writes (a burst of changes, one write). */
export const SCHEDULED_WRITE_SPACING_MS = 500;

export interface CacheWriter {
  /** The cache changed (the user's change, a pull): write it at the next idle moment. */
  changed(): void;
  /** Resolves once a write begun after this call has ended: everything changed before it is on disk. */
  flush(): Promise<void>;
  /** Writes when the page is hidden or left; returns the stopper. */
  onPageHide(): () => void;
}

export function cacheWriter(
  rep: Persistable,
  { idleTimeoutMs = IDLE_WRITE_TIMEOUT_MS, spacingMs = SCHEDULED_WRITE_SPACING_MS, onError = reportWriteError } = {},
): CacheWriter {
  /** Cancels the scheduled write (its wait for spacing, then for an idle moment). */
  let cancelScheduled: (() => void) | undefined;
  let lastStart = -Infinity;
  let running = false;
  /** A change came while a write ran: one more is scheduled when it ends. */
  let changedDuring = false;
  /** Flushes waiting for the next write to end. */
  let waiting: (() => void)[] = [];

  const write = () => {
    cancelScheduled?.();
    cancelScheduled = undefined;
    // A flush during a write is served by the next one, begun when this one ends.
    if (running) return;
    running = true;
    changedDuring = false;
    lastStart = performance.now();
    const done = waiting;
    waiting = [];
    const written = rep.closed ? Promise.resolve() : rep.persist();
    void written.catch(onError).finally(() => {
      running = false;
      for (const resolve of done) resolve();
      if (waiting.length > 0) write();
      else if (changedDuring) changed();
    });
  };

  const changed = () => {
    if (running) changedDuring = true;
    else if (cancelScheduled === undefined) {
      let cancelIdle: (() => void) | undefined;
      const spaced = setTimeout(() => (cancelIdle = onIdle(write, idleTimeoutMs)), Math.max(0, lastStart + spacingMs - performance.now()));
      cancelScheduled = () => {
        clearTimeout(spaced);
        cancelIdle?.();
      };
    }
  };

  const flush = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      write();
    });

  const onPageHide = () => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onLeave = () => void flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
    };
  };

  return { changed, flush, onPageHide };
}

/** Runs `work` at the browser's next idle moment, within `timeoutMs`; returns the canceller. */
function onIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, timeoutMs);
  return () => clearTimeout(handle);
}

/**
 * A write that failed (the database closed under it by another tab's sign-out, the page closing):
 * what it would have written stays in memory, and the next change or flush tries again, as
 * Replicache's own schedule did after it logged the error.
 */
function reportWriteError(error: unknown) {
  console.warn('Writing the cache to IndexedDB failed; the next change tries again.', error);
}
