/** The activity trail (client/features/activity): the board's /activity screen and a member's own trail on /profile. */
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { goInApp } from '../../helpers/browser';
import { filterBar } from './lists';
import { choose } from './controls';

export const activityScreen = (page: Page) => {
  const bar = page.getByRole('search', { name: 'Filter activity' });
  const table = page.getByRole('table', { name: 'Activity Trail' });
  return {
    table,
    /** From the Users screen's header, as the board finds it. */
    async openFromUsers() {
      await page.getByRole('link', { name: 'Activity', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    },
    search: filterBar(page, 'Filter activity').search,
    clear: filterBar(page, 'Filter activity').clear,
    /** Picks `option` in the single-choice filter `filter` (Actor, Kind). */
    choose: (filter: 'Actor' | 'Kind', option: string) => choose(bar.getByLabel(filter, { exact: true }), option),
    /** Sets the days (YYYY-MM-DD). */
    async days(from: string, to: string) {
      await bar.getByLabel('From', { exact: true }).fill(from);
      await bar.getByLabel('To', { exact: true }).fill(to);
    },
    /** The row whose summary reads `summary`. */
    row: (summary: string) => table.getByRole('row').filter({ hasText: summary }),
    /** How many rows the table shows (the header row aside). */
    rowCount: async () => (await table.getByRole('row').count()) - 1,
    /** Export CSV: the saved file's text. */
    async exportCsv(): Promise<string> {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      return readFileSync((await download.path())!, 'utf8');
    },
  };
};

export const myActivity = (page: Page) => ({
  async open() {
    await goInApp(page, '/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  },
  list: page.getByRole('list', { name: "My account's activity" }),
});
