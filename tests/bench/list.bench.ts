/**
 * List kit benchmark (browser): `npx tsx tests/bench/list.bench.ts`, part of `npm run bench`. Builds
 * the page in tests/bench/list-harness with Vite into a temporary folder, serves it on loopback and
 * drives Debian's Chromium over 10,000 rows of each area (announcements, requests, violations; BENCH_LIST_AREAS
 * picks some) in Replicache's IndexedDB cache: a keystroke in
 * the search box to the painted rows (with and without the 300 ms debounce), a multi-select filter
 * change to the painted rows, a synced row change to the painted rows, one row change applied to the
 * collection, and the JS heap. Prints figures; asserts nothing. The goal: p95 ≤ 16 ms for the work
 * after the debounce and for filter changes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { CDPSession, Page } from 'playwright-core';
import { build, preview } from 'vite';
import { ANNOUNCEMENT_CATEGORY_LABELS, ANNOUNCEMENT_STATUSES } from '../../schema/announcements';
import { capitalize } from '../../client/lib/format';
import { REQUEST_CATEGORIES, REQUEST_STATUS_LABELS } from '../../schema/requests';
import { VIOLATION_CATEGORIES, VIOLATION_STATUS_LABELS } from '../../schema/violations';
import { launchBrowser } from '../helpers/chromium';
import type { BenchApi, ProbeKind, Timing } from './list-harness/probe';
import { median, ms, p95 } from './stats';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 10_000);
const CHANGES = 50;
const COLLECTION_CHANGES = 200;
const HARNESS = join(import.meta.dirname, 'list-harness');

type Bench = { bench: BenchApi };

/** What the driver clicks per area: the options of its two multi-selects, and the exhausted list's text. */
const AREAS = {
  announcements: { exhausted: 'No more announcements', categories: Object.values(ANNOUNCEMENT_CATEGORY_LABELS), statuses: ANNOUNCEMENT_STATUSES.map(capitalize) },
  requests: { exhausted: 'No more requests', categories: [...REQUEST_CATEGORIES], statuses: Object.values(REQUEST_STATUS_LABELS) },
  violations: { exhausted: 'No more violations', categoryLabel: 'Category', categories: [...VIOLATION_CATEGORIES], statuses: Object.values(VIOLATION_STATUS_LABELS) },
} as Record<string, { exhausted: string; categoryLabel?: string; categories: string[]; statuses: string[] }>;
type AreaName = string;
const CHOSEN = (process.env.BENCH_LIST_AREAS?.split(',') ?? Object.keys(AREAS)) as AreaName[];

/** Cross-origin isolation gives performance.now() 5 µs steps instead of 100 µs (one row change takes microseconds). */
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** Arms the page's probe, does `act`, and returns when its result was painted. */
async function measure(page: Page, kind: ProbeKind, act: () => Promise<void>): Promise<Timing> {
  await page.evaluate((k) => (window as unknown as Bench).bench.arm(k), kind);
  await act();
  return page.evaluate(() => (window as unknown as Bench).bench.result());
}

async function heapMB(cdp: CDPSession): Promise<string> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return `${(usedSize / 2 ** 20).toFixed(1)} MB`;
}

const us = (x: number) => `${Math.round(x * 1000)} µs`;
const line = (label: string, xs: number[], note = '', unit = ms) =>
  `  ${label.padEnd(40)} p50 ${unit(median(xs)).padStart(10)}   p95 ${unit(p95(xs)).padStart(10)}${note ? `   (${note})` : ''}`;

/** Search keystrokes: each word typed letter by letter, then erased; every keystroke changes the applied search. */
function keystrokes(n: number): string[] {
  const keys: string[] = [];
  for (const word of ['pool', 'gate', 'tree', 'roof', 'fence', 'snow', 'dues']) {
    keys.push(...word.split(''), ...word.split('').map(() => 'Backspace'));
  }
  return keys.slice(0, n);
}

