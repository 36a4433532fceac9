/** Page object of /profile's HOA time zone card. */
import type { Page } from 'playwright-core';

export const profile = (page: Page) => {
  const card = page.getByRole('heading', { name: 'HOA time zone' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Profile' }),
    timeZoneCard: card,
    timeZone: card.getByLabel('Time zone'),
    saveTimeZone: card.getByRole('button', { name: 'Save Time Zone' }),
  };
};
