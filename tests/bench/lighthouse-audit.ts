/**
 * One Lighthouse performance audit of a page, as lighthouse.bench.ts prints it: the score and the
 * metrics, the script bytes, the host's benchmarkIndex and the main-thread time; with DETAIL the long
 * tasks and the main thread by package (./main-thread.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { mainThreadByPackage } from './main-thread';
import { median } from './stats';

export type Form = 'mobile' | 'desktop';

export interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Cumulative layout shift: a quarter of the score, so a screen whose cards move as its rows load loses points however fast it is. */
  cls: number;
  scriptKb: number;
  /** Lighthouse's measure of the host's speed (higher is faster); its simulation scales the observed main-thread time by it. */
  benchmarkIndex: number;
  /** Main-thread time in ms as Lighthouse reports it (on mobile the observed time times its CPU slowdown of 4). */
  mainThread: number;
  scripting: number;
}

export interface AuditOptions {
  detail: boolean;
  /** The build's folder (source maps for the breakdown by package). */
  built: string;
  /** A folder for each run's report and trace, or undefined. */
  save?: string;
}

type Items<T> = { items?: T[] } | undefined;
let saved = 0;

function printDetail(lhr: { audits: Record<string, { details?: unknown }> }, trace: { traceEvents: unknown[] } | undefined, built: string) {
  const bootup = (lhr.audits['bootup-time']?.details as Items<{ url: string; scripting: number; scriptParseCompile: number }>)?.items ?? [];
  for (const b of bootup.slice(0, 6)) console.log(`    ${b.url.replace(/^https?:\/\/[^/]+/, '')}: scripting ${b.scripting.toFixed(0)} ms, parse ${b.scriptParseCompile.toFixed(0)} ms`);
  const work = (lhr.audits['mainthread-work-breakdown']?.details as Items<{ groupLabel: string; duration: number }>)?.items ?? [];
  console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${w.duration.toFixed(0)} ms`).join(', ')}`);
  // Lighthouse names the element in its LCP breakdown (a list of a table and the node).
  const lcpNode = ((lhr.audits['lcp-breakdown-insight']?.details as Items<{ type: string; nodeLabel?: string; snippet?: string }>)?.items ?? []).find((p) => p.type === 'node');
  if (lcpNode) console.log(`    LCP element: ${lcpNode.snippet ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 100)}"`);
  // Observed (unthrottled) times: Lighthouse's mobile figures simulate a CPU four times slower.
  if (trace) console.log(`    main thread by package (observed): ${mainThreadByPackage(trace.traceEvents, built).slice(0, 12).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
  const longTasks = (lhr.audits['long-tasks']?.details as Items<{ url: string; duration: number; startTime: number }>)?.items ?? [];
  console.log(`    long tasks: ${longTasks.map((t) => `${t.duration.toFixed(0)} ms at ${t.startTime.toFixed(0)} (${t.url.replace(/^https?:\/\/[^/]+/, '') || '?'})`).join(', ')}`);
}

/**
 * One Lighthouse run. Storage reset on (Lighthouse's default: the HTTP cache, the service worker and
 * its caches are cleared, so every run loads the app as a first visit would; cookies, localStorage and
 * IndexedDB stay, so a signed-in page opens signed in). Null when the run failed.
 */
export async function auditOnce(url: string, port: number, form: Form, { detail, built, save }: AuditOptions): Promise<Figures | null> {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    // V8's sampling profiler in the trace, for the breakdown by package.
    ...(detail ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  const lhr = result!.lhr;
  if (lhr.runtimeError) {
    console.log(`    (${url} ${form}: ${lhr.runtimeError.code} ${lhr.runtimeError.message})`);
    return null;
  }
  // A screen that sent the browser elsewhere (a guard's redirect) is not the screen asked for: said, and counted as it is.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) console.log(`    (${url} ${form}: landed on ${landed})`);
  const trace = (result!.artifacts as { Trace?: { traceEvents: unknown[] } }).Trace;
  if (save) {
    mkdirSync(save, { recursive: true });
    const name = `${save}/${++saved}-${new URL(url).pathname.slice(1).replaceAll('/', '_')}-${form}`;
    writeFileSync(`${name}.json`, JSON.stringify(lhr));
    if (trace) writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
  }
  if (detail) printDetail(lhr, trace, built);
  const requests = (lhr.audits['network-requests']?.details as Items<{ resourceType?: string; transferSize?: number }>)?.items ?? [];
  const work = (lhr.audits['mainthread-work-breakdown']?.details as Items<{ group: string; duration: number }>)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue ?? 0,
    lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
    scriptKb: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThread: work.reduce((sum, w) => sum + w.duration, 0),
    scripting: work.filter((w) => w.group === 'scriptEvaluation').reduce((sum, w) => sum + w.duration, 0),
  };
}

export interface Audited {
  figures: Figures;
  scores: number[];
}

/** Medians of `runs` runs; a failed run (e.g. NO_NAVSTART when Chromium misses the navigation under load) is tried again, twice at most. */
export async function audit(url: string, port: number, form: Form, runs: number, options: AuditOptions): Promise<Audited> {
  const done: Figures[] = [];
  for (let failures = 0; done.length < runs && failures <= 2; ) {
    const f = await auditOnce(url, port, form, options);
    if (f) done.push(f);
    else failures++;
  }
  if (done.length === 0) throw new Error(`Lighthouse failed on ${url} (${form})`);
  const figures = Object.fromEntries(Object.keys(done[0]).map((k) => [k, median(done.map((r) => r[k as keyof Figures]))])) as unknown as Figures;
  return { figures, scores: done.map((r) => r.score) };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One printed row: score (each run's), FCP, LCP, TBT, script KB, benchmarkIndex, main-thread time (total / scripting). */
export const auditRow = (name: string, { figures: f, scores }: Audited) =>
  `  ${name.padEnd(44)} score ${String(f.score).padStart(3)} (${scores.join(', ')})  FCP ${s(f.fcp)}  LCP ${s(f.lcp)}  TBT ${f.tbt.toFixed(0).padStart(4)} ms  CLS ${f.cls.toFixed(3)}  JS ${f.scriptKb.toFixed(1)} KB  index ${f.benchmarkIndex.toFixed(0)}  main thread ${f.mainThread.toFixed(0)} ms (script ${f.scripting.toFixed(0)} ms)`;