async function run(page: Page, cdp: CDPSession, url: string, name: AreaName) {
  const area = AREAS[name];
  await page.goto(`${url}/?area=${name}&seed=${ROWS}`);
  await page.evaluate(() => (window as unknown as Bench).bench.seeded());

  await page.goto(`${url}/?area=${name}`);
  const opened = await page.evaluate(() => (window as unknown as Bench).bench.opened());
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the page is not cross-origin isolated: timings would be in 100 µs steps');
  if (opened.rows !== ROWS) throw new Error(`the cache opened with ${opened.rows} rows, expected ${ROWS}`);
  await page
    .getByText(area.exhausted)
    .or(page.getByRole('button', { name: 'Load more' }))
    .waitFor();
  const heapOpen = await heapMB(cdp);

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  const typed: Timing[] = [];
  for (const key of keystrokes(CHANGES)) typed.push(await measure(page, 'filter', () => page.keyboard.press(key)));

  const filtered: Timing[] = [];
  for (const [name, options] of [
    [area.categoryLabel ?? 'Categories', area.categories],
    ['Status', area.statuses],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(name) }).click();
    // Toggle each option on, then off, and on again: every click changes the applied filter.
    for (let k = 0; k < CHANGES / 2; k++) {
      const option = page.getByRole('option', { name: options[k % options.length], exact: true });
      filtered.push(await measure(page, 'filter', () => option.click()));
    }
    await page.keyboard.press('Escape');
  }

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  const synced: Timing[] = [];
  for (let k = 0; k < CHANGES; k++) {
    synced.push(await measure(page, 'sync', () => page.evaluate(([i, edit]) => (window as unknown as Bench).bench.changeRow(i, edit), [k % 5, k + 1] as const)));
  }

  const collection = await page.evaluate((n) => (window as unknown as Bench).bench.collectionTimes(n), COLLECTION_CHANGES);
  const heapEnd = await heapMB(cdp);

  const since = (ts: Timing[], from: keyof Timing, to: keyof Timing) => ts.map((t) => t[to] - t[from]);
  console.log(
    [
      `${name}:`,
      `  open the list from IndexedDB             first rows painted ${ms(opened.painted)} after navigation (${opened.rows.toLocaleString('en-US')} rows)`,
      line('search keystroke → painted', since(typed, 'input', 'painted'), `${typed.length} keystrokes, the 300 ms debounce included`),
      line('search applied → committed', since(typed, 'applied', 'committed'), 'filter, page, render, commit'),
      line('search applied → painted', since(typed, 'applied', 'painted'), 'the same, to the next frame'),
      line('multi-select click → committed', since(filtered, 'input', 'committed'), `${filtered.length} clicks on Categories and Status options`),
      line('multi-select click → painted', since(filtered, 'input', 'painted')),
      line('synced row change → painted', since(synced, 'input', 'painted'), `${synced.length} Replicache mutations of a shown row`),
      line('collection: one row change', collection.change, `${collection.change.length} changes at ${ROWS.toLocaleString('en-US')} rows, a filter view caught up`, us),
      line('naive recompute, for comparison', collection.naive, `join, filter and sort of every row, ${collection.naive.length} runs`),
      `  JS heap used (after GC)                  ${heapOpen} with the list open, ${heapEnd} at the end`,
    ].join('\n'),
  );
}

const outDir = mkdtempSync(join(tmpdir(), 'hoa-list-bench-'));
try {
  // The harness is its own small build (not part of the app's): production React, the app's styles.
  await build({
    configFile: false,
    root: HARNESS,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    // One chunk on purpose: the page loads once, from loopback.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4_000 },
  });
  const server = await preview({ configFile: false, root: HARNESS, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 8950, headers: ISOLATED } });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    console.log(`List kit benchmark (Chromium ${browser.version()}, production build, page size 10); load average ${loadavg()[0].toFixed(1)}`);
    for (const name of CHOSEN) {
      await run(page, cdp, server.resolvedUrls!.local[0].replace(/\/$/, ''), name);
      console.log(`  load average ${loadavg()[0].toFixed(1)} after ${name}`);
    }
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
