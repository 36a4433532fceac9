/**
 * The dashboard as a board member sees it: cards and activity computed from the local cache (the
 * same figures the API answers), the community card from the directory, and all of it again after a
 * reload with the network off.
 */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '../../schema/dashboard';
import { clearRateLimits, DEMO, DEMO_PASSWORD, e2eSuite, goOffline, goOnline, openPage, PHONE, signInAs, snap } from '../helpers/browser';

const e2e = e2eSuite();

/** A metric card's value by its title. */
const cardValue = (page: import('playwright-core').Page, title: string) =>
  page.getByRole('region', { name: 'Metrics' }).getByText(title, { exact: true }).locator('xpath=following-sibling::p[1]');

async function apiToken(email: string): Promise<string> {
  await clearRateLimits(e2e.server);
  const res = await fetch(`${e2e.server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function apiFigures(token: string) {
  const res = await fetch(`${e2e.server.url}/api/dashboard/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as { metrics: Record<string, { value: string }>; community: { units: number; occupied: number; boardMembers: number } };
}

describe('dashboard', () => {
  it('shows the figures the API computes, and keeps them offline across a reload', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      const api = await apiFigures(await apiToken(DEMO.maple.board));

      await expect.poll(() => cardValue(page, 'Maintenance Requests').textContent()).toBe(api.metrics.maintenanceRequests.value);
      await expect(cardValue(page, 'Announcements').textContent()).resolves.toBe(api.metrics.announcements.value);
      const community = page.getByRole('heading', { name: 'Community Info' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
      await expect.poll(() => community.locator('dt', { hasText: 'Total Units' }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(String(api.community.units));
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      await expect(page.getByText(DASHBOARD_MESSAGES.noActivity).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Pay Monthly Dues' }).isDisabled()).resolves.toBe(true);
      await snap(page, 'dashboard-board');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

      await goOffline(context, e2e.server);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => cardValue(page, 'Maintenance Requests').textContent(), { timeout: 20_000 }).toBe(api.metrics.maintenanceRequests.value);
      await expect.poll(() => community.locator('dt', { hasText: 'Board Members' }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(String(api.community.boardMembers));
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
