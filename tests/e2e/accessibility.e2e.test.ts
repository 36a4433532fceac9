/**
 * WCAG 2.2 AA on every screen of the route table: each opened by the role that uses it, scanned by
 * axe-core at 1280 and 375 px with every WCAG 2.x A/AA rule (any impact fails), and the states a user
 * reaches besides: a dialog open, a form's errors shown, offline.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../client/app/routes';
import { OFFLINE_TEXT, pendingText } from '../../client/features/sync/ConnectionBar';
import { DEMO, DESKTOP, e2eSuite, goOffline, goOnline, openPage, openPageWithServiceWorker, PHONE, signInAs, waitForServiceWorker } from '../helpers/browser';
import { PLAN, SAME_SCREEN, WHO, type Who } from '../helpers/route-plan';
import { openAs, openScreen, settled, violationsAtBothWidths } from './pages/screens';

const e2e = e2eSuite();

/** Opens every planned route of `who` in one signed-in page; returns the failing violations of all. */
async function scanAs(who: Who): Promise<string[]> {
  const { page, context } = await openPage(e2e.browser, e2e.server);
  const resolve = await openAs(page, e2e.server, who);
  const found: string[] = [];
  for (const { route } of PLAN.filter((p) => p.who === who)) {
    const path = await resolve(route);
    await openScreen(page, path);
    found.push(...(await violationsAtBothWidths(page, `${who} ${path} (${route})`)));
  }
  await context.close();
  return found;
}

describe('every screen, at 1280 and 375 px', () => {
  it('the plan names every route of the table', () => {
    const planned = new Set(PLAN.map((p) => p.route));
    expect(ROUTES.map((r) => r.path).filter((path) => !planned.has(path) && !SAME_SCREEN(path))).toEqual([]);
  });

  for (const who of WHO) {
    it(`as ${who === 'visitor' ? 'a visitor' : `the ${who}`}: no WCAG 2.2 A/AA violation`, { timeout: 120_000 }, async () => {
      const found = await scanAs(who);
      expect(found, found.join('\n\n')).toEqual([]);
    });
  }
});

async function expectClean(page: Page, name: string) {
  const found = await violationsAtBothWidths(page, name);
  expect(found, found.join('\n\n')).toEqual([]);
}

describe('the states a user reaches', () => {
  it('a dialog open, a form with its errors, the account menu open, offline with a change waiting (announced)', { timeout: 90_000 }, async () => {
    const { page, context } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await waitForServiceWorker(page);

    await openScreen(page, '/requests/create');
    await page.getByRole('button', { name: 'Create Request' }).click();
    await page.getByText('Title is required').first().waitFor();
    await expectClean(page, 'request form with its errors');

    await openScreen(page, '/announcements');
    await page.getByRole('link', { name: 'Create Announcement' }).click();
    await settled(page);
    await page.getByRole('button', { name: 'Create Draft' }).click();
    await page.getByText('Title is required').first().waitFor();
    await expectClean(page, 'announcement form with its errors');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectClean(page, 'account menu open');
    await page.keyboard.press('Escape');

    await openScreen(page, '/users');
    await page.getByRole('button', { name: 'Invite User' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).waitFor();
    await expectClean(page, 'invite dialog open');
    await page.keyboard.press('Escape');
    // The focus goes back to the button that opened it, also at a dialog's first open (client/ui/Dialog.tsx).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Invite User');

    // The sync state's live region is in the page before it has anything to say, so its words are announced.
    await openScreen(page, '/announcements');
    const syncState = await page.locator('[role=status][aria-live=polite]:empty').elementHandle();
    const said = () => syncState!.evaluate((e) => (e.isConnected ? e.textContent : 'removed'));
    await goOffline(context, e2e.server);
    await expect.poll(said).toBe(OFFLINE_TEXT);
    await page.locator('main a[href^="/announcements/"]:not([href$="/create"]):visible').first().click();
    await page.getByRole('button', { name: /^(Pin to the top|Unpin)$/ }).click();
    await expect.poll(said).toBe(`${OFFLINE_TEXT}${pendingText(1)}`);
    await expectClean(page, 'offline with a change waiting');
    await goOnline(context, e2e.server);
    await expect.poll(said, { timeout: 20_000 }).toBe('');
    await context.close();
  });
});

describe('a list shown a page at a time', () => {
  it('tells its size: aria-rowcount counts the rows Load more would add, and each row has its place', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await openScreen(page, '/documents');
    // 12 documents, 10 a page: the header and 12 rows, of which 10 show.
    const table = page.getByRole('table');
    const places = () => table.getByRole('row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('aria-rowindex'))));
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('13');
    expect(await places()).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));

    await page.setViewportSize(PHONE);
    const cards = page.locator('main li[aria-setsize]');
    await expect.poll(() => cards.evaluateAll((lis) => lis.map((li) => `${li.getAttribute('aria-posinset')}/${li.getAttribute('aria-setsize')}`))).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}/12`));
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByText('No more documents').waitFor();
    expect(await table.getAttribute('aria-rowcount')).toBe('13');
    expect(await places()).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    await context.close();
  });
});
