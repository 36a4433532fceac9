/**
 * Every screen of the client foundation at 1280 and 375 px: a screenshot of each (written to
 * tests/e2e/screenshots/, which git ignores) and an axe-core scan with no failing violation (every WCAG
 * 2.x A/AA rule; tests/e2e/accessibility.e2e.test.ts scans every route of the table at both widths).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeScan,
  DEMO,
  DESKTOP,
  e2eSuite,
  describeViolations,
  goInApp,
  inviteUser,
  latestEmail,
  linkIn,
  openPage,
  PHONE,
  signInAs,
  snap,
} from '../helpers/browser';

const e2e = e2eSuite();


/**
 * Screenshots at both widths and an axe scan at 1280 px. The phone layout differs in the
 * navigation only, which has its own scans at 375 px (closed on every signed-in screen via
 * `phone: true`, and open below).
 */
async function check(page: Page, name: string, { phone = false } = {}) {
  await snap(page, name);
  for (const viewport of phone ? [DESKTOP, PHONE] : [DESKTOP]) {
    await page.setViewportSize(viewport);
    const violations = await axeScan(page);
    expect(violations, `${name} at ${viewport.width}px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('account screens (signed out)', () => {
  it('login, with and without errors', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await page.goto('/login');
    await h1(page, 'Sign in to your account');
    await check(page, 'login', { phone: true });
    await page.getByLabel('Email').fill(DEMO.maple.board);
    await page.getByLabel('Password', { exact: true }).fill('wrongpass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await check(page, 'login-errors');
    await context.close();
  });

  it('forgot password: form and Check Your Email', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await page.goto('/forgot-password');
    await h1(page, 'Forgot Password');
    await check(page, 'forgot-password');
    await page.getByLabel('Email').fill(DEMO.cedar.resident);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await h1(page, 'Check Your Email');
    await check(page, 'forgot-password-sent');
    await context.close();
  });

  it('reset password: form, done and invalid', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await page.goto('/reset-password?token=expired');
    await h1(page, 'Invalid Reset Link');
    await check(page, 'reset-password-invalid');

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(DEMO.cedar.board);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await h1(page, 'Check Your Email');
    // The reset mail is queued after the answer.
    await expect.poll(async () => (await latestEmail(e2e.server, DEMO.cedar.board)).subject, { timeout: 10_000 }).toBe('Reset your password');
    await page.goto(linkIn((await latestEmail(e2e.server, DEMO.cedar.board)).text, e2e.server));
    await h1(page, 'Reset Password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await check(page, 'reset-password-form');
    await page.getByLabel('New Password').fill('Another123');
    await page.getByLabel('Confirm Password').fill('Another123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await h1(page, 'Password Reset Complete');
    await check(page, 'reset-password-done');
    await context.close();
  });

  it('invitation activation: form, missing token', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    const token = await inviteUser(e2e.server, { email: 'screens@cedarpark.test', role: 'board', sameHoaAs: DEMO.cedar.superadmin });
    await page.goto(`/invite/accept?token=${token}`);
    await h1(page, 'Activate Your Account');
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await page.getByText('Name is required').waitFor();
    await check(page, 'invite-accept');
    await page.goto('/invite/accept');
    await page.getByText('Invalid activation link. Please check your email for the correct link.').waitFor();
    await check(page, 'invite-accept-missing-token');
    await context.close();
  });

  it('support, signup and 404 for visitors', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await page.goto('/support');
    await h1(page, 'Support Center');
    await check(page, 'support');
    await page.goto('/signup');
    await h1(page, 'Choose Your Plan');
    await check(page, 'signup');
    await page.goto('/missing-page');
    await h1(page, 'Page not found');
    await check(page, 'not-found-visitor');
    await context.close();
  });
});

describe('signed-in screens', () => {
  it('superadmin: dashboard, profile, the menus and the in-app 404', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.superadmin);
    await h1(page, 'Dashboard');
    // The body is held back on a first sign-in until the cache answers: checked and snapped whole.
    await page.getByText('Quick Actions').waitFor();
    await check(page, 'dashboard', { phone: true });

    await goInApp(page, '/profile');
    await h1(page, 'Profile');
    await page.getByText('101 Maple Grove Lane').waitFor();
    await check(page, 'profile');
    await goInApp(page, '/profile?plan_updated=growth');
    await page.getByText('Your subscription has been successfully updated to the Growth plan!').waitFor();
    await page.waitForURL((u) => u.search === '');
    await check(page, 'profile-plan-updated');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.screenshot({ path: 'tests/e2e/screenshots/profile-menu-1280.png' });
    expect(await axeScan(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).waitFor();
    await page.screenshot({ path: 'tests/e2e/screenshots/phone-nav-375.png' });
    expect(await axeScan(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // The in-app 404; the screens of the areas are checked by their own suites.
    await goInApp(page, '/elsewhere');
    await h1(page, 'Page not found');
    await check(page, 'not-found-signed-in');
    await context.close();
  });

  it('resident: a profile with a unit address', async () => {
    const { page, context } = await openPage(e2e.browser, e2e.server);
    await signInAs(page, e2e.server, DEMO.maple.resident2);
    await h1(page, 'Announcements');
    await goInApp(page, '/profile');
    await page.getByText('200 Birch Court, Unit 2A', { exact: true }).waitFor();
    await check(page, 'resident-profile');
    await context.close();
  });
});
