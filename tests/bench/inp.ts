/**
 * Interaction to Next Paint on a CPU four times slower (CDP Emulation.setCPUThrottlingRate): the
 * screen is opened, left to settle, and its main control clicked (the first in-app link of the main
 * region, else its first button, else the heading); the figure is the longest Event Timing entry of that interaction
 * (entries under 16 ms are not reported: then INP is below 16 ms). Printed by lighthouse.bench.ts.
 */
import type { BrowserContext } from 'playwright-core';

const OBSERVE = `(() => {
  window.__inp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__inp.push({ name: e.name, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

/** The screen has a heading and no loading placeholder (as the e2e page objects' `settled`). */
const SETTLED = () => {
  if (!document.querySelector('h1')) return false;
  return ![...document.querySelectorAll('[role=status]')].some((s) => s.getAttribute('aria-label') === 'Loading' || /^\s*Loading/.test(s.textContent ?? ''));
};

export interface Interaction {
  /** What was clicked. */
  control: string;
  /** ms; 0 when no entry reached 16 ms. */
  inp: number;
}

export async function inpOnSlowCpu(context: BrowserContext, url: string): Promise<Interaction> {
  const page = await context.newPage();
  try {
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    await page.waitForFunction(SETTLED, null, { timeout: 30_000 });
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    const link = page.locator('main a[href^="/"]:not([href^="/api"]):visible').first();
    const button = page.locator('main button:visible').first();
    const control = (await link.count()) > 0 ? link : (await button.count()) > 0 ? button : page.locator('h1').first();
    const name = `${await control.evaluate((e) => e.tagName.toLowerCase())} "${((await control.textContent()) ?? '').trim().slice(0, 30)}"`;
    await control.click();
    // The next paint, then a moment for the observer's callback.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
    const entries = await page.evaluate(() => (window as unknown as { __inp: { duration: number }[] }).__inp);
    return { control: name, inp: Math.max(0, ...entries.map((e) => e.duration)) };
  } finally {
    await page.close();
  }
}
