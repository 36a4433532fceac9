/**
 * A list opened on a device that kept none of its rows (a new phone, a cleared cache) shows its first
 * page over REST while the local cache has not opened: the engine's chunk is held back, as a slow
 * phone would still be fetching it. The boot script sends that read beside the screen's code (the
 * route's `firstRead`) and the list takes its answer. Once the cache has the rows, they replace the
 * REST ones, the same rows, and the counts are known. A list without a first page reads as loading,
 * not empty, while a new cache has not got its first pull.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, e2eSuite, expectNoPageErrors, openPage, signInAs, snapFromTop as snap } from '../helpers/browser';
import { holdChunk } from './pages/chunks';

const e2e = e2eSuite();

describe('a list on a device that kept none of its rows', () => {
  it("shows the resident's dues over REST before the cache opens, then the cache's", { timeout: 90_000 }, async () => {
    const rs = await e2e.server.db.execute({
      sql: `SELECT d.title FROM dues d JOIN due_recipients r ON r.due_id = d.id JOIN users u ON u.id = r.user_id WHERE u.email = ? ORDER BY d.created_at DESC`,
      args: [DEMO.maple.resident],
    });
    const titles = rs.rows.map((r) => String(r.title));
    expect(titles.length).toBeGreaterThan(0);
    // No service worker: the engine's chunk comes from the network, where the test holds it back.
    const { context, page, errors } = await openPage(e2e.browser, e2e.server, DESKTOP, { serviceWorkers: 'block' });
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      const reads: string[] = [];
      page.on('request', (r) => void (r.method() === 'GET' && reads.push(new URL(r.url()).pathname)));
      const engine = await holdChunk(context, 'sync-engine');
      await page.goto('/dues');
      await page.getByRole('heading', { level: 1, name: 'Dues' }).waitFor();
      // A row's title (its link repeats it for screen readers).
      const shown = (title: string) => page.getByRole('table').getByRole('paragraph').getByText(title, { exact: true }).waitFor();
      await shown(titles[0]);
      // The rows of the REST page, the list still loading: its counts are not known yet.
      await page.getByText('Dues (– of –)').waitFor();
      await expect.poll(() => engine.requested).toBe(true);
      expect(reads.filter((p) => p === '/api/dues')).toHaveLength(1);
      for (const title of titles) await shown(title);
      await snap(page, 'dues-first-visit-over-rest');

      engine.release();
      await page.getByText(`Dues (${titles.length} of ${titles.length})`).waitFor({ timeout: 20_000 });
      for (const title of titles) await shown(title);
      expect(reads.filter((p) => p === '/api/dues')).toHaveLength(1);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('reads as loading, not empty, while a new cache waits for its first pull', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server, DESKTOP, { serviceWorkers: 'block' });
    try {
      // Every pull held: the cache opens empty and stays so.
      let release = () => {};
      const released = new Promise<void>((r) => (release = r));
      await context.route('**/api/sync/pull?*', async (route) => {
        await released;
        await route.continue().catch(() => {});
      });
      await signInAs(page, e2e.server, DEMO.maple.resident);
      await page.goto('/compliance');
      await page.getByRole('heading', { level: 1, name: 'Compliance' }).waitFor();
      // The screen's lists have read the (empty) cache, and the list still shows that it is loading.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('hoa:first-list-read').length), { timeout: 20_000 }).toBe(1);
      await page.getByRole('status', { name: 'Loading' }).waitFor();
      await expect(page.getByText('No violations found').count()).resolves.toBe(0);
      await snap(page, 'compliance-new-cache-loading');

      release();
      await page.getByRole('table').getByRole('row').nth(1).waitFor({ timeout: 20_000 });
      await expect(page.getByRole('status', { name: 'Loading' }).count()).resolves.toBe(0);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
