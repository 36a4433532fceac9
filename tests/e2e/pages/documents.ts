/** Page objects of the document vault (roles and labels, as a user finds things). */
import type { Page } from 'playwright-core';
import { filterBar, listScreen } from './lists';

export const documentsList = (page: Page) => ({
  ...listScreen(page, '/documents', 'Documents'),
  ...filterBar(page, 'Filter documents'),
  rows: page.getByRole('table').getByRole('row'),
  row: (title: string) => page.getByRole('table').getByRole('row').filter({ hasText: title }),
});
