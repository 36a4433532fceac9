/** Page object of /profile's HOA time zone card, and the cards' locator. */
import type { Page } from 'playwright-core';

/** The card of /profile under the heading `title`. */
export const profileCard = (page: Page, title: string) => page.getByRole('heading', { name: title, exact: true }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');

export const profile = (page: Page) => {
  const card = profileCard(page, 'HOA time zone');
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Profile' }),
    timeZoneCard: card,
    timeZone: card.getByLabel('Time zone'),
    saveTimeZone: card.getByRole('button', { name: 'Save Time Zone' }),
  };
};
