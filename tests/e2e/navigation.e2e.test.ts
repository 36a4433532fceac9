/**
 * The walk's navigation defects: a resident's navigation offers no Dashboard (it
 * would land on Announcements), Support keeps the navigation for a signed-in user, the Recent
 * Activity cards of Compliance and Requests show their dates whole on a phone, the list screens' and
 * /profile's cards, /addresses' rows and a violation's person cards stay where they were first
 * painted while they load, and the wide tables fit their card at 1024 px (their last column, the way
 * into a row, in view).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, e2eSuite, expectNoPageErrors, openPage, PHONE, signInAs, snap, twoFrames, waitForPath } from '../helpers/browser';
import { layoutShifts, watchLayoutShifts } from '../helpers/layout-shifts';
import { storedViolation } from './pages/violations';

const e2e = e2eSuite();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * The layout shifts of `path` opened again with the cache filled, as a board member comes back to it,
 * at Lighthouse's desktop size; `settled` waits for what the screen paints last.
 */
async function shiftsOnReload(path: string, settled: (page: Page) => Promise<unknown>) {
  const { context, page, errors } = await openPage(e2e.browser, e2e.server, { width: 1350, height: 940 });
  try {
    await watchLayoutShifts(page);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await page.goto(path);
    await settled(page);
    await page.reload();
    await settled(page);
    await twoFrames(page);
    expectNoPageErrors(errors);
    return await layoutShifts(page);
  } finally {
    await context.close();
  }
}

/** The stat card titled `label` (its label's nearest card). */
const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');

/** Each element of `card` that shows a date ("Nov 20, 2026"): whether its text overflows it (cut), and the text. */
function dateCuts(card: Locator) {
  return card.evaluate((root) => {
    const dated = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;
    const out: { text: string; cut: boolean }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !dated.test(node.textContent ?? '')) continue;
      const box = el.getBoundingClientRect();
      const cardBox = root.getBoundingClientRect();
      out.push({ text: el.textContent ?? '', cut: el.scrollWidth > el.clientWidth + 1 || box.right > cardBox.right + 1 });
    }
    return out;
  });
}

