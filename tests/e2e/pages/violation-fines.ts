/** Page objects of a violation's fines, letters and hearing (roles and labels, as a user finds them). */
import type { Page } from 'playwright-core';
import { choose } from './controls';

export const violationFines = (page: Page) => ({
  async open(id: string, title: string) {
    await page.goto(`/compliance/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  },
  /** Presses Advance and confirms it in the dialog. */
  async advance(to: string, confirm: 'Send Letter' | 'Post Fine and Send') {
    await page.getByRole('button', { name: `Advance to ${to}` }).click();
    const button = page.getByRole('dialog').getByRole('button', { name: confirm });
    await button.click();
    await button.waitFor({ state: 'detached' });
  },
  timeline: page.getByRole('list', { name: 'Case timeline' }),
  async requestHearing(note: string) {
    await page.getByRole('button', { name: 'Request a Hearing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Why are you asking/).fill(note);
    const button = dialog.getByRole('button', { name: 'Request Hearing' });
    await button.click();
    await button.waitFor({ state: 'detached' });
  },
  async decide(decision: string, reason: string) {
    await choose(page.getByLabel('Decision'), decision);
    await page.getByLabel('Reason').fill(reason);
    await page.getByRole('button', { name: 'Record Decision' }).click();
  },
});
