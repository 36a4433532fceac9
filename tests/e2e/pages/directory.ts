/** Page objects of the resident directory: /directory, and the two cards of /profile. */
import type { Page } from 'playwright-core';
import { DIRECTORY_LABELS, DIRECTORY_MESSAGES } from '../../../schema/directory';
import { filterBar, listScreen } from './lists';
import { profileCard } from './profile';

export const directoryScreen = (page: Page) => ({
  ...listScreen(page, '/directory', 'Resident Directory'),
  search: filterBar(page, 'Search the directory').search,
  /** The row (a card on phones) naming `name`. */
  entry: (name: string) => page.locator('tr, li').filter({ hasText: name }),
  turnedOff: page.getByText(DIRECTORY_MESSAGES.turnedOff),
});

/** A member's own listing on /profile. */
export const listingCard = (page: Page) => {
  const card = profileCard(page, 'Resident directory');
  return {
    card,
    listMe: card.getByRole('switch', { name: DIRECTORY_LABELS.listMe }),
    shareEmail: card.getByRole('checkbox', { name: DIRECTORY_LABELS.shareEmail }),
    sharePhone: card.getByRole('checkbox', { name: DIRECTORY_LABELS.sharePhone }),
    save: card.getByRole('button', { name: 'Save Directory Preferences' }),
    openDirectory: card.getByRole('link', { name: 'Open the directory' }),
  };
};

/** The HOA's switch on /profile (superadmin). */
export const directorySettingCard = (page: Page) => {
  const card = profileCard(page, 'HOA resident directory');
  return {
    card,
    enabled: card.getByRole('switch', { name: DIRECTORY_LABELS.hoaSwitch }),
    save: card.getByRole('button', { name: 'Save Directory Setting' }),
  };
};
