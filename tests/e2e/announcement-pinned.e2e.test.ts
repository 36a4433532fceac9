/**
 * Pinned announcements end to end: the board ticks "Pin to the top" in the create form; on
 * /announcements the pinned draft is listed first, with its Pinned badge, above a newer one. A sent
 * announcement is pinned from its own screen, and a resident finds it first in their list.
 * Screenshots at 1280 and 375 px (tests/e2e/screenshots/announcements-pinned*).
 */
import { describe, expect, it } from 'vitest';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, openPage, signInAs, snapFromTop as snap, waitForPath } from '../helpers/browser';
import { announcementDetail, announcementForm, announcementsList } from './pages/announcements';

const e2e = e2eSuite();

describe('pinned announcements', () => {
  it('a pinned announcement is listed first, above newer ones', { timeout: 120_000 }, async () => {
    const pinned = 'Pool closed for repairs this week';
    const newer = 'Newer, not pinned';
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      const list = announcementsList(page);
      await list.open();
      await page.getByRole('link', { name: 'Create Announcement' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Create Announcement' }).waitFor();
      const form = announcementForm(page);
      await form.title.fill(pinned);
      await form.message.click();
      await page.keyboard.type('The pool reopens on Saturday.');
      await page.getByRole('checkbox', { name: /Pin to the top/ }).check();
      await snap(page, 'announcements-pinned-form');
      await form.submit.click();
      await waitForPath(page, '/announcements');

      // Another board member writes a draft afterwards, over REST: newer, not pinned.
      const token = await apiToken(e2e.server, DEMO.maple.superadmin);
      const res = await fetch(`${e2e.server.url}/api/announcements`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: newer, message: '<p>Later news.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null }),
      });
      expect(res.status).toBe(201);
      await list.viewLink(newer).first().waitFor({ timeout: 20_000 });

      const titles = page.getByRole('link', { name: /^View / }).filter({ visible: true });
      await expect.poll(async () => (await titles.allTextContents()).length).toBeGreaterThan(1);
      // The first row's View link names the pinned one (its hidden words say which).
      expect(await titles.first().textContent()).toContain(pinned);
      await page.getByText('Pinned', { exact: true }).filter({ visible: true }).first().waitFor();
      await snap(page, 'announcements-pinned-list');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('the board pins a sent announcement from its screen; a resident finds it first', { timeout: 120_000 }, async () => {
    const sent = 'Pool opening weekend';
    const board = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(board.page, e2e.server, DEMO.maple.board);
      await announcementsList(board.page).open();
      await announcementDetail(board.page).open(sent);
      await board.page.getByRole('button', { name: 'Pin to the top' }).click();
      await board.page.getByText('Announcement pinned to the top').waitFor();
      await board.page.getByRole('button', { name: 'Unpin' }).waitFor();
      await snap(board.page, 'announcements-pinned-detail');
      expectNoPageErrors(board.errors);
    } finally {
      await board.context.close();
    }

    const resident = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(resident.page, e2e.server, DEMO.maple.resident);
      await announcementsList(resident.page).open();
      const titles = resident.page.getByRole('link', { name: /^View / }).filter({ visible: true });
      // The pin reaches the resident by sync: the first row becomes the pinned one.
      await expect.poll(async () => (await titles.first().textContent()) ?? '', { timeout: 20_000 }).toContain(sent);
      // Residents get no Pin button on the screen.
      await announcementDetail(resident.page).open(sent);
      expect(await resident.page.getByRole('button', { name: 'Pin to the top' }).count()).toBe(0);
      expectNoPageErrors(resident.errors);
    } finally {
      await resident.context.close();
    }
  });
});
