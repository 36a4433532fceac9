/**
 * The resident directory in Chromium: Rita opts in on her profile sharing only her phone; Ray, on his
 * phone, goes from his home to /directory, finds her by her street and sees her phone, never her
 * email; offline, his phone still finds her from its cache; the superadmin turns the directory off for the HOA, and it leaves Ray's screen and Rita's
 * card says so. Screenshots at 1280 and 375 px and axe scans of the screen and the cards.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES } from '../../schema/directory';
import { DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPage, openPageWithServiceWorker, PHONE, signInAs, snapFromTop, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { directoryScreen, directorySettingCard, listingCard } from './pages/directory';

const e2e = e2eSuite();
const RITA_PHONE = '512-555-0102';
let ray: { context: BrowserContext; page: Page; errors: string[] };

beforeAll(async () => {
  // Ray's phone goes offline in a story below.
  ray = await openPageWithServiceWorker(e2e.browser, e2e.server, PHONE);
  await signInAs(ray.page, e2e.server, DEMO.maple.resident2);
}, 60_000);
afterAll(async () => {
  await ray.context.close();
  expectNoPageErrors(ray.errors);
});

async function signedIn(email: string) {
  const opened = await openPage(e2e.browser, e2e.server);
  await signInAs(opened.page, e2e.server, email);
  await goInApp(opened.page, '/profile');
  return opened;
}

describe('the resident directory', () => {
  it('Rita opts in sharing only her phone; Ray finds her by street and sees her phone, not her email', { timeout: 60_000 }, async () => {
    const rita = await signedIn(DEMO.maple.resident);
    const card = listingCard(rita.page);
    // Off by default.
    await card.listMe.waitFor();
    expect(await card.listMe.getAttribute('aria-checked')).toBe('false');
    await card.listMe.click();
    await card.sharePhone.click();
    await card.save.click();
    await card.card.getByText(DIRECTORY_MESSAGES.saved).waitFor();
    await card.card.scrollIntoViewIfNeeded();
    await expectNoSeriousAxe(rita.page);
    await rita.context.close();
    expectNoPageErrors(rita.errors);

    const { page } = ray;
    // His home (Announcements) leads there; the main navigation has no entry.
    await page.getByRole('link', { name: 'Resident Directory' }).click();
    await waitForPath(page, '/directory');
    const screen = directoryScreen(page);
    await page.getByRole('heading', { level: 1, name: 'Resident Directory' }).waitFor();
    await expect.poll(() => screen.entry('Rita Resident').count(), { timeout: 15_000 }).toBe(1);
    await screen.search('103 Maple');
    // The search keeps only her street.
    await expect.poll(() => screen.entry('Grace Hall').count(), { timeout: 5_000 }).toBe(0);
    const entry = screen.entry('Rita Resident');
    expect(await entry.innerText()).toContain(RITA_PHONE);
    expect(await entry.innerText()).toContain('Not shared');
    expect(await page.content()).not.toContain(DEMO.maple.resident);
    expect(await screen.entry('Rita Resident').count()).toBe(1);
    await snapFromTop(page, 'directory-search');
    await expectNoSeriousAxe(page);
    await screen.search('');
    await expect.poll(() => screen.entry('Grace Hall').count(), { timeout: 5_000 }).toBe(1);
    await snapFromTop(page, 'directory');
  });

  it('offline, Ray’s phone still opens the directory and finds Rita by her street, from its cache', { timeout: 60_000 }, async () => {
    const { page, context } = ray;
    await waitForServiceWorker(page);
    await goOffline(context, e2e.server);
    try {
      await page.reload();
      const screen = directoryScreen(page);
      await page.getByRole('heading', { level: 1, name: 'Resident Directory' }).waitFor();
      await screen.search('103 Maple');
      await expect.poll(() => screen.entry('Rita Resident').count(), { timeout: 10_000 }).toBe(1);
      expect(await screen.entry('Rita Resident').innerText()).toContain(RITA_PHONE);
      await expect.poll(() => screen.entry('Grace Hall').count()).toBe(0);
    } finally {
      await goOnline(context, e2e.server);
    }
    await directoryScreen(page).search('');
  });

  it('the superadmin turns the directory off: it leaves Ray’s screen and Rita’s card says so', { timeout: 60_000 }, async () => {
    const olivia = await signedIn(DEMO.maple.superadmin);
    const setting = directorySettingCard(olivia.page);
    await setting.enabled.waitFor();
    expect(await setting.enabled.getAttribute('aria-checked')).toBe('true');
    await setting.card.scrollIntoViewIfNeeded();
    await snapFromTop(olivia.page, 'directory-profile-superadmin');
    await expectNoSeriousAxe(olivia.page);
    await setting.enabled.click();
    await setting.save.click();
    await setting.card.getByText(DIRECTORY_MESSAGES.settingSaved).waitFor();
    await olivia.context.close();

    // The open screen empties as the change arrives; opened again, it says why.
    const screen = directoryScreen(ray.page);
    await expect.poll(() => screen.entry('Grace Hall').count(), { timeout: 15_000 }).toBe(0);
    await goInApp(ray.page, '/announcements');
    await screen.open();
    await screen.turnedOff.waitFor();
    await snapFromTop(ray.page, 'directory-off');
    await expectNoSeriousAxe(ray.page);

    const rita = await signedIn(DEMO.maple.resident);
    await listingCard(rita.page).card.getByText(DIRECTORY_MESSAGES.turnedOff).waitFor();
    await rita.context.close();
  });
});
