/**
 * Lighthouse (npm `lighthouse`, Debian's Chromium) on the production build served by the Node entry:
 * performance on mobile (Lighthouse's default throttling) and desktop, for /login and, signed in as a
 * board member, /announcements. Also the JavaScript the first screen loads (gzipped, as sent). Prints
 * figures; asserts nothing.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn('npx', ['tsx', 'tests/bench/serve.ts'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /ready (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  // localhost, as users open it: the refresh cookie is not Secure there.
  return { url: `http://localhost:${port}`, child };
}

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  scriptKb: number;
}

async function audit(url: string, port: number, form: 'mobile' | 'desktop'): Promise<Figures> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'], disableStorageReset: true };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  const lhr = result!.lhr;
  if (lhr.runtimeError) console.log(`  (${url} ${form}: ${lhr.runtimeError.code} ${lhr.runtimeError.message})`);
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  if (process.env.BENCH_LIGHTHOUSE_DETAIL) {
    const bootup = (lhr.audits['bootup-time']?.details as { items?: { url: string; scripting: number; scriptParseCompile: number }[] } | undefined)?.items ?? [];
    for (const b of bootup.slice(0, 6)) console.log(`    ${b.url.replace(/^https?:\/\/[^/]+/, '')}: scripting ${b.scripting.toFixed(0)} ms, parse ${b.scriptParseCompile.toFixed(0)} ms`);
    const work = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
    console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${w.duration.toFixed(0)} ms`).join(', ')}`);
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
    scriptKb: scriptBytes / 1024,
  };
}

const row = (name: string, f: Figures) =>
  `  ${name.padEnd(30)} score ${String(f.score).padStart(3)}   LCP ${(f.lcp / 1000).toFixed(2)} s   TBT ${f.tbt.toFixed(0).padStart(4)} ms   JS ${f.scriptKb.toFixed(1)} KB transferred`;

execSync('npx vite build --logLevel warn', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
const { url, child } = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  console.log(`Lighthouse performance (production build, Node entry with compression); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const form of ['mobile', 'desktop'] as const) console.log(row(`/login, ${form}`, await audit(`${url}/login`, chrome.port, form)));

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
  for (const form of ['mobile', 'desktop'] as const) console.log(row(`/announcements, ${form}`, await audit(`${url}/announcements`, chrome.port, form)));
  await browser.close();
} finally {
  chrome.kill();
  child.kill('SIGTERM');
}
// Lighthouse leaves handles open; the figures are printed.
process.exit(0);