describe('navigation', () => {
  it('gives a resident no Dashboard link; the logo and Support lead home to Announcements, Support inside the navigation', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      await waitForPath(page, '/announcements');
      // The first signed-in screen paints with its frame (client/app/App.tsx): the splash may still be up at the redirect.
      await mainNav(page).getByRole('link', { name: 'Announcements' }).waitFor();
      await expect(mainNav(page).getByRole('link').allTextContents()).resolves.toEqual(['Announcements', 'Requests', 'Documents', 'Compliance', 'Dues', 'Meetings']);
      await expect(page.getByRole('link', { name: 'HOA Manager' }).getAttribute('href')).resolves.toBe('/announcements');

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Support' }).click();
      await waitForPath(page, '/support');
      await page.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
      await mainNav(page).getByRole('link', { name: 'Requests' }).waitFor();
      // Signed in, the password tip leads to the Profile (the public reset screen would only send them home).
      await expect(page.getByRole('link', { name: 'Change it on your Profile' }).getAttribute('href')).resolves.toBe('/profile');
      await snap(page, 'support-signed-in');
      await page.getByRole('link', { name: 'Back to Announcements' }).click();
      await waitForPath(page, '/announcements');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the dates of Compliance’s and Requests’ Recent Activity whole at 375 px', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server, PHONE);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      for (const path of ['/compliance', '/requests']) {
        await page.goto(path);
        const card = statCard(page, 'Recent Activity');
        await card.getByRole('link').first().waitFor({ timeout: 20_000 });
        const dates = await dateCuts(card);
        expect(dates.length, path).toBeGreaterThan(0);
        expect(dates.filter((d) => d.cut), path).toEqual([]);
      }
      await page.goto('/compliance');
      await statCard(page, 'Recent Activity').getByRole('link').first().waitFor({ timeout: 20_000 });
      await snap(page, 'compliance-board');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('keeps the stat cards and the table of Compliance, Requests, Documents and Users where they were first painted while the rows load, at 375 px', async () => {
    for (const [path, recent] of [
      ['/compliance', 'Recent Activity'],
      ['/requests', 'Recent Activity'],
      ['/documents', 'Recent Uploads'],
      ['/users', null],
    ] as const) {
      const { context, page, errors } = await openPage(e2e.browser, e2e.server, PHONE);
      try {
        await watchLayoutShifts(page);
        await signInAs(page, e2e.server, DEMO.maple.board);
        await page.goto(path);
        // A phone shows a card per row, each with its way in (View, or a document's Actions).
        await page.getByRole('main').getByRole('button', { name: /^Actions for |^View |^Edit / }).or(page.getByRole('main').getByRole('link', { name: /^View / })).first().waitFor({ timeout: 20_000 });
        if (recent) await statCard(page, recent).getByRole('listitem').first().waitFor();
        await page.getByText('–', { exact: true }).first().waitFor({ state: 'detached' });
        await twoFrames(page);
        const { total, shifts } = await layoutShifts(page);
        expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
        expectNoPageErrors(errors);
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it("keeps /addresses' rows where they were first painted at 1350 px: a wide table paints its page of rows at once", async () => {
    // Its first ten rows have no notes; painted alone, the Notes column was narrow until the next
    // ten came, then widened, and the rows above wrapped anew and moved (0.076).
    const rows = (page: Page) => page.getByRole('table', { name: 'All Addresses' }).locator('tbody > tr');
    const { total, shifts } = await shiftsOnReload('/addresses', (page) => expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(20));
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
  }, 60_000);

  it("keeps a violation's person cards where they were first painted at 1350 px: they wait for the cards that come with the cached row", async () => {
    // The first paint is the server's answer; Manage Violation and Fines and Letters come once the
    // cache has the row, above Resident and Issued By, which they pushed down (0.066).
    const shed = await storedViolation(e2e.server, 'Shed built without approval');
    const { total, shifts } = await shiftsOnReload(`/compliance/${shed!.id}`, async (page) => {
      await page.getByRole('heading', { name: 'Fines and Letters' }).waitFor({ timeout: 20_000 });
      await page.getByRole('heading', { name: 'Issued By' }).waitFor();
    });
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
  }, 60_000);

  it("keeps /profile's cards where they were first painted while their settings load, at 1280 px (the resident's and the superadmin's)", async () => {
    // The resident's cards do not move. The superadmin's card of a new HOA grows by its trial's end
    // (the placeholder is an active plan's); before, the cards under the loading ones moved by 0.011 and 0.015.
    for (const [who, most] of [
      [DEMO.maple.resident, 0.002],
      [DEMO.maple.superadmin, 0.008],
    ] as const) {
      const { context, page, errors } = await openPage(e2e.browser, e2e.server);
      try {
        await watchLayoutShifts(page);
        await signInAs(page, e2e.server, who);
        // Slower answers, so every card paints its loading state first, as on a phone's network.
        await page.route(/\/api\/(directory\/(me|settings)|hoa\/processing-fees|stripe-connect\/account-status|subscriptions\/status)$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        });
        await page.goto('/profile');
        const loading = page.getByRole('main').getByRole('status').filter({ hasText: /^Loading/ });
        await loading.first().waitFor();
        await expect.poll(() => loading.count(), { timeout: 20_000 }).toBe(0);
        await twoFrames(page);
        const { total, shifts } = await layoutShifts(page);
        expect(total, `${who}: ${JSON.stringify(shifts)}`).toBeLessThan(most);
        expectNoPageErrors(errors);
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it('fits the wide tables (Requests, Compliance, Users, Documents, Activity) in their card at 1024 px, the address under the resident; emails on one line from 1280 px', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server, { width: 1024, height: 800 });
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      for (const [path, caption] of [
        ['/requests', 'All Requests'],
        ['/compliance', 'All Violations'],
        ['/users', 'All Users'],
        ['/documents', 'All Documents'],
        ['/activity', 'Activity Trail'],
      ]) {
        await page.goto(path);
        const table = page.getByRole('table', { name: caption });
        await table.locator('tbody tr').first().waitFor({ timeout: 20_000 });
        const box = await table.evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, width: t.parentElement!.clientWidth }));
        expect(box.scroll, path).toBeLessThanOrEqual(box.width);
        if (path === '/requests' || path === '/compliance') await table.getByRole('cell', { name: /Rita Resident\s*103 Maple Grove Lane/ }).first().waitFor();
      }
      await snap(page, 'activity-trail-folded');

      // From 1280 px the email has its own column, each on one line (a <wbr> once broke them there).
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/users');
      const users = page.getByRole('table', { name: 'All Users' });
      await users.locator('tbody tr').first().waitFor({ timeout: 20_000 });
      const emailLines = await users.evaluate((table) => {
        const column = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent === 'Email');
        return [...table.querySelectorAll('tbody tr')].map((tr) => {
          const cell = tr.children[column];
          const range = document.createRange();
          range.selectNodeContents(cell);
          // Lines the email takes: its height over the cell's line height.
          return Math.round(range.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight));
        });
      });
      expect(emailLines.length).toBeGreaterThan(5);
      expect(emailLines.filter((lines) => lines !== 1)).toEqual([]);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  }, 60_000);
});
