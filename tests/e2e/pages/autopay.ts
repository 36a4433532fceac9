/** Page object of the Autopay screen and the local provider's setup page (roles and labels, as a user finds things). */
import type { Page } from 'playwright-core';
import { choose } from './controls';

export const autopayScreen = (page: Page) => ({
  payWith: page.getByLabel('Pay with'),
  when: page.getByLabel('When to charge'),
  async open() {
    await page.goto('/autopay');
    await page.getByRole('heading', { name: 'Saved payment methods' }).waitFor();
  },
  /** "Add card" → the provider's setup page → back on /autopay with the card saved. */
  async addCard(number: string) {
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByRole('heading', { name: 'Save a card' }).waitFor();
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Payment method saved.').waitFor();
  },
  async chooseTiming(label: string) {
    await choose(page.getByLabel('When to charge'), label);
  },
  async press(name: string, done: string) {
    await page.getByRole('button', { name }).click();
    await page.getByText(done).waitFor();
  },
});
