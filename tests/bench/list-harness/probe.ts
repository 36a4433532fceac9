/**
 * When a change reaches the screen: the input event (keystroke or pointer release), the render that
 * picks up the applied filter, React's commit, and the frame after it (a task posted from
 * requestAnimationFrame runs once that frame is painted). performance.now() throughout.
 */
export interface Timing {
  input: number;
  applied: number;
  committed: number;
  painted: number;
}

/** 'filter': wait for an applied filter to reach the screen; 'sync': any new rows (a synced change). */
export type ProbeKind = 'filter' | 'sync';

/** What the benchmark calls in the page (window.bench). */
export interface BenchApi {
  /** Seeding run: resolves once every row is in the cache and written to IndexedDB. */
  seeded(): Promise<number>;
  /**
   * Opening run: rows in the cache, and in ms after navigation when the first rows were painted (those
   * kept from the last page load when there are), when every cached row was read (the app's
   * `hoa:first-list-read` mark) and when the list of every row was painted.
   */
  opened(): Promise<{ rows: number; painted: number; read: number; loaded: number }>;
  arm(kind: ProbeKind): void;
  result(): Promise<Timing>;
  /** Changes one shown row through a Replicache mutation, as a pull or an edit would. */
  changeRow(i: number, edit: number): void;
  /** The floor of any change reaching the screen: a bare text change of one element to the frame after it, in ms. */
  paintFloor(): Promise<number>;
  /** ms per one-row change applied to a collection of every row (with a filter view), and per naive recompute. */
  collectionTimes(changes: number): Promise<{ change: number[]; naive: number[] }>;
  /** The ledger page: ms per statementOf over every cached line, for all years and for one year. */
  statementTimes(runs: number): Promise<{ all: number[]; year: number[] }>;
}

const now = () => performance.now();

let probe: (Timing & { kind: ProbeKind }) | null = null;
let settle: (t: Timing) => void = () => {};
let done: Promise<Timing> = Promise.resolve({ input: NaN, applied: NaN, committed: NaN, painted: NaN });

export function arm(kind: ProbeKind, input = NaN) {
  probe = { kind, input, applied: NaN, committed: NaN, painted: NaN };
  done = new Promise((ok) => (settle = ok));
}

export const result = () => done;

/** Runs `fn` once the frame after this moment is painted. */
export function afterPaint(fn: () => void) {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = fn;
    channel.port2.postMessage(null);
  });
}

// The input event is the start, before any handler of the page runs (capture on window).
for (const type of ['keydown', 'pointerup']) {
  addEventListener(type, () => probe && isNaN(probe.input) && (probe.input = now()), { capture: true });
}

/** The render that sees a new applied filter. */
export function filterApplied() {
  if (probe?.kind === 'filter' && isNaN(probe.applied)) probe.applied = now();
}

/** A commit with new rows: the end of a filter's or a synced change's work, then the paint. */
export function rowsCommitted() {
  const p = probe;
  if (!p || !isNaN(p.committed) || (p.kind === 'filter' && isNaN(p.applied))) return;
  p.committed = now();
  afterPaint(() => {
    p.painted = now();
    probe = null;
    settle(p);
  });
}

/** A text change outside React, to the frame after it: what the browser itself takes to show a change. */
export function paintFloor(): Promise<number> {
  let el = document.getElementById('paint-floor');
  if (!el) {
    el = document.createElement('p');
    el.id = 'paint-floor';
    document.body.append(el);
  }
  const start = now();
  el.textContent = `paint ${start}`;
  return new Promise((ok) => afterPaint(() => ok(now() - start)));
}
