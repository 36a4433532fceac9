/** Page object of the board's Collections tab on /dues (roles and labels, as a user finds things). */
import type { Page } from 'playwright-core';

export const collectionsTab = (page: Page) => ({
  async open() {
    await page.getByRole('tab', { name: 'Collections' }).click();
    await page.getByRole('heading', { name: 'Delinquent residents' }).waitFor({ timeout: 20_000 });
  },
  /** The amount a stat card shows under its label ("Collected this month"). */
  figure: (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]'),
  agingRow: (label: string) => page.getByRole('list', { name: 'Aging of open invoices' }).getByRole('listitem').filter({ hasText: label }),
  delinquent: page.getByRole('table', { name: 'Delinquent residents' }),
  exportButton: (what: 'ledger lines' | 'invoices' | 'payments') => page.getByRole('button', { name: `Export ${what}` }),
});
