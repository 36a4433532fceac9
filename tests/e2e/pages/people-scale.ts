/** /users at the size of a large HOA, as a board member works it: the filters row, Export CSV, Bulk Add, the invitation buttons. */
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { filterBar } from './lists';

export const peopleScalePages = (page: Page) => {
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const usersList = () => page.getByRole('table', { name: 'All Users' }).or(page.getByRole('list', { name: 'All Users' })).first();
  return {
    dialog,
    usersList,
    filters: filterBar(page, 'Filter users'),
    /** Export CSV with every column ticked; the saved file's name and text. */
    async exportCsv(): Promise<{ name: string; text: string }> {
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const d = dialog('Export CSV');
      await d.getByRole('checkbox', { name: 'Resident Email' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), d.getByRole('button', { name: 'Export' }).click()]);
      return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
    },
    /** Bulk Add with `csv`: the dialog after the file is read. */
    async bulkAdd(name: string, csv: string) {
      await page.getByRole('button', { name: 'Bulk Add' }).click();
      const bulk = dialog('Bulk Add Users');
      await bulk.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      return bulk;
    },
  };
};
