/** The list screens' shared parts (client/ui/ListScreen.tsx, FilterBar.tsx), as a user works them. */
import type { Page } from 'playwright-core';
import { goInApp } from '../../helpers/browser';

/** A list screen at `path` titled `heading`: opening it, its rows' View links and its stat cards. */
export const listScreen = (page: Page, path: string, heading: string) => ({
  async open() {
    await goInApp(page, path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  },
  viewLink: (title: string) => page.getByRole('link', { name: `View ${title}` }),
  /** A stat card's value ("Total Announcements", "Open Requests"). */
  counter: (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]'),
});

/** The bar named `label` ("Filter requests", "Filter documents", …). */
export const filterBar = (page: Page, label: string) => {
  const bar = page.getByRole('search', { name: label });
  return {
    /** Types into the search box (the lists debounce it by 300 ms). */
    search: (text: string) => bar.getByRole('searchbox', { name: 'Search' }).fill(text),
    /** Picks `option` in the multi-select named `filter` and closes it. */
    async choose(filter: string, option: string) {
      await bar.getByRole('button', { name: filter }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await page.keyboard.press('Escape');
    },
    clear: () => bar.getByRole('button', { name: 'Clear Filters' }).click(),
  };
};
