/**
 * Reload to a list painted from the local cache: `npx tsx tests/bench/reload.bench.ts`, part of
 * `npm run bench`. The production build on the Node entry with 10,000 more announcements; a board
 * member signs in, opens /announcements and waits until the initial pull is in Replicache's
 * IndexedDB; then the page is reloaded RUNS times. Each time a script in the page notes when the
 * first table row enters the DOM and when the frame after it is painted (a task posted from
 * requestAnimationFrame), in ms after the navigation started. The app's own performance marks
 * (`hoa:*`, client/lib/perf-marks.ts) give the steps before, and `hoa:first-list-read` when every
 * cached row is read (the first rows painted are those kept at the last visit, client/lib/first-rows.ts);
 * the browser's own timings give what the session waits for: when the start-up refresh was asked and
 * answered, and when the scripts had run (DOMContentLoaded).
 * Prints figures; asserts nothing.
 */
import { loadavg } from 'node:os';
import { execSync } from 'node:child_process';
import { launchBrowser } from '../helpers/chromium';
import { startBenchServer } from './bench-server';
import { goal, median, p95 } from './stats';

/** Extra announcements: BENCH_ROWS (or BENCH_RELOAD_ROWS), 10,000 by default. */
const EXTRA = Number(process.env.BENCH_ROWS ?? process.env.BENCH_RELOAD_ROWS ?? 10_000);
/**
 * Reloads per width (BENCH_RELOAD_RUNS). 30, so that the p95 is the 29th of 30 and not the slowest
 * reload: with 20 or fewer, `p95` (./stats.ts, nearest rank) is the maximum, one reload's outlier.
 */
const RUNS = Number(process.env.BENCH_RELOAD_RUNS ?? 30);

/**
 * Runs in the page before its scripts: the first row in the DOM, and the paint after it. A string,
 * not a function: tsx would name the inner functions with a helper the page does not have.
 */
const WATCH_FIRST_ROW = `
window.firstRow = new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('main tbody tr, main ul[aria-label="All Announcements"] li')) return;
    observer.disconnect();
    const inDom = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ inDom, painted: performance.now() });
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
});`;

const fmt = (xs: number[]) => `p50 ${median(xs).toFixed(0).padStart(5)} ms   p95 ${p95(xs).toFixed(0).padStart(5)} ms`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

if (!process.env.BENCH_NO_BUILD) execSync('npx vite build --logLevel warn', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
const server = await startBenchServer({ extraAnnouncements: EXTRA });
const browser = await launchBrowser();
try {
  for (const [label, viewport] of [
    ['desktop 1280 px', { width: 1280, height: 800 }],
    ['phone 375 px', { width: 375, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('board@maplegrove.test');
    await page.getByLabel('Password', { exact: true }).fill('Password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${server.url}/announcements`);
    // The initial pull is in when the counter shows every row; Replicache persists to IndexedDB about a second later.
    await page.waitForFunction((n) => [...document.querySelectorAll('main p, main dd, main span')].some((el) => el.childElementCount === 0 && Number(el.textContent!.replace(/,/g, '')) >= n), EXTRA);
    await page.waitForTimeout(3_000);
    await page.addInitScript({ content: WATCH_FIRST_ROW });

    const inDom: number[] = [];
    const painted: number[] = [];
    const marks = new Map<string, number[]>();
    for (let k = 0; k < RUNS; k++) {
      await page.reload();
      const t = await page.evaluate(() => (window as unknown as { firstRow: Promise<{ inDom: number; painted: number }> }).firstRow);
      inDom.push(t.inDom);
      painted.push(t.painted);
      // The first rows come from those kept at the last visit (client/lib/first-rows.ts); the
      // marks are read once the full read of the cache is in too.
      await page.waitForFunction(() => performance.getEntriesByName('hoa:first-list-read').length > 0);
      const got = await page.evaluate(() => [
        ...performance.getEntriesByType('mark').filter((m) => m.name.startsWith('hoa:')).map((m) => [m.name, m.startTime] as const),
        // What the session waits for: the refresh's answer (the boot script asks for it) and the scripts (run by DOMContentLoaded).
        ...performance
          .getEntriesByType('resource')
          .filter((r) => r.name.includes('/api/auth/refresh'))
          .flatMap((r) => [['(refresh asked)', r.startTime] as const, ['(refresh answered)', (r as PerformanceResourceTiming).responseEnd] as const]),
        ...performance.getEntriesByType('navigation').map((n) => ['(scripts run: DOMContentLoaded)', (n as PerformanceNavigationTiming).domContentLoadedEventStart] as const),
      ]);
      for (const [name, at] of got) marks.set(name, [...(marks.get(name) ?? []), at]);
      await page.waitForTimeout(300);
    }
    console.log(`Reload → first rows of /announcements from the local cache (${(EXTRA + 6).toLocaleString('en-US')}-ish announcements, ${label}, ${RUNS} reloads); load average ${load()}`);
    console.log(`  first row in the DOM          ${fmt(inDom)}`);
    // The goals: at 10,000 rows Replicache's own start-up figure for its first 100 KB; at 100,000, 300 ms.
    console.log(`  first rows painted            ${fmt(painted)}   ${goal(p95(painted), EXTRA <= 10_000 ? 150 : 300, 'ms p95')}`);
    for (const [name, xs] of [...marks].sort((a, b) => median(a[1]) - median(b[1]))) console.log(`    ${name.padEnd(28)} ${fmt(xs)}   (${name.startsWith('(') ? 'browser' : 'app mark'}, ${xs.length} runs)`);
    await context.close();
  }
  console.log(`  load average after: ${load()}`);
} finally {
  await browser.close();
  await server.stop();
}
