/** The list screens' shared filter bar (client/ui/FilterBar.tsx), as a user works it. */
import type { Page } from 'playwright-core';

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
