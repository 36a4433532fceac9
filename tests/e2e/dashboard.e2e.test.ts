/**
 * The dashboard as a board member sees it: cards and activity computed from the local cache (the
 * same figures the API answers), the community card from the directory, and all of it again after a
 * reload with the network off; a reload on a slow phone paints it whole (what the last visit showed)
 * before the cache answers, so nothing is pushed down.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '../../schema/dashboard';
import { FIRST_SCREEN_PREFIX } from '../../client/lib/first-screen';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, fillSignIn, goOffline, goOnline, openPage, openPageWithServiceWorker, PHONE, signInAs, snap, waitForServiceWorker } from '../helpers/browser';

import { apiDashboardFigures, dashboard } from './pages/dashboard';

const e2e = e2eSuite();

/**
 * What the dashboard showed when `first` first appeared (`window.firstPaint`: the vote banner, the
 * cards' aria-busy), and the sum of its layout shifts (`window.shifted`). Run in the page before
 * its scripts, or on the sign-in page (the app signs in without a reload). A string: tsx would name
 * inner functions with a helper the page does not have.
 */
const watchFirstPaint = (first: 'heading' | 'cards') => `
window.shifted = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifted += e.value; }).observe({ type: 'layout-shift', buffered: true });
const observer = new MutationObserver(() => {
  const metrics = document.querySelector('[aria-label="Metrics"]');
  const shown = ${first === 'heading' ? `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Dashboard')` : 'metrics'};
  if (!shown) return;
  observer.disconnect();
  const banner = [...document.querySelectorAll('[role=status]')].some((n) => n.textContent.includes('A vote is open'));
  window.firstPaint = { banner, busy: metrics && metrics.getAttribute('aria-busy') };
});
observer.observe(document, { childList: true, subtree: true });`;

/** A phone's CPU (4× slower) for the page, as long as it is open. */
async function slowCpu(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** When `watchFirstPaint`'s element first showed, the banner and the cards (not busy) were there, and nothing moved after. */
async function expectPaintedWhole(page: Page) {
  await expect(page.evaluate('window.firstPaint')).resolves.toEqual({ banner: true, busy: 'false' });
  expect(await page.evaluate('window.shifted')).toBeLessThan(0.05);
}

describe('dashboard', () => {
  it('shows the figures the API computes, and keeps them offline across a reload', async () => {
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      const board = dashboard(page);
      await board.heading.waitFor();
      const api = await apiDashboardFigures(e2e.server, await apiToken(e2e.server, DEMO.maple.board));

      await expect.poll(() => board.metric('Maintenance Requests').textContent()).toBe(api.metrics.maintenanceRequests.value);
      await expect(board.metric('Announcements').textContent()).resolves.toBe(api.metrics.announcements.value);
      await expect.poll(() => board.community('Total Units').textContent()).toBe(String(api.community.units));
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      await expect(page.getByText(DASHBOARD_MESSAGES.noActivity).count()).resolves.toBe(0);
      await expect(board.change('Outstanding Dues').textContent()).resolves.toBe(api.metrics.outstandingDues.change);
      // Disabled, and it says why.
      const pay = page.getByRole('button', { name: 'Pay Monthly Dues' });
      await expect(pay.isDisabled()).resolves.toBe(true);
      const why = await pay.getAttribute('aria-describedby');
      expect(why).toBeTruthy();
      await expect(page.locator(`[id="${why}"]`).textContent()).resolves.toBe(DASHBOARD_MESSAGES.payDuesWhy);
      await snap(page, 'dashboard-board');
      await waitForServiceWorker(page);

      await goOffline(context, e2e.server);
      await page.reload();
      await board.heading.waitFor({ timeout: 20_000 });
      await expect.poll(() => board.metric('Maintenance Requests').textContent(), { timeout: 20_000 }).toBe(api.metrics.maintenanceRequests.value);
      await expect.poll(() => board.community('Board Members').textContent()).toBe(String(api.community.boardMembers));
      await expect(page.getByText(DASHBOARD_MESSAGES.loadFailed).count()).resolves.toBe(0);
      expect(errors.filter((e) => !/Failed to load resource|net::ERR/.test(e))).toEqual([]);
    } finally {
      await goOnline(context, e2e.server);
      await context.close();
    }
  }, 90_000);

  it('on a slow start with no cache shows placeholders, never a zero that is not known, then the figures', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      const board = dashboard(page);
      const api = await apiDashboardFigures(e2e.server, await apiToken(e2e.server, DEMO.maple.board));
      await expect.poll(() => board.metric('Maintenance Requests').textContent()).toBe(api.metrics.maintenanceRequests.value);
      // No cache: the browser's Replicache databases go (dropped as the page unloads), with the
      // figures kept from the last visit; the session's flag and the kept Community Info stay. The
      // start-up refresh is held past the 3 s fail-safe.
      await page.evaluate(`(async () => {
        for (const { name } of await indexedDB.databases()) if (name) indexedDB.deleteDatabase(name);
        for (const key of Object.keys(localStorage)) if (key.startsWith(${JSON.stringify(FIRST_SCREEN_PREFIX)})) localStorage.removeItem(key);
      })()`);
      let release = () => {};
      const held = new Promise<void>((ok) => (release = ok));
      await context.route('**/api/auth/refresh', async (route) => {
        await held;
        await route.continue();
      });
      const pullTried = page.waitForResponse((r) => r.url().includes('/api/sync/pull'), { timeout: 30_000 });
      await page.reload();
      await board.heading.waitFor({ timeout: 20_000 });
      expect((await pullTried).status()).toBe(401);

      // The app runs with the cached user and an empty cache: placeholders, not zeros.
      await expect(page.getByText('$0.00').count()).resolves.toBe(0);
      await expect(board.metric('Maintenance Requests').count()).resolves.toBe(0);
      await expect(page.getByText(DASHBOARD_MESSAGES.noActivity).count()).resolves.toBe(0);
      await expect(board.metrics.getAttribute('aria-busy')).resolves.toBe('true');
      // The kept Community Info is shown: cached figures.
      await expect(board.community('Total Units').textContent()).resolves.toBe(String(api.community.units));
      await snap(page, 'dashboard-slow-start');

      release();
      // A refresh held past its 10 s limit counts as no answer: the dashboard then says so, and Retry asks again.
      const retry = board.metrics.getByRole('button', { name: DASHBOARD_MESSAGES.retry });
      if (await retry.isVisible()) await retry.click();
      await expect.poll(() => board.metric('Maintenance Requests').textContent(), { timeout: 20_000 }).toBe(api.metrics.maintenanceRequests.value);
      await expect(board.metric('Outstanding Dues').textContent()).resolves.toBe(api.metrics.outstandingDues.value);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a reload paints it whole on a slow phone: the vote banner and the last visit’s figures at once, nothing pushed down', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server, PHONE);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      const board = dashboard(page);
      const api = await apiDashboardFigures(e2e.server, await apiToken(e2e.server, DEMO.maple.board));
      await expect.poll(() => board.metric('Maintenance Requests').textContent()).toBe(api.metrics.maintenanceRequests.value);
      await board.voteBanner.waitFor();
      // A phone's CPU: the cache answers well after the screen's first paint.
      await page.addInitScript(watchFirstPaint('heading'));
      await slowCpu(context, page);
      await page.reload();
      await board.heading.waitFor();
      await expect.poll(() => board.metric('Maintenance Requests').textContent()).toBe(api.metrics.maintenanceRequests.value);
      await board.voteBanner.waitFor();
      // Once skeletons when the heading first showed, which the banner then pushed down (a shift of 0.75).
      await expectPaintedWhole(page);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the first visit after signing in on a slow phone paints the banner with the cards, nothing pushed down', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server, PHONE);
    try {
      await slowCpu(context, page);
      await page.goto('/login');
      await page.evaluate(watchFirstPaint('cards'));
      // A new device: nothing kept, the cache filled by the first pull after signing in.
      await fillSignIn(page, e2e.server, DEMO.maple.board);
      const board = dashboard(page);
      await board.voteBanner.waitFor({ timeout: 20_000 });
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      // Once skeleton cards, which the banner then pushed down by its height (a shift of 0.75).
      await expectPaintedWhole(page);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('fits a phone', async () => {
    const { context, page } = await openPage(e2e.browser, e2e.server, PHONE);
    try {
      await signInAs(page, e2e.server, DEMO.maple.superadmin);
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      await page.getByText(/request from/).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await snap(page, 'dashboard-superadmin');
    } finally {
      await context.close();
    }
  });
});
