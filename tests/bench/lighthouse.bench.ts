/**
 * Lighthouse (npm `lighthouse`, Debian's Chromium) on the production build served by the Node entry:
 * performance on mobile (Lighthouse's default throttling) and desktop for every route of the table,
 * each opened by the role that uses it (tests/helpers/route-plan.ts, the plan the accessibility scan
 * walks; a route with an id opens a real demo row, found by the link its list shows). Per route the
 * medians of RUNS runs: score, FCP, LCP, TBT, the JavaScript loaded (gzipped, as sent), Lighthouse's
 * benchmarkIndex (the host's speed) and the main-thread time (total and scripting: the figure the
 * index scales, to compare hosts); then INP on a 4× slower CPU (./inp.ts), and a summary per form
 * factor (routes at ≥ 95 mobile, 100 desktop). Prints figures; asserts nothing.
 *
 * BENCH_LIGHTHOUSE_ONLY=<regexp> audits only the rows whose name matches (`<role> <route>, <form>`,
 * e.g. `resident /announcements, mobile`); BENCH_LIGHTHOUSE_RUNS=<n> (default 3); BENCH_LIGHTHOUSE_INP=0
 * skips the INP measure.
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
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import * as chromeLauncher from 'chrome-launcher';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';
import { DEMO, DEMO_PASSWORD } from '../helpers/http';
import { askAboutACharge, boardStarts, CHARGE_TO_ASK_ABOUT, EMAIL, pathResolver, PLAN, WHO } from '../helpers/route-plan';
import { startBenchServer } from './bench-server';
import { inpOnSlowCpu } from './inp';
import { audit, auditRow, type Form } from './lighthouse-audit';
import { goal, median } from './stats';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ONLY = new RegExp(process.env.BENCH_LIGHTHOUSE_ONLY ?? '');
const INP = process.env.BENCH_LIGHTHOUSE_INP !== '0';
const options = { detail: Boolean(process.env.BENCH_LIGHTHOUSE_DETAIL), built: 'dist/client', save: process.env.BENCH_LIGHTHOUSE_SAVE };
const FORMS: Form[] = ['mobile', 'desktop'];
const GOAL: Record<Form, number> = { mobile: 95, desktop: 100 };
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

if (!process.env.BENCH_LIGHTHOUSE_NO_BUILD) execSync(`npx vite build --logLevel warn${options.detail ? ' --sourcemap hidden' : ''}`, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
const dataDir = mkdtempSync(join(tmpdir(), 'hoa-lighthouse-'));
const server = await startBenchServer({ dataDir });
const { url } = server;
const db = createClient({ url: `file:${join(dataDir, 'bench.db')}` });
const first = async (sql: string, email: string) => String((await db.execute({ sql, args: [email] })).rows[0].id);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const context = browser.contexts()[0];

/** The screen has a heading and no loading placeholder (as the e2e page objects' `settled`). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.querySelector('h1') && ![...document.querySelectorAll('[role=status]')].some((s) => s.getAttribute('aria-label') === 'Loading' || /^\s*Loading/.test(s.textContent ?? '')), null, { timeout: 30_000 });

/** The first link on the screen `from` (on its tab `tab`) whose path fits `route` (':id' one segment). */
async function linkOn(page: Page, route: string, from: string | undefined, tab?: string): Promise<string> {
  if (!from) throw new Error(`${route}: no screen named to find its link on`);
  await page.goto(url + from);
  await settled(page);
  if (tab) await page.getByRole('tab', { name: tab }).click();
  const fits = new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/?#]+')}$`);
  for (let waited = 0; waited < 10_000; waited += 250) {
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const found = hrefs.find((h) => fits.test(h) && !/\/(create|new)$/.test(h));
    if (found) return found;
    await page.waitForTimeout(250);
  }
  throw new Error(`no link to ${route} on ${from}`);
}

/** Signs the browser out (cookies and the app's local session gone) and, unless a visitor, in as `email`. */
async function signIn(page: Page, email?: string) {
  await context.clearCookies();
  await page.goto(`${url}/login`);
  await page.evaluate(() => localStorage.clear());
  if (!email) return;
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await settled(page);
}

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const met: Record<Form, { good: number; all: number }> = { mobile: { good: 0, all: 0 }, desktop: { good: 0, all: 0 } };
try {
  console.log(`Lighthouse performance (production build, Node entry with compression, medians of ${RUNS}, storage reset); load average ${load()}`);
  for (const who of WHO) {
    const planned = PLAN.filter((p) => p.who === who && FORMS.some((form) => ONLY.test(`${who} ${p.route}, ${form}`)));
    if (planned.length === 0) continue;
    const page = await context.newPage();
    await signIn(page, who === 'visitor' ? undefined : EMAIL[who]);
    if (who === 'board') {
      const res = await askAboutACharge(url, await apiToken(DEMO.maple.resident), await first(CHARGE_TO_ASK_ABOUT, DEMO.maple.resident));
      if (!res.ok) throw new Error(`the resident's question: ${res.status}`);
    }
    const resolve = pathResolver(who, who === 'board' ? await boardStarts(first) : [], (route, from, tab) => linkOn(page, route, from, tab));
    const paths = new Map<string, string>();
    for (const { route } of planned) paths.set(route, await resolve(route));
    await page.close();
    for (const { route } of planned) {
      const path = paths.get(route)!;
      for (const form of FORMS) {
        const name = `${who} ${route}, ${form}`;
        if (!ONLY.test(name)) continue;
        const audited = await audit(url + path, chrome.port, form, RUNS, options);
        // LCP's goal holds for the mobile form, the one on a 4× slower CPU.
        const lcpGoal = form === 'mobile' ? ` ${goal(audited.figures.lcp / 1000, 2.5, 's LCP')}` : '';
        console.log(`${auditRow(name, audited)}  ${goal(audited.figures.score, GOAL[form], 'score', true)}${lcpGoal}`);
        met[form].all++;
        if (audited.figures.score >= GOAL[form]) met[form].good++;
      }
      if (INP) {
        const tries = [];
        for (let i = 0; i < RUNS; i++) tries.push(await inpOnSlowCpu(context, url + path));
        console.log(`  ${`${who} ${route}, INP on a 4× slower CPU`.padEnd(44)} ${median(tries.map((t) => t.inp)).toFixed(0)} ms (${tries.map((t) => t.inp.toFixed(0)).join(', ')}; a click on ${tries[0].control}) ${goal(median(tries.map((t) => t.inp)), 200, 'ms INP')}`);
      }
    }
  }
  for (const form of FORMS) if (met[form].all > 0) console.log(`  ${form}: ${met[form].good} of ${met[form].all} routes at ${GOAL[form]} or more`);
  console.log(`  load average after: ${load()}`);
  await browser.close();
} finally {
  chrome.kill();
  db.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
// Lighthouse leaves handles open; the figures are printed.
process.exit(0);
