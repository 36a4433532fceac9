/**
 * List kit benchmark (browser): `npx tsx tests/bench/list.bench.ts [area…]`, part of `npm run bench`.
 * Builds the page in tests/bench/list-harness with Vite into a temporary folder, serves it on loopback
 * and drives Debian's Chromium, for each area (tests/bench/list-harness/areas.ts: announcements,
 * documents, requests, invoices, users, the resident directory…; all when none is named), over 10,000 of its rows (BENCH_ROWS; announcements at 100,000 too) in Replicache's IndexedDB cache: reloads to the first rows painted, a keystroke in
 * the search box to the painted rows (with and without the 300 ms debounce), a multi-select filter
 * change to the painted rows, a synced row change to React's commit and to the painted rows (spaced
 * and in bursts, beside the paint floor of a bare text change), one row change applied to the
 * collection, and the JS heap. `ledger`: 10,000 lines of one resident, the statement computed
 * (statementOf) and its newest lines painted as the screen pages them, a year filter change keystroke to paint, a synced line change to paint.
 * Prints figures; asserts nothing. The goals: p95 ≤ 16 ms for the work
 * after the debounce and for filter changes; p95 ≤ 7 ms from a synced change to the screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { CDPSession, Page } from 'playwright-core';
import { build, preview } from 'vite';
import { STATEMENT_PAINTED } from '../../client/features/ledger/ledger-view';
import { launchBrowser } from '../helpers/chromium';
import { BENCH_AREAS, isBenchArea, LEDGER_BENCH, type BenchArea } from './list-harness/areas';
import type { BenchApi, ProbeKind, Timing } from './list-harness/probe';
import { goal, median, ms, p95 } from './stats';

/**
 * Rows per area: BENCH_ROWS (or BENCH_LIST_ROWS), one size or several (`BENCH_ROWS=10000,100000`).
 * Unset: every area at 10,000, and announcements (the kit's model) at 100,000 too.
 */
const SIZES = (process.env.BENCH_ROWS ?? process.env.BENCH_LIST_ROWS)?.split(',').map(Number) ?? null;
const LARGE = 100_000;
/** Reloads of the list, each timed to its first rows (those kept at the last visit) and to every row read. */
const OPENS = Number(process.env.BENCH_OPENS ?? 10);
const CHANGES = 50;
const COLLECTION_CHANGES = 200;
const HARNESS = join(import.meta.dirname, 'list-harness');
/** BENCH_PROFILE=1: an unminified build and the functions that took most time during the filter clicks. */
const PROFILE = process.env.BENCH_PROFILE === '1';

function printProfile(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [key, t] of top) console.log(`    ${t.toFixed(1).padStart(8)} ms  ${key}`);
}

type Bench = { bench: BenchApi };

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
/** A line whose p95 has a goal: a keystroke, a filter change or a synced change to the painted screen within a frame. */
const FRAME_MS = 16;
const goalLine = (label: string, xs: number[], note = '') => `${line(label, xs, note)}  ${goal(p95(xs), FRAME_MS, 'ms p95')}`;

/** Search keystrokes: each word typed letter by letter, then erased; every keystroke changes the applied search. */
function keystrokes(n: number): string[] {
  const keys: string[] = [];
  for (const word of ['pool', 'gate', 'tree', 'roof', 'fence', 'snow', 'dues']) {
    keys.push(...word.split(''), ...word.split('').map(() => 'Backspace'));
  }
  return keys.slice(0, n);
}

type Opened = Awaited<ReturnType<BenchApi['opened']>>;

/**
 * The list opened from IndexedDB: once with nothing kept (the first visit on this device), then
 * OPENS reloads, each painting first the rows the list kept at the last page load (first-rows.ts).
 */
