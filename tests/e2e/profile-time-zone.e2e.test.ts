/**
 * The superadmin changes the HOA's time zone on /profile; the signed-in record
 * carries the new zone at once (the screens' "today" reads it), the board sees it read-only, residents
 * not at all.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HOA_SETTINGS_MESSAGES } from '../../schema/hoa-settings';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, openPage, signInAs, snapFromTop, type E2EServer } from '../helpers/browser';
import { choose, offeredOptions } from './pages/controls';
import { profile } from './pages/profile';

const e2e = e2eSuite();

/** The zone on the record the app keeps for the signed-in user (what the screens' "today" reads). */
const keptZone = (page: Page) =>
  page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i)!) ?? '';
      if (value.includes('"hoa_time_zone"')) return (JSON.parse(value) as { hoa_time_zone: string }).hoa_time_zone;
    }
    return null;
  });

async function profileZone(server: E2EServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/profile`, { headers: { Authorization: `Bearer ${await apiToken(server, email)}` } });
  return ((await res.json()) as { hoa_time_zone: string }).hoa_time_zone;
}

describe('HOA time zone on /profile', () => {
  it('the superadmin picks another zone and saves it; the board sees it, residents do not', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.superadmin);
      await goInApp(page, '/profile');
      const p = profile(page);
      await p.heading.waitFor();
      await expect.poll(() => p.timeZone.textContent()).toBe('Central Time (America/Chicago)');
      await expect(p.saveTimeZone.isDisabled()).resolves.toBe(true);
      // US zones come first, by their everyday names.
      await expect(offeredOptions(p.timeZone).then((o) => o[0])).resolves.toBe('Eastern Time (America/New_York)');

      await choose(p.timeZone, 'Hawaii Time (Pacific/Honolulu)');
      await p.saveTimeZone.click();
      await p.timeZoneCard.getByText(HOA_SETTINGS_MESSAGES.timeZoneSaved).waitFor();
      await expect.poll(() => p.timeZone.textContent()).toBe('Hawaii Time (Pacific/Honolulu)');
      await expect.poll(() => keptZone(page)).toBe('Pacific/Honolulu');
      await expect(profileZone(e2e.server, DEMO.maple.board)).resolves.toBe('Pacific/Honolulu');
      await snapFromTop(page, 'profile-time-zone');
      await expectNoSeriousAxe(page);

      // Any other zone the browser knows is in the list too.
      await choose(p.timeZone, 'Europe/Lisbon');
      await p.saveTimeZone.click();
      await p.timeZoneCard.getByText(HOA_SETTINGS_MESSAGES.timeZoneSaved).waitFor();
      await expect.poll(() => keptZone(page)).toBe('Europe/Lisbon');
      await page.reload();
      await p.heading.waitFor();
      await expect.poll(() => p.timeZone.textContent()).toBe('Europe/Lisbon');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }

    const board = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(board.page, e2e.server, DEMO.maple.board);
      await goInApp(board.page, '/profile');
      const p = profile(board.page);
      await p.timeZoneCard.getByText('Europe/Lisbon', { exact: true }).waitFor();
      await expect(p.timeZone.count()).resolves.toBe(0);
      await expect(p.saveTimeZone.count()).resolves.toBe(0);
      await snapFromTop(board.page, 'profile-time-zone-board');
    } finally {
      await board.context.close();
    }

    const resident = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(resident.page, e2e.server, DEMO.maple.resident);
      await goInApp(resident.page, '/profile');
      await profile(resident.page).heading.waitFor();
      await resident.page.getByRole('heading', { name: 'Change Password' }).waitFor();
      await expect(resident.page.getByRole('heading', { name: 'HOA time zone' }).count()).resolves.toBe(0);
    } finally {
      await resident.context.close();
    }
  }, 120_000);
});
