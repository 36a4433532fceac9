/** Page objects of the document vault (roles and labels, as a user finds things). */
import type { Page } from 'playwright-core';
import { goInApp } from '../../helpers/browser';
import { filterBar } from './filters';

export const documentsList = (page: Page) => ({
  async open() {
    await goInApp(page, '/documents');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
  },
  ...filterBar(page, 'Filter documents'),
  rows: page.getByRole('table').getByRole('row'),
  row: (title: string) => page.getByRole('table').getByRole('row').filter({ hasText: title }),
});
