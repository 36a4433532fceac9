/**
 * A first visit whose view is larger than one pull's row budget arrives in chunks
 * (docs/decisions/249-chunked-first-pull.md): the newest rows show while the rest is still coming,
 * and once the last chunk is in, every figure matches the API's. The server's budget is made small
 * here so the demo HOA needs many chunks; the chunks after the first are held back until the test has
 * seen the first rows, so "the first rows before the end" is seen, not raced.
 */
import { describe, expect, it } from 'vitest';
import { cookieSaysMore } from '../../sync/cookie';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, goInApp, openPage, signInAs } from '../helpers/browser';
import { apiDashboardFigures, dashboard } from './pages/dashboard';

const ROW_BUDGET = 40;
const e2e = e2eSuite({ pullRowBudget: ROW_BUDGET });


describe('the first pull in chunks', () => {
  it('shows the newest announcements from the first chunk, and every figure once the last is in', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const answers: { more: boolean; puts: number }[] = [];
      await page.route('**/api/sync/pull*', async (route) => {
        // A pull that continues a first pull waits until the test lets the rest come.
        if (cookieSaysMore((route.request().postDataJSON() as { cookie: unknown }).cookie)) await held;
        await route.continue();
      });
      page.on('response', async (response) => {
        if (!response.url().includes('/api/sync/pull') || !response.ok()) return;
        const body = (await response.json()) as { cookie: unknown; patch?: unknown[] };
        if (body.patch?.length) answers.push({ more: cookieSaysMore(body.cookie), puts: body.patch.length });
      });

      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/announcements');
      await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
      // The first chunk is in and shown; the rest is held back.
      await page.getByRole('link', { name: /^View / }).first().waitFor({ timeout: 20_000 });
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((a) => a.more)).toBe(true);

      release();
      // Every chunk arrives, the last one says no more, and the cache is whole: the dashboard's
      // figures, computed from it, are the API's.
      await expect.poll(() => answers.some((a) => !a.more), { timeout: 30_000 }).toBe(true);
      expect(answers.filter((a) => a.more).length).toBeGreaterThanOrEqual(2);
      await goInApp(page, '/dashboard');
      const board = dashboard(page);
      await board.heading.waitFor();
      const api = await apiDashboardFigures(e2e.server, await apiToken(e2e.server, DEMO.maple.board));
      await expect.poll(() => board.metric('Maintenance Requests').textContent()).toBe(api.metrics.maintenanceRequests.value);
      await expect.poll(() => board.metric('Announcements').textContent()).toBe(api.metrics.announcements.value);
      await expect.poll(() => board.community('Total Units').textContent()).toBe(String(api.community.units));
      await expect.poll(() => board.change('Outstanding Dues').textContent()).toBe(api.metrics.outstandingDues.change);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
