/**
 * Billing in Chromium, on the local payment provider: the superadmin's subscription card,
 * /plan-selection opening the portal, a plan change coming back as the profile's banner, a cancel in
 * the portal sending the owner to /reactivation, and reactivation with Growth through Checkout.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { axeScan, DEMO, describeViolations, e2eSuite, expectNoPageErrors, goInApp, openPage, signInAs, snap, waitForPath } from '../helpers/browser';

const e2e = e2eSuite();
let page: Page;
let errors: string[];
let close: () => Promise<void>;

beforeEach(async () => {
  const opened = await openPage(e2e.browser, e2e.server);
  ({ page, errors } = opened);
  close = () => opened.context.close();
});
afterEach(async () => {
  await close();
  expectNoPageErrors(errors);
});

async function noSeriousA11yIssues() {
  const violations = await axeScan(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

it('the profile shows the subscription; the billing page opens the portal; a plan change there returns as the banner', async () => {
  await signInAs(page, e2e.server, DEMO.maple.superadmin);
  await goInApp(page, '/profile');
  await page.getByRole('button', { name: 'Manage Subscription' }).waitFor();
  await page.getByText('Growth · $99.00/month').waitFor();
  // Maple Grove's payment account is complete: the card says so and still leads to it.
  await page.getByRole('link', { name: 'View Payment Account' }).waitFor();
  await noSeriousA11yIssues();
  await snap(page, 'billing-profile');

  await page.goto('/plan-selection');
  // The page leaves for the portal at once.
  await page.waitForURL((u) => u.pathname.startsWith('/dev/pay/portal/'));
  await page.getByRole('heading', { name: /Growth plan/ }).waitFor();
  await page.getByRole('button', { name: /Switch to Pro/ }).click();
  await page.getByText('Plan updated.').waitFor();
  await page.getByRole('link', { name: '← Return to the app' }).click();
  await waitForPath(page, '/profile');
  await page.getByText('Your subscription has been successfully updated to the Pro plan!').waitFor();
  expect(new URL(page.url()).search).toBe('');
  await page.getByText('Pro · $199.00/month').waitFor();
  await snap(page, 'billing-plan-updated');
});

it('the billing page before it leaves: plan cards with Current Plan, Most Popular and the change notes', async () => {
  await signInAs(page, e2e.server, DEMO.cedar.superadmin);
  // Hold the portal answer so the page can be seen as it is before the redirect.
  await page.route('**/api/subscriptions/create-billing-portal', () => {});
  await page.goto('/plan-selection');
  await page.getByText('Redirecting to Billing Portal...').waitFor();
  await page.getByRole('button', { name: 'Current Plan' }).waitFor();
  expect(await page.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
  await page.getByText('Most Popular').waitFor();
  await page.getByText('Upgrade takes effect immediately').waitFor();
  await page.getByText('Downgrade takes effect next billing cycle').waitFor();
  await noSeriousA11yIssues();
  await snap(page, 'billing-plan-selection');
});

it('the superadmin cancels in the portal, is sent to /reactivation, reactivates with Growth and is back', async () => {
  await signInAs(page, e2e.server, DEMO.maple.superadmin);
  await goInApp(page, '/profile');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/dev/pay/portal/'));
  await page.getByRole('button', { name: /Cancel now/ }).click();
  await page.getByText('canceled', { exact: true }).waitFor();
  await page.getByRole('link', { name: '← Return to the app' }).click();

  await waitForPath(page, '/reactivation');
  await page.getByRole('heading', { name: 'Reactivate Your Subscription' }).waitFor();
  await page.getByText('Previous subscription').waitFor();
  await page.getByText(/\$\d+\.00\/month/).first().waitFor();
  // Every signed-in screen sends the owner back here.
  await page.goto('/dashboard');
  await waitForPath(page, '/reactivation');
  await page.getByRole('button', { name: /^Reactivate with / }).waitFor();
  await noSeriousA11yIssues();
  await snap(page, 'billing-reactivation');

  // Leaving Checkout comes back with the spec's message.
  await page.getByRole('button', { name: /Growth/ }).click();
  await page.getByRole('button', { name: 'Reactivate with Growth' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/dev/pay/checkout/'));
  await page.getByRole('link', { name: '← Cancel and return' }).click();
  await page.getByText('Checkout was canceled. You can try again by selecting a plan below.').waitFor();
  // The plan chosen before Checkout stays chosen (not the previous subscription's Pro, from the first story).
  await page.getByRole('button', { name: 'Reactivate with Growth' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/dev/pay/checkout/'));
  await page.getByText('$99.00').first().waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await waitForPath(page, '/dashboard');
  await page.getByText(/Welcome back/).waitFor();
  await page.goto('/profile');
  await page.getByText('Growth · $99.00/month').waitFor();
  await page.getByText('Active', { exact: true }).waitFor();
  await snap(page, 'billing-reactivated');
});

it("a portal that fails without a message says the spec's words, with Try Again", async () => {
  await signInAs(page, e2e.server, DEMO.cedar.superadmin);
  await page.route('**/api/subscriptions/create-billing-portal', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/plan-selection');
  await page.getByRole('alert').filter({ hasText: 'Failed to open billing portal. Please try again.' }).waitFor();
  await page.getByRole('button', { name: 'Try Again' }).waitFor();
  await expect(page.getByText(/HTTP 500/).count()).resolves.toBe(0);
});

it('the profile and the dues screen lead the owner to /stripe-setup until the payment account is complete', async () => {
  await signInAs(page, e2e.server, DEMO.cedar.superadmin);
  await goInApp(page, '/profile');
  await page.getByRole('heading', { name: 'Payment account' }).waitFor();
  await page.getByText('Not set up', { exact: true }).waitFor();
  await snap(page, 'billing-payment-account-profile');
  await page.getByRole('link', { name: 'Set Up Payments' }).click();
  await waitForPath(page, '/stripe-setup');
  await page.getByRole('button', { name: 'Start Setup' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/dev/pay/connect/'));

  // Left onboarding half-way: the setup screen names what is still needed in words.
  await page.goto('/stripe-setup');
  await page.getByText('Setup incomplete', { exact: true }).first().waitFor();
  await page.getByText("Still needed: Business type, Bank account for payouts, Acceptance of the payment provider's terms.").waitFor();
  await expect(page.getByText(/external_account|tos_acceptance/).count()).resolves.toBe(0);
  await noSeriousA11yIssues();
  await snap(page, 'billing-stripe-setup-incomplete');

  await page.goto('/dues');
  const banner = page.getByRole('status').filter({ hasText: 'Payment account: Setup incomplete' });
  await banner.waitFor();
  await noSeriousA11yIssues();
  await snap(page, 'billing-payment-account-dues');
  await banner.getByRole('link', { name: 'Continue Setup' }).click();
  await waitForPath(page, '/stripe-setup');
});

it('a subscription canceled at the period end says when it ends, not "Free trial"', async () => {
  await signInAs(page, e2e.server, DEMO.cedar.superadmin);
  await goInApp(page, '/profile');
  await page.getByText('Free trial', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/dev/pay/portal/'));
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByText(/^cancels /).waitFor();
  await page.getByRole('link', { name: '← Return to the app' }).click();
  await waitForPath(page, '/profile');
  await page.getByText(/^Ends [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
  await page.getByText('Access expires').waitFor();
  await expect(page.getByText('Free trial', { exact: true }).count()).resolves.toBe(0);
  await snap(page, 'billing-canceling');
});
