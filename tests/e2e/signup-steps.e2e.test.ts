/**
 * Going back and forth in the signup wizard: a visitor's own unfinished signup
 * never flags its email or HOA name as taken, Back to Account keeps what was typed, HOA setup's Back
 * opens plan selection, and a field's message always speaks of the value in the field.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clearRateLimits, e2eSuite, expectNoPageErrors, openPage, snap, waitForPath } from '../helpers/browser';
import { signupWizard, type Account } from './pages/signup';

const e2e = e2eSuite();
let page: Page;
let errors: string[];
let close: () => Promise<void>;
let wizard: ReturnType<typeof signupWizard>;
let n = 0;

beforeEach(async () => {
  const opened = await openPage(e2e.browser, e2e.server);
  ({ page, errors } = opened);
  close = () => opened.context.close();
  wizard = signupWizard(page);
  await clearRateLimits(e2e.server);
});
afterEach(async () => {
  await close();
  expectNoPageErrors(errors);
});

const account = (): Account => {
  const who = `steps${++n}`;
  return { email: `${who}@aspen.test`, password: 'Aspen2026', name: 'Ada Aspen', hoaName: `Aspen Ridge ${who}` };
};

async function toPaymentAs(a: Account) {
  await wizard.open();
  await wizard.pickPlan();
  await wizard.fillAccount(a);
  await wizard.waitAvailable();
  await wizard.toPayment();
}

it('Back to Account from the card step keeps the account: own email and HOA name available, passwords kept, Continue resumes the same signup', async () => {
  const a = account();
  await toPaymentAs(a);
  const first = await wizard.savedTrial();

  await page.getByRole('button', { name: 'Back to Account' }).click();
  await wizard.step(2, 'Create Your Account').waitFor();
  await wizard.waitAvailable();
  expect(await page.getByLabel('Email').inputValue()).toBe(a.email);
  expect(await page.locator('input[name=password]').inputValue()).toBe(a.password);
  expect(await page.locator('input[name=confirmPassword]').inputValue()).toBe(a.password);
  expect(await wizard.continueButton().isEnabled()).toBe(true);
  await snap(page, 'signup-back-to-account');

  await wizard.toPayment();
  expect(await wizard.savedTrial()).toEqual(first);
});

it('after Start Over, the same email and HOA name are available again and the card step is reached', async () => {
  const a = account();
  await toPaymentAs(a);
  await page.getByRole('button', { name: 'Start Over' }).click();
  await wizard.step(1, 'Choose Your Plan').waitFor();
  await wizard.pickPlan('Starter');
  await wizard.fillAccount(a);
  await wizard.waitAvailable();
  expect(await wizard.continueButton().isEnabled()).toBe(true);
  await wizard.toPayment();
});

it('a card saved but not completed (completion failed) does not block the same visitor after Back to Account or Start Over', async () => {
  const a = account();
  await toPaymentAs(a);
  // The completion call fails once: the card is confirmed, the signup unfinished.
  await page.route('**/api/signup/complete', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }), { times: 1 });
  await wizard.enterCard('4242 4242 4242 4242');
  await page.getByText('Service unavailable').waitFor();

  await page.getByRole('button', { name: 'Back to Account' }).click();
  await wizard.step(2, 'Create Your Account').waitFor();
  await wizard.waitAvailable();
  await wizard.toPayment(true);

  await page.getByRole('button', { name: 'Start Over' }).click();
  await wizard.pickPlan();
  // Another password this time: the browser that started the signup still continues it.
  await wizard.fillAccount({ ...a, password: 'Aspen2027' });
  await wizard.waitAvailable();
  await wizard.toPayment(true);
  await snap(page, 'signup-card-saved');
  // The saved card is not asked for again: the signup completes.
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await waitForPath(page, '/signup/hoa-setup');
});

it('Back from HOA setup step 1 opens plan selection, not the card step', async () => {
  const a = account();
  await toPaymentAs(a);
  await wizard.enterCard('4242 4242 4242 4242');
  await waitForPath(page, '/signup/hoa-setup');
  await page.getByRole('heading', { name: 'Tell us about your HOA' }).waitFor();
  await page.getByRole('button', { name: 'Back' }).click();
  await waitForPath(page, '/signup');
  await wizard.step(1, 'Choose Your Plan').waitFor();
  expect(await page.getByRole('button', { name: 'Start Over' }).count()).toBe(0);
  await page.getByText('Your free trial has started on the Growth plan.', { exact: false }).waitFor();
  await snap(page, 'signup-back-from-hoa-setup');
  // Picking a plan goes on to HOA setup again.
  await page.getByRole('button', { name: /Growth/ }).click();
  await waitForPath(page, '/signup/hoa-setup');
});

it("a field's message follows its value: a corrected email loses 'Please enter a valid email address' and shows 'already registered'", async () => {
  await wizard.open();
  await wizard.pickPlan();
  await page.getByLabel('Email').fill('owner@maplegrove');
  await wizard.continueButton().click();
  await expect.poll(() => wizard.fieldMessage('Email')).toBe('Please enter a valid email address');
  expect(await wizard.fieldMessage('Full Name')).toBe('Full name is required');

  await page.getByLabel('Email').fill('owner@maplegrove.test');
  await expect.poll(() => wizard.fieldMessage('Email')).toBe('This email is already registered');
  // Untouched fields keep theirs.
  expect(await wizard.fieldMessage('Full Name')).toBe('Full name is required');
  await page.getByLabel('Email').fill('someone.new@maplegrove.test');
  await page.getByText('Email is available').waitFor();
  expect(await wizard.fieldMessage('Email')).toBe('');

  // A confirmation that matches once the password is corrected no longer says they differ.
  await page.locator('input[name=password]').fill('Maple2026');
  await page.locator('input[name=confirmPassword]').fill('Maple2027');
  await wizard.continueButton().click();
  await page.getByText('Passwords do not match').waitFor();
  await page.locator('input[name=password]').fill('Maple2027');
  await expect.poll(() => page.getByText('Passwords do not match').count()).toBe(0);
  await snap(page, 'signup-account-errors');
});
