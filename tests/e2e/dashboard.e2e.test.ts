/**
 * The dashboard as a board member sees it: cards and activity computed from the local cache (the
 * same figures the API answers), the community card from the directory, and all of it again after a
 * reload with the network off.
 */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '../../schema/dashboard';
import { apiToken, DEMO, e2eSuite, goOffline, goOnline, openPage, PHONE, signInAs, snap, waitForServiceWorker } from '../helpers/browser';

import { apiDashboardFigures, dashboard } from './pages/dashboard';

const e2e = e2eSuite();

describe('dashboard', () => {
  it('shows the figures the API computes, and keeps them offline across a reload', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
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
      await expect(page.getByRole('button', { name: 'Pay Monthly Dues' }).isDisabled()).resolves.toBe(true);
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
  });

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
