/** Page objects of the announcements screens (roles and labels, as a user finds things). */
import type { Page } from 'playwright-core';
import { waitForPath } from '../../helpers/browser';
import { listScreen } from './lists';
import { AUDIENCE_LABELS } from '../../../schema/announcements';
import { choose } from './controls';

export const announcementsList = (page: Page) => listScreen(page, '/announcements', 'Announcements');

export const announcementForm = (page: Page) => ({
  title: page.getByRole('textbox', { name: 'Title' }),
  message: page.getByRole('textbox', { name: /^Message/ }),
  audience: page.getByLabel('Audience'),
  submit: page.getByRole('button', { name: 'Create Draft' }),
  /** Writes a draft from the list's Create Announcement and lands back on the list. */
  async create(p: { title: string; message: string; audience?: 'all' | 'residents' | 'board' }) {
    await page.getByRole('link', { name: 'Create Announcement' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create Announcement' }).waitFor();
    await this.title.fill(p.title);
    await this.message.click();
    await page.keyboard.type(p.message);
    if (p.audience) await choose(this.audience, AUDIENCE_LABELS[p.audience]);
    await this.submit.click();
    await waitForPath(page, '/announcements');
  },
});

export const announcementDetail = (page: Page) => ({
  async open(title: string) {
    await announcementsList(page).viewLink(title).first().click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  },
  /** Send now, through the confirmation dialog; `offlineNote` is what the dialog says with no network. */
  async send(offlineNote?: string) {
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send announcement' });
    if (offlineNote) await dialog.getByText(offlineNote).waitFor();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  },
});