async function open(page: Page, url: string, area: BenchArea, rows: number): Promise<{ cold: Opened; reloads: Opened[] }> {
  const opened = async () => {
    const o = await page.evaluate(() => (window as unknown as Bench).bench.opened());
    if (o.rows !== rows) throw new Error(`the cache opened with ${o.rows} rows, expected ${rows}`);
    return o;
  };
  await page.goto(`${url}/?area=${area}`);
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the page is not cross-origin isolated: timings would be in 100 µs steps');
  const cold = await opened();
  const reloads: Opened[] = [];
  for (let k = 0; k < OPENS; k++) {
    // The list keeps its first rows a second after its last change, and when the page is hidden (the reload).
    await page.waitForTimeout(1_200);
    await page.reload();
    reloads.push(await opened());
  }
  return { cold, reloads };
}

async function run(page: Page, cdp: CDPSession, url: string, area: BenchArea, rows: number) {
  const { exhaustedText, loadMore, selects } = BENCH_AREAS[area];
  await page.goto(`${url}/?area=${area}&seed=${rows}`);
  await page.evaluate(() => (window as unknown as Bench).bench.seeded());

  const { cold, reloads } = await open(page, url, area, rows);
  await page
    .getByText(exhaustedText)
    .or(page.getByRole('button', { name: loadMore }))
    .waitFor();
  const heapOpen = await heapMB(cdp);

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  const typed: Timing[] = [];
  for (const key of keystrokes(CHANGES)) typed.push(await measure(page, 'filter', () => page.keyboard.press(key)));

  const filtered: Timing[] = [];
  if (PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  for (const { button, options } of selects) {
    await page.getByRole('button', { name: new RegExp(button) }).click();
    // Toggle each option on, then off, and on again: every click changes the applied filter.
    for (let k = 0; k < CHANGES / selects.length; k++) {
      const option = page.getByRole('option', { name: options[k % options.length], exact: true });
      filtered.push(await measure(page, 'filter', () => option.click()));
    }
    await page.keyboard.press('Escape');
  }
  if (PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);

  // The search ends empty (each word typed, then erased): only a select leaves a filter to clear.
  if (selects.length) await page.getByRole('button', { name: 'Clear Filters' }).click();
  // Synced changes of a shown row: in bursts (each right after the previous one was painted, so it
  // waits for the next frame) and spaced (an idle pause before each, as edits and pokes arrive).
  // The paint floor is a bare text change timed the same way: what any change costs to show.
  const change = (k: number) => measure(page, 'sync', () => page.evaluate(([i, edit]) => (window as unknown as Bench).bench.changeRow(i, edit), [k % 5, k + 1] as const));
  const floor = () => page.evaluate(() => (window as unknown as Bench).bench.paintFloor());
  const synced: Timing[] = [];
  const floorBursts: number[] = [];
  for (let k = 0; k < CHANGES; k++) {
    synced.push(await change(k));
    floorBursts.push(await floor());
  }
  const spaced: Timing[] = [];
  const floorSpaced: number[] = [];
  for (let k = 0; k < CHANGES; k++) {
    // 40-80 ms apart, so the changes fall at varied points of the frame.
    await page.waitForTimeout(40 + ((k * 17) % 41));
    spaced.push(await change(CHANGES + k));
    await page.waitForTimeout(40 + ((k * 23) % 41));
    floorSpaced.push(await floor());
  }

  const collection = await page.evaluate((n) => (window as unknown as Bench).bench.collectionTimes(n), COLLECTION_CHANGES);
  const heapEnd = await heapMB(cdp);

  const since = (ts: Timing[], from: keyof Timing, to: keyof Timing) => ts.map((t) => t[to] - t[from]);
  console.log(
    [
      `  first open, nothing kept                 first rows painted ${ms(cold.painted)} after navigation, every row read at ${ms(cold.read)} (${rows.toLocaleString('en-US')} rows)`,
      `${line('reload → first rows painted', reloads.map((o) => o.painted), `${reloads.length} reloads, ms after navigation: the rows kept at the last visit`)}  ${goal(p95(reloads.map((o) => o.painted)), rows > 10_000 ? 300 : 150, 'ms p95')}`,
      line('reload → every row read', reloads.map((o) => o.read), "the app's hoa:first-list-read mark"),
      line('reload → the list of every row painted', reloads.map((o) => o.loaded)),
      line('search keystroke → painted', since(typed, 'input', 'painted'), `${typed.length} keystrokes, the 300 ms debounce included`),
      line('search applied → committed', since(typed, 'applied', 'committed'), 'filter, page, render, commit'),
      goalLine('search applied → painted', since(typed, 'applied', 'painted'), 'the same, to the next frame'),
      ...(filtered.length
        ? [
            line('multi-select click → committed', since(filtered, 'input', 'committed'), `${filtered.length} clicks on ${selects.map((x) => x.button).join(' and ')} options`),
            line('  of it: click → filter applied', since(filtered, 'input', 'applied'), "the select's own work, to the list's render"),
            line('  of it: applied → committed', since(filtered, 'applied', 'committed'), 'filter, page, render, commit'),
            goalLine('multi-select click → painted', since(filtered, 'input', 'painted')),
          ]
        : ['  (no multi-select filter on this screen)']),
      line('synced row change → committed, spaced', since(spaced, 'input', 'committed'), `${spaced.length} Replicache mutations of a shown row, 40-80 ms apart: mutate, watch, collection, React`),
      goalLine('synced row change → painted, spaced', since(spaced, 'input', 'painted'), 'the same, to the next frame'),
      line('  paint floor, spaced', floorSpaced, 'a bare text change to the next frame'),
      line('synced row change → committed, bursts', since(synced, 'input', 'committed'), `${synced.length} mutations, each right after the last paint`),
      line('synced row change → painted, bursts', since(synced, 'input', 'painted'), 'mostly waiting for the next frame'),
      line('  paint floor, bursts', floorBursts),
      line('collection: one row change', collection.change, `${collection.change.length} changes at ${rows.toLocaleString('en-US')} rows, a filter view caught up`, us),
      line('naive recompute, for comparison', collection.naive, `${area === 'announcements' ? 'join, ' : ''}filter and sort of every row, ${collection.naive.length} runs`),
      `  JS heap used (after GC)                  ${heapOpen} with the list open, ${heapEnd} at the end`,
    ].join('\n'),
  );
}

/**
 * The statement: opened from IndexedDB with its newest lines painted as the screen pages them (All years), the year chosen in the
 * filter (the list opened, an arrow key, then Enter: Enter to the painted statement), a synced change
 * of a shown line, and statementOf alone.
 */
async function runLedger(page: Page, cdp: CDPSession, url: string, rows: number) {
  await page.goto(`${url}/?area=${LEDGER_BENCH}&seed=${rows}&rows=${rows}`);
  await page.evaluate(() => (window as unknown as Bench).bench.seeded());
  await page.goto(`${url}/?area=${LEDGER_BENCH}&rows=${rows}`);
  const opened = await page.evaluate(() => (window as unknown as Bench).bench.opened());
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the page is not cross-origin isolated: timings would be in 100 µs steps');
  if (opened.rows !== rows) throw new Error(`the cache opened with ${opened.rows} lines, expected ${rows}`);
  const heapOpen = await heapMB(cdp);

  const button = page.getByRole('button', { name: 'Year' });
  const options = await (async () => {
    await button.click();
    const names = await page.getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    return names;
  })();
  // Down through the years and back up, "All years" (every line) at each end.
  const toYear: Timing[] = [];
  const toAll: Timing[] = [];
  let at = 0;
  let dir = 1;
  for (let k = 0; k < CHANGES; k++) {
    if (at + dir < 0 || at + dir >= options.length) dir = -dir;
    await button.click();
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press(dir > 0 ? 'ArrowDown' : 'ArrowUp');
    at += dir;
    const timing = await measure(page, 'filter', () => page.keyboard.press('Enter'));
    (options[at] === 'All years' ? toAll : toYear).push(timing);
  }

  // A synced change of a line of the newest year, shown: that year chosen first.
  await button.click();
  await page.getByRole('option', { name: options[1], exact: true }).click();
  const synced: Timing[] = [];
  for (let k = 0; k < CHANGES; k++) {
    await page.waitForTimeout(40 + ((k * 17) % 41));
    synced.push(await measure(page, 'sync', () => page.evaluate(([i, edit]) => (window as unknown as Bench).bench.changeRow(i, edit), [k % 5, k + 1] as const)));
  }
  const computed = await page.evaluate(() => (window as unknown as Bench).bench.statementTimes(20));
  const heapEnd = await heapMB(cdp);
  const since = (ts: Timing[], from: keyof Timing, to: keyof Timing) => ts.map((t) => t[to] - t[from]);
  const perYear = Math.round(rows / (options.length - 1));
  console.log(
    [
      `  open the statement from IndexedDB        first lines painted ${ms(opened.painted)} after navigation (${opened.rows.toLocaleString('en-US')} lines, All years, the newest ${STATEMENT_PAINTED} painted)`,
      line('statementOf, all years', computed.all, `${computed.all.length} runs over ${rows.toLocaleString('en-US')} lines`),
      line('statementOf, one year', computed.year, 'the running balance over every line, one year kept'),
      line('year chosen (Enter) → committed', since(toYear, 'input', 'committed'), `${toYear.length} changes to a year, about ${perYear.toLocaleString('en-US')} lines each`),
      line('year chosen (Enter) → painted', since(toYear, 'input', 'painted')),
      line('All years chosen (Enter) → painted', since(toAll, 'input', 'painted'), `${toAll.length} changes, the newest ${STATEMENT_PAINTED} of ${rows.toLocaleString('en-US')} lines painted`),
      line('synced line change → painted', since(synced, 'input', 'painted'), `${synced.length} changes of a shown line, 40-80 ms apart: statementOf again, the year repainted`),
      `  JS heap used (after GC)                  ${heapOpen} with the statement open, ${heapEnd} at the end`,
    ].join('\n'),
  );
}

const named = process.argv.slice(2);
const unknownAreas = named.filter((name) => !isBenchArea(name) && name !== LEDGER_BENCH);
if (unknownAreas.length) throw new Error(`unknown area ${unknownAreas.join(', ')}; the areas: ${[...Object.keys(BENCH_AREAS), LEDGER_BENCH].join(', ')}`);
const areas: (BenchArea | typeof LEDGER_BENCH)[] = named.length ? (named as (BenchArea | typeof LEDGER_BENCH)[]) : [...(Object.keys(BENCH_AREAS) as BenchArea[]), LEDGER_BENCH];
const runs: [BenchArea | typeof LEDGER_BENCH, number][] = SIZES
  ? areas.flatMap((area) => SIZES.map((rows) => [area, rows] as [BenchArea | typeof LEDGER_BENCH, number]))
  : [...areas.map((area) => [area, 10_000] as [BenchArea | typeof LEDGER_BENCH, number]), ...(areas.includes('announcements') ? [['announcements', LARGE] as ['announcements', number]] : [])];

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
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4_000, minify: !PROFILE },
  });
  const server = await preview({ configFile: false, root: HARNESS, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 8950, headers: ISOLATED } });
  const browser = await launchBrowser();
  try {
    for (const [area, rows] of runs) {
      // A context per area: its own IndexedDB and heap.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const cdp = await context.newCDPSession(page);
      console.log(`List kit benchmark, ${area}, ${rows.toLocaleString('en-US')} rows (Chromium ${browser.version()}, production build, page size 10); load average ${loadavg()[0].toFixed(1)}`);
      const base = server.resolvedUrls!.local[0].replace(/\/$/, '');
      if (area === LEDGER_BENCH) await runLedger(page, cdp, base, rows);
      else await run(page, cdp, base, area, rows);
      console.log(`  load average at the end ${loadavg()[0].toFixed(1)}`);
      await context.close();
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  if (PROFILE) console.log(`  the profiled build: ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
}
