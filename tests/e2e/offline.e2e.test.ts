/**
 * Offline, end to end: sign in, go offline (network emulation AND service-worker
 * requests aborted, since Chromium's offline emulation does not cover the worker), mark an
 * announcement read, reload with no network (the service worker serves the app, Replicache the
 * data), come back online, and the server has the read marker exactly once. A send made offline
 * reads as queued until the server has it, then as sent. A board member records a violation offline
 * on first use: the people pickers read the synced members, not the network.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcementFormSchema } from '../../schema/announcements';
import { createAnnouncementDraft } from '../../worker/domain/announcements';
import { recordRejection } from '../../worker/sync/notices';
import { findUserByEmail } from '../../worker/domain/users';
import { axeScan, changesOnDevice, DEMO, describeViolations, type E2EServer, e2eSuite, expectNoPageErrors, goInApp, goOffline, goOnline, openPage, openPageWithServiceWorker, signInAs, snap, snapFromTop, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { createViolationOffline, inDays, storedViolation, violationForm } from './pages/violations';
import { choose } from './pages/controls';
import { AUDIENCE_LABELS } from '../../schema/announcements';

const e2e = e2eSuite();
let server: E2EServer;
let browser: Browser;
beforeAll(() => void ({ server, browser } = e2e));

async function readMarkers(email: string, title: string): Promise<number> {
  const rs = await server.db.execute({
    sql: `SELECT count(*) AS n FROM announcement_reads r JOIN users u ON u.id = r.user_id JOIN announcements a ON a.id = r.announcement_id
          WHERE u.email = ? AND a.title = ?`,
    args: [email, title],
  });
  return Number(rs.rows[0].n);
}

const unreadCount = (page: Page) => page.getByText('Unread Announcements').locator('xpath=following-sibling::p[1]');

describe('offline', () => {
  it('keeps a change made offline across a reload and syncs it exactly once when back online', async () => {
    const { context, page, errors } = await openPageWithServiceWorker(browser, server);
    try {
      await signInAs(page, server, DEMO.maple.resident);
      await page.goto('/announcements');
      await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
      // Rita sees the three published announcements addressed to her (the demo election's results among them), all unread.
      await page.getByText('Pool opening weekend').first().waitFor();
      await expect(page.getByText('Board meeting agenda').count()).resolves.toBe(0);
      await expect(page.getByText('Spring landscaping schedule').count()).resolves.toBe(0);
      await expect(unreadCount(page).textContent()).resolves.toBe('3');
      await snap(page, 'announcements-resident');
      // The app shell is cached once the service worker is active.
      await waitForServiceWorker(page);

      await goOffline(context, server);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor();
      await page.getByRole('link', { name: 'View Pool opening weekend' }).click();
      // Generous: the detail chunk comes from the service worker and the data from IndexedDB, on a busy CI box.
      await page.getByRole('heading', { level: 1, name: 'Pool opening weekend' }).waitFor({ timeout: 20_000 });
      await snap(page, 'offline-announcement');
      await changesOnDevice(page);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Pool opening weekend' }).waitFor({ timeout: 20_000 });
      await page.getByText('The community pool opens on').waitFor();
      await page.getByRole('link', { name: 'Announcements' }).first().click();
      // Read here, not yet on the server. A read marker is the app's doing, not the user's own
      // change, so the bar does not count it as waiting to sync.
      await expect.poll(() => unreadCount(page).textContent()).toBe('2');
      expect(await readMarkers(DEMO.maple.resident, 'Pool opening weekend')).toBe(0);
      await expect(page.getByText(/waiting to sync/).count()).resolves.toBe(0);

      await goOnline(context, server);
      await expect.poll(() => readMarkers(DEMO.maple.resident, 'Pool opening weekend'), { timeout: 20_000 }).toBe(1);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor({ state: 'detached' });

      // Another reload and sync round change nothing on the server.
      await page.reload();
      await expect.poll(() => unreadCount(page).textContent()).toBe('2');
      expect(await readMarkers(DEMO.maple.resident, 'Pool opening weekend')).toBe(1);
      expectNoPageErrors(errors);
    } finally {
      server.setNetwork(true);
      await context.close();
    }
  }, 60_000);

  it('shows a send made offline as queued until the server has it, then as sent', async () => {
    const title = 'Recycling pickup moves to Friday';
    const ben = (await findUserByEmail(server.deps.database.db, DEMO.maple.board))!;
    const actor = { userId: ben.id, hoaId: ben.hoaId, role: ben.role, sessionId: 'e2e' };
    // Two named recipients (the demo HOA has more residents than the check needs).
    const recipients = await Promise.all([DEMO.maple.resident, DEMO.maple.resident2].map(async (e) => (await findUserByEmail(server.deps.database.db, e))!.id));
    const draft = announcementFormSchema.parse({ title, message: '<p>Bins out by 7 am on Friday.</p>', audience_type: 'custom', custom_recipients: recipients });
    await server.deps.database.transaction((tx) => createAnnouncementDraft(server.deps, tx, actor, draft));
    const { context, page, errors } = await openPageWithServiceWorker(browser, server);
    try {
      await signInAs(page, server, DEMO.maple.board);
      await page.goto('/announcements');
      await page.getByRole('link', { name: `View ${title}` }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await waitForServiceWorker(page);

      await goOffline(context, server);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Send announcement' });
      await dialog.getByText('The announcement will be sent when you reconnect.').waitFor();
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('Queued — will send when you reconnect').waitFor();
      await page.getByText('Queued', { exact: true }).waitFor();
      await expect(page.getByText('Sending', { exact: true }).count()).resolves.toBe(0);
      await expect(page.getByText('Sent At').count()).resolves.toBe(0);
      await page.getByText('1 change waiting to sync').waitFor();
      await snap(page, 'announcement-queued-offline');

      await goOnline(context, server);
      await page.getByText('Announcement sent successfully (2/2 emails delivered)').waitFor({ timeout: 20_000 });
      await page.getByText('Sent', { exact: true }).waitFor();
      await page.getByText('Sent At').waitFor();
      await page.getByText('Delivery Success Rate').waitFor();
      await expect(page.getByText('Queued — will send when you reconnect').count()).resolves.toBe(0);
      const rs = await server.db.execute({ sql: 'SELECT status FROM announcements WHERE title = ?', args: [title] });
      expect(rs.rows[0].status).toBe('sent');
      expectNoPageErrors(errors);
    } finally {
      server.setNetwork(true);
      await context.close();
    }
  }, 60_000);

  it('shows a change the server refused as soon as it is poked, until the user dismisses it', async () => {
    const { context, page, errors } = await openPage(browser, server);
    try {
      await signInAs(page, server, DEMO.maple.board);
      await page.goto('/announcements');
      await page.getByText('Spring landscaping schedule').first().waitFor();
      await page.getByText('Ben Board').first().waitFor();
      const violations = await axeScan(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await snap(page, 'announcements-board');

      // As the push endpoint does when a mutator throws a domain error; the poke makes the client pull.
      const ben = (await findUserByEmail(server.deps.database.db, DEMO.maple.board))!;
      const actor = { userId: ben.id, hoaId: ben.hoaId, role: ben.role, sessionId: 'e2e' };
      await server.deps.database.transaction((tx) =>
        recordRejection(server.deps, tx, actor, { clientId: 'c', mutationId: 1, mutationName: 'markAnnouncementRead', argsSummary: '{"id":"x"}', message: 'Announcement not found' }),
      );
      const notice = page.getByRole('alert').filter({ hasText: 'Mark announcement as read was not saved' });
      await notice.getByText('Announcement not found').waitFor({ timeout: 5_000 });
      await snap(page, 'rejected-notice');
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await notice.waitFor({ state: 'detached' });
      await expect
        .poll(async () => Number((await server.db.execute({ sql: 'SELECT count(*) AS n FROM sync_notices WHERE user_id = ? AND dismissed_at IS NOT NULL', args: [ben.id] })).rows[0].n))
        .toBe(1);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('a board member records a violation offline on first use: the pickers read the synced members', { timeout: 90_000 }, async () => {
    const title = 'Trailer parked on the lawn';
    // A fresh browser: nothing kept from an earlier visit to any picker.
    const { context, page, errors } = await openPageWithServiceWorker(browser, server);
    const userReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/users') userReads.push(r.url());
    });
    try {
      const list = await createViolationOffline(page, context, server);
      const form = violationForm(page);
      await form.fill({ resident: `Ray Resident (${DEMO.maple.resident2})`, title, message: 'Seen on the first walk with this tablet.', dueDate: inDays(10) });
      await expect(page.getByText(/Failed to load users/).count()).resolves.toBe(0);
      await snapFromTop(page, 'violation-create-offline-first-use');
      await form.submit.click();
      await waitForPath(page, '/violations');
      await list.viewLink(title).waitFor();

      // The other pickers too: a custom audience and a due's recipients.
      await goInApp(page, '/announcements/create');
      await choose(page.getByLabel('Audience'), AUDIENCE_LABELS.custom);
      await page.getByRole('group', { name: /Recipients/ }).getByRole('checkbox', { name: /Rita Resident/ }).waitFor();
      await goInApp(page, '/dues/create');
      await page.getByRole('group', { name: /Recipients/ }).getByRole('checkbox', { name: /Ray Resident/ }).waitFor();
      await snapFromTop(page, 'due-create-offline-first-use');
      expect(await storedViolation(server, title)).toBeUndefined();

      await goOnline(context, server);
      await expect.poll(async () => (await storedViolation(server, title))?.notices, { timeout: 20_000 }).toBe(1);
      expect(await storedViolation(server, title)).toMatchObject({ copies: 1, status: 'open' });
      const rs = await server.db.execute({ sql: 'SELECT u.email FROM violations v JOIN users u ON u.id = v.user_id WHERE v.title = ?', args: [title] });
      expect(rs.rows[0].email).toBe(DEMO.maple.resident2);
      expect(userReads).toEqual([]);
      expectNoPageErrors(errors);
    } finally {
      server.setNetwork(true);
      await context.close();
    }
  });

  it('drops the cached data at sign-out', async () => {
    const { context, page, errors } = await openPage(browser, server);
    try {
      await signInAs(page, server, DEMO.maple.resident2);
      await page.goto('/announcements');
      await page.getByText('Water shut-off on Birch Court').first().waitFor();
      const cacheNames = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes('hoa-')));
      await expect.poll(cacheNames).not.toEqual([]);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      await expect.poll(cacheNames).toEqual([]);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
