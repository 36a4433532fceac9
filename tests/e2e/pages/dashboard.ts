/** Page object of the dashboard (its metric cards and the Community Info card) and the API's figures to hold it against. */
import type { Page } from 'playwright-core';
import type { CommunityInfo, DashboardMetric } from '../../../schema/dashboard';
import type { MetricKey } from '../../../sync/areas';
import type { E2EServer } from '../../helpers/browser';

export const dashboard = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1, name: 'Dashboard' }),
  /** The open vote's notice above the cards. */
  voteBanner: page.getByRole('status').filter({ hasText: 'A vote is open' }),
  metrics: page.getByRole('region', { name: 'Metrics' }),
  /** A metric card's value by its title ("Outstanding Dues", "Maintenance Requests", …). */
  metric: (title: string) => page.getByRole('region', { name: 'Metrics' }).getByText(title, { exact: true }).locator('xpath=following-sibling::p[1]'),
  /** The line under a metric card's value ("+3 new this month", "5 open invoices, 2 overdue"). */
  change: (title: string) => page.getByRole('region', { name: 'Metrics' }).getByText(title, { exact: true }).locator('xpath=following-sibling::p[2]'),
  /** A Community Info figure by its label ("Total Units", "Board Members", …). */
  community: (label: string) =>
    page
      .getByRole('heading', { name: 'Community Info' })
      .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]')
      .locator('dt', { hasText: label })
      .locator('xpath=following-sibling::dd[1]'),
});

/** What `GET /api/dashboard/metrics` answers a board member (every metric and the community card). */
export interface ApiDashboardFigures {
  metrics: Record<MetricKey, DashboardMetric>;
  community: CommunityInfo;
}

/** What `GET /api/dashboard/metrics` answers for the holder of `token`. */
export async function apiDashboardFigures(server: E2EServer, token: string): Promise<ApiDashboardFigures> {
  const res = await fetch(`${server.url}/api/dashboard/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as ApiDashboardFigures;
}
