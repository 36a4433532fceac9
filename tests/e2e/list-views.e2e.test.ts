/**
 * Saved list views end to end: a resident saves the filters of /requests as a named view (the name
 * asked in a small dialog, its messages shown), reloads, applies the view in one click, renames it
 * offline (it reaches the server on reconnecting) and deletes it. axe and screenshots at 1280 and
 * 375 px (tests/e2e/screenshots/list-views-*).
 */
import { describe, expect, it } from 'vitest';
import { DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goOffline, goOnline, openPageWithServiceWorker, signInAs, snapFromTop as snap, waitForServiceWorker } from '../helpers/browser';
import { storedViews, viewsMenu } from './pages/list-views';
import { requestsList } from './pages/requests';

const e2e = e2eSuite();

describe('saved list views', () => {
  it('a resident saves the filters of /requests as a view, reloads, applies it, renames it offline and deletes it', { timeout: 150_000 }, async () => {
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident2);
      const list = requestsList(page);
      const views = viewsMenu(page, 'Filter requests');
      await list.open();
      await list.viewLink('Add a backyard fence').waitFor();

      // Ray keeps no views yet; with nothing filtered there is nothing to save.
      await views.open();
      await views.item('No saved views yet').waitFor();
      await expect(views.item('Save current filters…').isDisabled()).resolves.toBe(true);
      await page.keyboard.press('Escape');

      await list.choose('Status', 'Open');
      await list.viewLink('Add a backyard fence').waitFor({ state: 'detached' });
      await list.viewLink('Streetlight out on Birch Court').waitFor();
      await views.pick('Save current filters…');
      await views.nameBox.waitFor();
      await views.dialog.getByRole('button', { name: 'Save view' }).click();
      await views.dialog.getByText('View name is required').waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'list-views-save-dialog');
      await views.nameBox.fill('My open requests');
      await views.dialog.getByRole('button', { name: 'Save view' }).click();
      await page.getByText('View saved').waitFor();
      await views.dialog.waitFor({ state: 'detached' });
      await expect.poll(() => views.button.textContent()).toBe('Views: My open requests');
      await expect.poll(() => storedViews(e2e.server, DEMO.maple.resident2), { timeout: 15_000 }).toEqual([
        { name: 'My open requests', list: 'requests', filters: { search: '', selected: { status: ['open'] }, sort: 'newest' } },
      ]);

      // After a reload the filters start cleared; the view is one click away.
      await page.reload();
      await list.viewLink('Add a backyard fence').waitFor();
      await expect(views.button.textContent()).resolves.toBe('Views');
      await views.open();
      await views.item(/My open requests/).waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'list-views-menu');
      await views.item(/My open requests/).click();
      await list.viewLink('Add a backyard fence').waitFor({ state: 'detached' });
      await list.viewLink('Streetlight out on Birch Court').waitFor();
      await expect.poll(() => views.button.textContent()).toBe('Views: My open requests');
      await snap(page, 'list-views-applied');

      // Offline: the rename is a mutator, shown at once and sent on reconnecting.
      await waitForServiceWorker(page);
      await goOffline(context, e2e.server);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor();
      await views.pick('Rename “My open requests”…');
      await expect(views.nameBox.inputValue()).resolves.toBe('My open requests');
      await views.nameBox.fill('Open, mine');
      await views.dialog.getByRole('button', { name: 'Rename' }).click();
      await page.getByText('View renamed').waitFor();
      await expect.poll(() => views.button.textContent()).toBe('Views: Open, mine');
      await snap(page, 'list-views-renamed-offline');
      expect((await storedViews(e2e.server, DEMO.maple.resident2)).map((v) => v.name)).toEqual(['My open requests']);
      await goOnline(context, e2e.server);
      await expect.poll(async () => (await storedViews(e2e.server, DEMO.maple.resident2)).map((v) => v.name), { timeout: 20_000 }).toEqual(['Open, mine']);

      await views.pick('Delete “Open, mine”');
      await page.getByText('View deleted').waitFor();
      await expect.poll(() => views.button.textContent()).toBe('Views');
      await expect.poll(() => storedViews(e2e.server, DEMO.maple.resident2), { timeout: 15_000 }).toEqual([]);
      // The filters stay as they were: deleting a view does not clear the list.
      await list.viewLink('Streetlight out on Birch Court').waitFor();
      await expect(list.viewLink('Add a backyard fence').count()).resolves.toBe(0);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
