/**
 * Sign-in, sign-out, the start-up refresh, forgot → reset, invitation activation and change
 * password, driven through the UI as a user would.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIOLATION_MESSAGES } from '../../schema/violations';
import { DEMO, DEMO_PASSWORD, e2eSuite, fillSignIn, goInApp, inviteUser, latestEmail, linkIn, openPage, pagePerTest, pathOf, scriptsRequested, showsBriefly, signInAs, snap, waitForPath, waitForServiceWorker } from '../helpers/browser';

const e2e = e2eSuite();
let page: Page;
const pages = pagePerTest(e2e, (p) => (page = p));

const heading = (name: string) => page.getByRole('heading', { level: 1, name });

describe('sign-in', () => {
  it('signs a superadmin in and lands on the dashboard with the full navigation', async () => {
    await signInAs(page, e2e.server, DEMO.maple.superadmin);
    expect(pathOf(page)).toBe('/dashboard');
    await heading('Dashboard').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const entry of ['Dashboard', 'Announcements', 'Requests', 'Documents', 'Compliance', 'Dues', 'Users', 'Addresses']) {
      await expect(nav.getByRole('link', { name: entry, exact: true }).isVisible()).resolves.toBe(true);
    }
    await page.getByRole('button', { name: 'OO Account menu for Olivia Owner', exact: true }).waitFor();
  });

  it('shows the server message for a wrong password and inline messages for bad input', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();

    await page.getByLabel('Email').fill(DEMO.maple.board);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it('loads none of the signed-in code on the sign-in screen (vite/chunks.ts)', async () => {
    const scripts = scriptsRequested(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(scripts.some((s) => s.startsWith('/assets/shared-'))).toBe(true);
    expect(scripts.filter((s) => /\/(signed-in|sync-engine|AppLayout)-/.test(s))).toEqual([]);
    // The entry is one file: the page names it and the bundler's runtime, not the packages it is cut into.
    const html = await (await page.request.get('/login')).text();
    expect(html.match(/rel="modulepreload"[^>]*/g)).toEqual([expect.stringMatching(/\/assets\/rolldown-runtime-/)]);
  });

  it("paints a signed-in screen on a reload before it loads the sync engine, with its own area's code only (vite/chunks.ts)", async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/requests');
    await heading('Requests').waitFor();
    await page.reload();
    await heading('Requests').waitFor();
    // The rows kept from the last visit show first (first-rows.ts); the engine loads after the paint
    // is reported and the browser is idle, which on a busy machine may come after the rows.
    await page.getByRole('row').nth(1).waitFor();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/sync-engine-/.test(e.name)))).toBe(true);
    // Resource timing sees the chunk also when the service worker answers it.
    const { painted, engine, screenReported } = await page.evaluate(async () => {
      // The browser's reports of the largest paint so far; the first one of the screen's own content (not a "Loading...").
      const largest = await new Promise<PerformanceEntry[]>((resolve) => new PerformanceObserver((list, observer) => (observer.disconnect(), resolve(list.getEntries()))).observe({ type: 'largest-contentful-paint', buffered: true }));
      return {
        painted: performance.getEntriesByName('hoa:screen-painted')[0]?.startTime ?? null,
        engine: performance.getEntriesByType('resource').find((e) => /\/assets\/sync-engine-/.test(e.name))?.startTime ?? null,
        screenReported: largest.find((e) => {
          const element = (e as PerformanceEntry & { element: Element | null }).element;
          return element?.closest('main') && !element.closest('[role=status]');
        })?.startTime ?? null,
      };
    });
    expect(painted).not.toBeNull();
    expect(engine).not.toBeNull();
    expect(engine!).toBeGreaterThan(painted!);
    // The frame and the screen paint together (App.tsx), and the engine waits for that paint's report (perf-marks.ts).
    expect(screenReported).not.toBeNull();
    expect(engine!).toBeGreaterThan(screenReported!);
    // Before the paint, the requests area's code and no other area's: a violations message is not in it.
    const before = await page.evaluate(async (mark) => {
      const scripts = performance.getEntriesByType('resource').filter((e) => e.startTime < mark && /\/assets\/.+\.js$/.test(e.name));
      return Promise.all(scripts.map(async (e) => ({ name: e.name, text: await (await fetch(e.name)).text() })));
    }, painted!);
    expect(before.some((s) => /\/area-requests-/.test(s.name))).toBe(true);
    expect(before.filter((s) => s.text.includes(VIOLATION_MESSAGES.residentRequired)).map((s) => s.name)).toEqual([]);
  });

  it("paints the profile's account card on a reload before it asks for the settings column (ProfileSettingsCards)", async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    const passwordCard = page.getByRole('heading', { name: 'Change Password' });
    await goInApp(page, '/profile');
    await passwordCard.waitFor();
    await page.reload();
    await passwordCard.waitFor();
    const { painted, settings } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('hoa:screen-painted')[0]?.startTime ?? null,
      settings: performance.getEntriesByType('resource').find((e) => /\/assets\/ProfileSettingsCards-/.test(e.name))?.startTime ?? null,
    }));
    expect(painted).not.toBeNull();
    expect(settings).not.toBeNull();
    expect(settings!).toBeGreaterThan(painted!);
  });

  it('keeps the session across a reload through the start-up refresh', async () => {
    await pages.withServiceWorker();
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/profile');
    await heading('Profile').waitFor();
    await waitForServiceWorker(page);
    await page.reload();
    await heading('Profile').waitFor();
    expect(pathOf(page)).toBe('/profile');
    await expect(page.getByText('Ben Board').first().isVisible()).resolves.toBe(true);
    // The page is the service worker's, yet the refresh went straight to the network (client/public/sw-network-routes.js).
    const refresh = await page.evaluate(() => {
      // The field's name in the Resource Timing draft, and the one Chromium ships.
      type Routed = PerformanceResourceTiming & { workerMatchedRouterSource?: string; workerMatchedSourceType?: string };
      const entry = performance.getEntriesByType('resource').find((r) => r.name.includes('/api/auth/refresh')) as Routed | undefined;
      return { controlled: !!navigator.serviceWorker.controller, source: entry && (entry.workerMatchedRouterSource ?? entry.workerMatchedSourceType) };
    });
    expect(refresh).toEqual({ controlled: true, source: 'network' });
  });

  it('stays signed in when the refresh cannot reach the server, and signs out when the server rejects it', async () => {
    await signInAs(page, e2e.server, DEMO.cedar.resident);
    await goInApp(page, '/profile');
    await heading('Profile').waitFor();

    await page.route('**/api/auth/refresh', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await heading('Profile').waitFor();
    expect(pathOf(page)).toBe('/profile');
    await page.getByText('Chris Resident').first().waitFor();

    // Leave the app first: a page still running would meet the refused refresh itself (its next
    // pull) and end the session before the reload, which would then start plainly signed out.
    await page.goto('about:blank');
    await page.unroute('**/api/auth/refresh');
    await page.route('**/api/auth/refresh', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Session expired"}' }));
    await page.goto('/profile');
    await waitForPath(page, '/login');
    // Not a sign-out of the user's own: the screen says why.
    await page.getByRole('alert').filter({ hasText: 'Session expired' }).waitFor();
    // The session's storage is gone; only the note that this user's cache was kept (its unsynced changes go out at their next sign-in) stays.
    await expect(page.evaluate(() => Object.keys(localStorage))).resolves.toEqual(['hoa-kept-cache']);
  });

  it("says 'Session expired' when a call's refresh is refused mid-session, until the next sign-in", async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    await heading('Dashboard').waitFor();
    // The server no longer takes the access token, nor the refresh cookie.
    await page.route('**/api/auth/profile', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }));
    await page.route('**/api/auth/refresh', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Session expired"}' }));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await waitForPath(page, '/login');
    const expired = page.getByRole('alert').filter({ hasText: 'Session expired' });
    await expired.waitFor();
    await snap(page, 'auth-session-expired');

    await page.unrouteAll();
    await fillSignIn(page, e2e.server, DEMO.maple.board);
    await heading('Dashboard').waitFor();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await heading('Sign in to your account').waitFor();
    // A sign-out of one's own is no expiry.
    await expect(expired.count()).resolves.toBe(0);
  });

  it("shows 'Login failed' when the server fails without a message", async () => {
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.maple.board);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await expect(page.getByText(/HTTP 500/).count()).resolves.toBe(0);
  });

  it('remembers a dismissed bulk-upload banner across sign-out and sign-in', async () => {
    // A superadmin whose account is a day old sees the banner.
    await e2e.server.db.execute({ sql: 'UPDATE users SET created_at = ? WHERE email = ?', args: [Date.now() - 86_400_000, DEMO.cedar.superadmin] });
    await signInAs(page, e2e.server, DEMO.cedar.superadmin);
    const banner = page.getByRole('status').filter({ hasText: 'Add your residents' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await fillSignIn(page, e2e.server, DEMO.cedar.superadmin);
    await heading('Dashboard').waitFor();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await expect(banner.count()).resolves.toBe(0);
  });

  it('lets two tabs start at the same moment without replaying a refresh token', async () => {
    await signInAs(page, e2e.server, DEMO.maple.resident);
    const second = await page.context().newPage();
    await second.goto('/profile');
    await second.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    // Both tabs refresh at start-up; a replayed (already rotated) token would revoke the session.
    await Promise.all([page.goto('/profile'), second.reload()]);
    await heading('Profile').waitFor();
    await second.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.reload();
    await heading('Profile').waitFor();
    expect(pathOf(page)).toBe('/profile');

    // Signing out in one tab signs the other out too.
    await second.getByRole('button', { name: /Account menu/ }).click();
    await second.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
  });

  it('logs out from the profile menu, clears e2e.browser storage, and guards the app again', async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    // A list seen keeps its first rows for the next visit (client/lib/first-rows.ts); the logout must take them too.
    await page.goto('/announcements');
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('hoa-first-rows:')));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await expect(page.evaluate(() => localStorage.length)).resolves.toBe(0);
    await expect(page.getByText('Session expired').count()).resolves.toBe(0);
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await heading('Sign in to your account').waitFor();
  });
});

