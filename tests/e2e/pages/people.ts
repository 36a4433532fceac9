/** The users and addresses screens (client/features/users, client/features/addresses), as a board member works them. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { goInApp } from '../../helpers/browser';

export const peoplePages = (page: Page) => {
  const dialog = (name: string) => page.getByRole('dialog', { name });
  return {
    dialog,
    async openUsers() {
      await goInApp(page, '/users');
      await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
      await page.getByRole('table', { name: 'All Users' }).or(page.getByRole('list', { name: 'All Users' })).first().waitFor();
    },
    async openAddresses() {
      await goInApp(page, '/addresses');
      await page.getByRole('heading', { level: 1, name: 'Address Directory' }).waitFor();
    },
    /** Load more until the list says it is complete (each press waits for its page of rows). */
    async loadAllUsers() {
      const more = page.getByRole('button', { name: 'Load more' });
      const done = page.getByText('No more users');
      const rows = page.getByRole('table', { name: 'All Users' }).getByRole('row');
      for (;;) {
        await more.or(done).first().waitFor();
        if (await done.isVisible()) return;
        const before = await rows.count();
        await more.click();
        await expect.poll(() => rows.count()).toBeGreaterThan(before);
      }
    },
    /** A stat card's figure ("Active Users"). */
    async counter(label: string): Promise<number> {
      return Number(await page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]').textContent());
    },
    /** How many times the list of users shows `email` as text (the buttons' screen-reader names aside). */
    emailShown: (email: string) =>
      page.getByRole('list', { name: 'All Users' }).evaluate(
        // The innermost elements reading exactly the email (it may be split where it may wrap, after its @).
        (list, text) =>
          [...list.querySelectorAll('*')].filter((el) => !el.closest('button') && el.textContent?.trim() === text && ![...el.children].some((c) => c.textContent?.trim() === text)).length,
        email,
      ),
    /** Edit User on the row of `who` (a name, or an email for someone who has not accepted), then the dialog. */
    async edit(who: string) {
      await page.getByRole('button', { name: `Edit ${who}`, exact: true }).click();
      return dialog('Edit User');
    },
    /** The address picker of Invite User: types `text` and picks the option `label`. */
    async pickAddress(text: string, label: string) {
      const invite = dialog('Invite User');
      await invite.getByRole('combobox', { name: 'Address' }).fill(text);
      await page.getByRole('option', { name: label, exact: true }).click();
    },
  };
};
