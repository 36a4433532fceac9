/**
 * Signup in Chromium, on the local payment provider: a visitor starts a new HOA with the
 * card that needs 3-D Secure, sets it up and enters its dashboard signed in; a declined card shows the
 * provider's message; a reload resumes the wizard. Screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { axeScan, clearRateLimits, describeViolations, e2eSuite, expectNoPageErrors, openPage, snap, waitForPath } from '../helpers/browser';

const e2e = e2eSuite();
let page: Page;
let errors: string[];
let close: () => Promise<void>;
let n = 0;

beforeEach(async () => {
  const opened = await openPage(e2e.browser, e2e.server);
  ({ page, errors } = opened);
  close = () => opened.context.close();
  await clearRateLimits(e2e.server);
});
afterEach(async () => {
  await close();
  expectNoPageErrors(errors);
});

async function noSeriousA11yIssues() {
  const violations = await axeScan(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Plans, then the account step; leaves the page on the payment step. */
async function throughAccount(who = `owner${++n}`, shots = false) {
  await page.goto('/signup');
  await page.getByText('Step 1 of 5: Choose Your Plan').waitFor();
  await page.getByRole('button', { name: /Growth/ }).waitFor();
  if (shots) {
    await noSeriousA11yIssues();
    await snap(page, 'signup-plans');
  }
  await page.getByRole('button', { name: /Growth/ }).click();
  await page.getByText('Step 2 of 5: Create Your Account').waitFor();
  await page.getByLabel('Email').fill(`${who}@birchhollow.test`);
  await page.locator('input[name=password]').fill('Birch2026');
  await page.locator('input[name=confirmPassword]').fill('Birch2026');
  await page.getByLabel('Full Name').fill('Bea Birch');
  await page.getByLabel('HOA Name').fill(`Birch Hollow ${who}`);
  await page.getByText('Email is available').waitFor();
  await page.getByText('HOA name is available').waitFor();
  if (shots) {
    await noSeriousA11yIssues();
    await snap(page, 'signup-account');
  }
  await page.getByRole('button', { name: 'Continue to Payment Setup' }).click();
  await page.getByText('Step 3 of 5: Secure Payment Setup').waitFor();
  await page.getByLabel('Card number').waitFor();
}

async function enterCard(number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
}

it('a visitor signs up with the 3-D Secure card, sets up the HOA, waits out the countdown and lands on the dashboard signed in', async () => {
  await throughAccount('bea', true);
  // The payment step names the account it sets up.
  const accountName = page.getByRole('definition').filter({ hasText: 'Bea Birch' });
  await accountName.waitFor();
  expect(await accountName.textContent()).toBe('Bea Birch');
  await page.getByText('4000 0025 0000 3155').waitFor();
  await noSeriousA11yIssues();
  await snap(page, 'signup-payment');

  await enterCard('4000 0025 0000 3155');
  await page.getByRole('heading', { name: 'Authenticate your card' }).waitFor();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  await waitForPath(page, '/signup/hoa-setup');
  await page.getByRole('heading', { name: 'Tell us about your HOA' }).waitFor();
  expect(await page.getByLabel('HOA Name').inputValue()).toBe('Birch Hollow bea');
  await page.getByLabel('HOA Name').fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('HOA name is required').waitFor();
  await page.getByLabel('HOA Name').fill('Birch Hollow Owners');
  expect(await page.getByText('HOA name is required').count()).toBe(0);
  await page.getByLabel('City').fill('Madison');
  await page.getByLabel('ZIP Code').fill('53703');
  await noSeriousA11yIssues();
  await snap(page, 'signup-hoa-setup');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Add your property addresses' }).waitFor();
  await page.getByRole('button', { name: /Upload Excel\/CSV file/ }).click({ force: true });
  await page.getByText('Excel/CSV upload feature coming soon!').waitFor();
  await snap(page, 'signup-addresses');
  await page.getByRole('button', { name: /Skip for Now/ }).click();

  await waitForPath(page, '/signup/complete');
  for (const text of ['Bea Birch', 'bea@birchhollow.test', 'Superadmin', 'Birch Hollow Owners', 'Growth', 'Active (30 days)']) await page.getByText(text, { exact: true }).first().waitFor();
  const trialEnd = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(Date.now() + 30 * 86_400_000);
  await page.getByText(trialEnd).waitFor();
  await page.getByRole('button', { name: /Enter Dashboard \(\d\)/ }).waitFor();
  await noSeriousA11yIssues();
  await snap(page, 'signup-complete');

  // The countdown runs out by itself.
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 8_000 });
  await page.getByText('Welcome back, Bea').waitFor();
  const stored = await page.evaluate(() => ({
    signup: localStorage.getItem('hoa.signup'),
    signedIn: localStorage.getItem('hoa.signedIn'),
  }));
  expect(stored.signup).toBeNull();
  expect(JSON.parse(stored.signedIn!)).toMatchObject({
    email: 'bea@birchhollow.test',
    role: 'superadmin',
  });
  // Signed in for real: a reload keeps the session (refresh cookie), in the new, empty HOA.
  await page.reload();
  await page.getByText('Welcome back, Bea').waitFor();
  await snap(page, 'signup-dashboard');
});

it("the declined card shows the provider's message; empty details are asked for; Start Over resets the wizard", async () => {
  await throughAccount();
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await page.getByText('Please complete all card details').waitFor();
  await enterCard('4000 0000 0000 0002');
  await page.getByText('Your card was declined.').waitFor();
  await enterCard('4000 0000 0000 9995');
  await page.getByText('Your card has insufficient funds.').waitFor();
  await snap(page, 'signup-declined');
  await page.getByRole('button', { name: 'Start Over' }).click();
  await page.getByText('Step 1 of 5: Choose Your Plan').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('hoa.signup'))).toBeNull();
});

it('a reload resumes the wizard; a registered email and a taken HOA name are flagged as typed', async () => {
  await page.goto('/signup');
  await page.getByRole('button', { name: /Starter/ }).click();
  await page.getByLabel('Email').fill('owner@maplegrove.test');
  await page.getByLabel('HOA Name').fill('Maple Grove HOA');
  await page.getByText('This email is already registered').waitFor();
  await page.getByText('An HOA with this name already exists').waitFor();
  expect(await page.getByRole('button', { name: 'Continue to Payment Setup' }).isDisabled()).toBe(true);
  await snap(page, 'signup-taken');
  await page.evaluate(() => localStorage.clear());

  await throughAccount();
  await page.reload();
  await page.getByText('Step 3 of 5: Secure Payment Setup').waitFor();
  await page.getByText('Bea Birch').waitFor();
  await page.getByLabel('Card number').waitFor();
  await enterCard('4242 4242 4242 4242');
  await waitForPath(page, '/signup/hoa-setup');
  // Saved state resumes at HOA setup too.
  await page.goto('/signup');
  await waitForPath(page, '/signup/hoa-setup');
});