describe('forgot and reset password', () => {
  it('sends a reset link, resets the password with it, and signs in with the new one', async () => {
    const email = DEMO.maple.resident2;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await heading('Forgot Password').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await heading('Check Your Email').waitFor();

    // The reset mail is queued after the answer (its timing must not tell whether the account exists).
    await expect.poll(async () => (await latestEmail(e2e.server, email)).subject, { timeout: 10_000 }).toBe('Reset your password');
    const mail = await latestEmail(e2e.server, email);
    await page.goto(linkIn(mail.text, e2e.server));
    await heading('Reset Password').waitFor();
    await page.getByText(email).waitFor();

    await page.getByLabel('New Password').fill('NewSecret1');
    await page.getByLabel('Confirm Password').fill('NewSecret2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText("Passwords don't match").waitFor();

    // The show/hide toggle reveals what was typed.
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.getByLabel('New Password').getAttribute('type')).resolves.toBe('text');

    await page.getByLabel('Confirm Password').fill('NewSecret1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await heading('Password Reset Complete').waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await waitForPath(page, '/login');

    await signInAs(page, e2e.server, email, 'NewSecret1');
    await waitForPath(page, '/announcements');

    // The link was single use.
    const { page: other, context } = await openPage(e2e.browser, e2e.server);
    await other.goto(linkIn(mail.text, e2e.server));
    await other.getByRole('heading', { level: 1, name: 'Invalid Reset Link' }).waitFor();
    await context.close();
  });

  it('answers a bad or missing token with Invalid Reset Link and a way to ask for a new one', async () => {
    await page.goto('/reset-password?token=not-a-real-token');
    await heading('Invalid Reset Link').waitFor();
    await page.getByText('Invalid or expired reset token').waitFor();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await waitForPath(page, '/forgot-password');

    await page.goto('/reset-password');
    await heading('Invalid Reset Link').waitFor();
    await page.getByText('Reset token is missing from the URL').waitFor();
  });
});

describe('invitation activation', () => {
  it('activates an invited account, shows Account Activated! and signs in after 2 seconds', async () => {
    const token = await inviteUser(e2e.server, { email: 'newneighbor@maplegrove.test', role: 'resident', sameHoaAs: DEMO.maple.superadmin });
    await page.goto(`/invite/accept?token=${encodeURIComponent(token)}`);
    await heading('Activate Your Account').waitFor();

    await page.getByRole('button', { name: 'Activate Account' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Password confirmation is required').waitFor();

    await page.getByLabel('Full Name').fill('Nina Neighbor');
    await page.getByLabel('Password', { exact: true }).fill('lettersonly');
    await page.getByLabel('Confirm Password').fill('lettersonly');
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await page.getByText('Password must contain at least one letter and one number').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('Welcome2026');
    await page.getByLabel('Confirm Password').fill('Welcome2026');
    const started = Date.now();
    await showsBriefly(page, 'Account Activated!', () => page.getByRole('button', { name: 'Activate Account' }).click());
    // Residents are sent on from /dashboard to /announcements.
    await waitForPath(page, '/announcements');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    await page.getByRole('button', { name: 'NN Account menu for Nina Neighbor', exact: true }).waitFor();

    // The token was single use.
    await page.evaluate(() => localStorage.clear());
    const { page: other, context } = await openPage(e2e.browser, e2e.server);
    await other.goto(`/invite/accept?token=${encodeURIComponent(token)}`);
    await other.getByLabel('Full Name').fill('Nina Neighbor');
    await other.getByLabel('Password', { exact: true }).fill('Welcome2026');
    await other.getByLabel('Confirm Password').fill('Welcome2026');
    await other.getByRole('button', { name: 'Activate Account' }).click();
    await other.getByRole('alert').filter({ hasText: 'Invalid activation token' }).waitFor();
    await context.close();
  });

  it('explains a missing token', async () => {
    await page.goto('/invite/accept');
    await page.getByText('Invalid activation link. Please check your email for the correct link.').waitFor();
  });
});

describe('change password', () => {
  it('shows a wrong current password under its field, then changes the password and stays signed in', async () => {
    const email = DEMO.cedar.board;
    await signInAs(page, e2e.server, email);
    await goInApp(page, '/profile');
    await heading('Profile').waitFor();

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByText('New password must be at least 6 characters').waitFor();

    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('Changed123');
    await page.getByLabel('Confirm New Password').fill('Changed124');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText("New passwords don't match").waitFor();

    await page.getByLabel('Confirm New Password').fill('Changed123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current password is incorrect').waitFor();

    await page.getByLabel('Current Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully! You remain logged in on this device.').waitFor();

    // This device stays signed in, across a reload too.
    await page.reload();
    await heading('Profile').waitFor();

    // The new password works, the old one does not.
    const { page: other, context } = await openPage(e2e.browser, e2e.server);
    await other.goto('/login');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await other.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await signInAs(other, e2e.server, email, 'Changed123');
    expect(pathOf(other)).toBe('/dashboard');
    await context.close();
  });
});
