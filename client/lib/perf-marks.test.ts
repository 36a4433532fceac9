/**
 * `afterPaintReported` (perf-marks.ts): the sync engine waits for the browser's report of the
 * screen's largest paint, not for an older one, and never longer than its limit. `nextTask`: the
 * sync engine's puller takes a pull's answer in separate tasks, not in the current one's microtasks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaintReported, nextTask } from './perf-marks';

/** A PerformanceObserver whose reports the test makes (`report`); `supported` as a browser lists them. */
function fakeObserver(supported: string[]) {
  type Report = (list: { getEntries: () => { startTime: number }[] }) => void;
  const observers: FakeObserver[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    disconnected = false;
    constructor(private readonly callback: Report) {
      observers.push(this);
    }
    observe() {}
    disconnect() {
      this.disconnected = true;
    }
    report(times: number[]) {
      this.callback({ getEntries: () => times.map((startTime) => ({ startTime })) });
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return observers;
}

describe('afterPaintReported', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once a largest paint at or after the commit is reported, not for an earlier one', () => {
    const observers = fakeObserver(['largest-contentful-paint']);
    const fn = vi.fn();
    afterPaintReported(300, fn);
    observers[0].report([160]);
    expect(fn).not.toHaveBeenCalled();
    observers[0].report([340]);
    expect(fn).toHaveBeenCalledTimes(1);
    // Later reports and the limit do not run it again.
    observers[0].report([400]);
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(observers[0].disconnected).toBe(true);
  });

  it('runs after its limit when no report comes', () => {
    fakeObserver(['largest-contentful-paint']);
    const fn = vi.fn();
    afterPaintReported(300, fn, 100);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a browser without the report', () => {
    fakeObserver(['paint']);
    const fn = vi.fn();
    afterPaintReported(300, fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('nextTask', () => {
  it('resolves in a later task: after every microtask of the current one', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('next task'));
    // A chain of microtasks, as a pull's promise chain is, all run before it.
    let chain = Promise.resolve();
    for (let i = 0; i < 50; i++) chain = chain.then(() => void order.push('microtask'));
    await chain;
    expect(order).toEqual(Array(50).fill('microtask'));
    await task;
    expect(order.at(-1)).toBe('next task');
  });
});
