/**
 * Lighthouse (npm `lighthouse`, Debian's Chromium) on the production build served by the Node entry:
 * performance on mobile (Lighthouse's default throttling) and desktop, for /login and, signed in as a
 * board member, /announcements. Also the JavaScript the first screen loads (gzipped, as sent). Prints
 * figures; asserts nothing.
 *
 * BENCH_LIGHTHOUSE_DETAIL=1 also prints, for each run, the scripts' start-up cost, the main thread's
 * breakdown, the LCP element, the long tasks, and where the main thread's time went by package
 * (./main-thread.ts; the build then carries hidden source maps). The sampling profiler slows the page
 * down (TBT about doubles), so a detailed run's scores are not comparable with a plain run's.
 *
 * BENCH_LIGHTHOUSE_SAVE=<dir> writes each run's report and trace (JSON) there, for a closer look at one run.
 *
 * BENCH_LIGHTHOUSE_NO_BUILD=1 audits dist/client as it is (a build changed by hand, for a trial).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';
import { startBenchServer } from './bench-server';
import { mainThreadByPackage } from './main-thread';
import { median } from './stats';

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  scriptKb: number;
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Audits only the rows whose name matches (e.g. `announcements, mobile`), for a quick look while changing one. */
const ONLY = new RegExp(process.env.BENCH_LIGHTHOUSE_ONLY ?? '');
const DETAIL = Boolean(process.env.BENCH_LIGHTHOUSE_DETAIL);
const BUILT = 'dist/client';
const SAVE = process.env.BENCH_LIGHTHOUSE_SAVE;
let saved = 0;

/**
 * One Lighthouse run. Storage reset on (Lighthouse's default: the HTTP cache, the service worker and
 * its caches are cleared, so every run loads the app as a first visit would; cookies, localStorage and
 * IndexedDB stay, so a signed-in page opens signed in). Null when the run failed.
 */
async function auditOnce(url: string, port: number, form: 'mobile' | 'desktop'): Promise<Figures | null> {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    // V8's sampling profiler in the trace, for the breakdown by package.
    ...(DETAIL ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  const lhr = result!.lhr;
  if (lhr.runtimeError) {
    console.log(`    (${url} ${form}: ${lhr.runtimeError.code} ${lhr.runtimeError.message})`);
    return null;
  }
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const name = `${SAVE}/${++saved}-${new URL(url).pathname.slice(1)}-${form}`;
    writeFileSync(`${name}.json`, JSON.stringify(lhr));
    const trace = (result!.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  if (DETAIL) {
    const bootup = (lhr.audits['bootup-time']?.details as { items?: { url: string; scripting: number; scriptParseCompile: number }[] } | undefined)?.items ?? [];
    for (const b of bootup.slice(0, 6)) console.log(`    ${b.url.replace(/^https?:\/\/[^/]+/, '')}: scripting ${b.scripting.toFixed(0)} ms, parse ${b.scriptParseCompile.toFixed(0)} ms`);
    const work = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
    console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${w.duration.toFixed(0)} ms`).join(', ')}`);
    // Lighthouse 12 names the element in its LCP breakdown (a list of a table and the node).
    const lcpParts = (lhr.audits['lcp-breakdown-insight']?.details as { items?: { type: string; nodeLabel?: string; snippet?: string }[] } | undefined)?.items ?? [];
    const lcpNode = lcpParts.find((p) => p.type === 'node');
    if (lcpNode) console.log(`    LCP element: ${lcpNode.snippet ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 100)}"`);
    // Observed (unthrottled) times: Lighthouse's mobile figures simulate a CPU four times slower.
    const trace = (result!.artifacts as { Trace?: { traceEvents: unknown[] } }).Trace;
    if (trace) console.log(`    main thread by package (observed): ${mainThreadByPackage(trace.traceEvents, BUILT).slice(0, 12).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
    const longTasks = (lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
    console.log(`    long tasks: ${longTasks.map((t) => `${t.duration.toFixed(0)} ms at ${t.startTime.toFixed(0)} (${t.url.replace(/^https?:\/\/[^/]+/, '') || '?'})`).join(', ')}`);
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue ?? 0,
    lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
    scriptKb: scriptBytes / 1024,
  };
}

/** Medians of RUNS runs; a failed run (e.g. NO_NAVSTART when Chromium misses the navigation under load) is tried again, twice at most. */
async function audit(url: string, port: number, form: 'mobile' | 'desktop'): Promise<{ figures: Figures; scores: number[] }> {
  const runs: Figures[] = [];
  for (let failures = 0; runs.length < RUNS && failures <= 2; ) {
    const f = await auditOnce(url, port, form);
    if (f) runs.push(f);
    else failures++;
  }
  if (runs.length === 0) throw new Error(`Lighthouse failed on ${url} (${form})`);
  const of = (k: keyof Figures) => median(runs.map((r) => r[k]));
  return { figures: { score: of('score'), fcp: of('fcp'), lcp: of('lcp'), tbt: of('tbt'), scriptKb: of('scriptKb') }, scores: runs.map((r) => r.score) };
}

const row = (name: string, { figures: f, scores }: { figures: Figures; scores: number[] }) =>
  `  ${name.padEnd(26)} score ${String(f.score).padStart(3)} (${scores.join(', ')})   FCP ${(f.fcp / 1000).toFixed(2)} s   LCP ${(f.lcp / 1000).toFixed(2)} s   TBT ${f.tbt.toFixed(0).padStart(4)} ms   JS ${f.scriptKb.toFixed(1)} KB transferred`;

if (!process.env.BENCH_LIGHTHOUSE_NO_BUILD) execSync(`npx vite build --logLevel warn${DETAIL ? ' --sourcemap hidden' : ''}`, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
const server = await startBenchServer();
const { url } = server;
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  console.log(`Lighthouse performance (production build, Node entry with compression, medians of ${RUNS}, storage reset); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const form of ['mobile', 'desktop'] as const) if (ONLY.test(`/login, ${form}`)) console.log(row(`/login, ${form}`, await audit(`${url}/login`, chrome.port, form)));

  // Sign in through the same browser, so /announcements opens as a board member's would.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill('board@maplegrove.test');
  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.goto(`${url}/announcements`);
  await page.getByRole('heading', { name: 'All Announcements' }).waitFor();
  await page.close();
  for (const form of ['mobile', 'desktop'] as const) {
    if (ONLY.test(`/announcements, ${form}`)) console.log(row(`/announcements, ${form}`, await audit(`${url}/announcements`, chrome.port, form)));
  }
  console.log(`  load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await browser.close();
} finally {
  chrome.kill();
  await server.stop();
}
// Lighthouse leaves handles open; the figures are printed.
process.exit(0);
