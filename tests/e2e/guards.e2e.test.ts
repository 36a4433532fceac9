/**
 * The route table's guards for each role: visitors, residents, board and superadmin,
 * the open routes, the role-dependent navigation, and the 404 page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, e2eSuite, fillSignIn, goInApp, openPage, signInAs, waitForPath } from '../helpers/browser';

const e2e = e2eSuite();
const contexts: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function freshPage(): Promise<Page> {
  const { context, page } = await openPage(e2e.browser, e2e.server);
  contexts.push(context);
  return page;
}

/**
 * Opens `from` and expects to end on `to` with a page heading shown: the given one where the spec
 * fixes the title, else any (the screens of later issues choose theirs). Signed-in walks navigate
 * inside the app (the guards run on every navigation); `load: true` opens the address with a page load.
 */
async function expectLanding(page: Page, from: string, to: string, heading?: string, { load = false } = {}) {
  if (load) await page.goto(from);
  else await goInApp(page, from);
  await waitForPath(page, to);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
}

async function navEntries(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  return links.allTextContents();
}

/** Everyone's entries (the spec's, then Meetings: decision 235); Dashboard only for those who see it (a resident's would land on Announcements). */
const EVERYONE_NAV = ['Announcements', 'Requests', 'Documents', 'Compliance', 'Dues', 'Meetings'];

describe('visitors (not signed in)', () => {
  it('are sent to /login from every signed-in route, / included', async () => {
    const page = await freshPage();
    for (const path of ['/', '/dashboard', '/announcements/abc', '/requests/create', '/requests/abc', '/requests/abc/messages', '/profile', '/users', '/addresses', '/stripe-setup', '/plan-selection', '/violations']) {
      await expectLanding(page, path, '/login', 'Sign in to your account', { load: true });
    }
  });

  it('may open the public and open routes', async () => {
    const page = await freshPage();
    await expectLanding(page, '/forgot-password', '/forgot-password', 'Forgot Password', { load: true });
    await expectLanding(page, '/support', '/support', 'Support Center', { load: true });
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: 'New HOA? Start your free trial' }).click();
    await waitForPath(page, '/signup');
  });

  it('see the 404 page for any other path, with a link to the dashboard', async () => {
    const page = await freshPage();
    await expectLanding(page, '/no/such/page', '/no/such/page', 'Page not found', { load: true });
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await waitForPath(page, '/login');
  });
});

describe('resident', () => {
  it('is sent from the dashboard to /announcements and kept out of board and superadmin routes', async () => {
    const page = await freshPage();
    await signInAs(page, e2e.server, DEMO.maple.resident);
    await waitForPath(page, '/announcements');
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    expect(await navEntries(page)).toEqual(EVERYONE_NAV);

    await expectLanding(page, '/', '/announcements', 'Announcements', { load: true });
    await expectLanding(page, '/users', '/announcements', 'Announcements', { load: true });
    // Insufficient role goes to /dashboard, which sends a resident on to /announcements.
    for (const path of ['/users', '/addresses', '/compliance/create', '/stripe-setup', '/plan-selection', '/announcements/a1/edit']) {
      await expectLanding(page, path, '/announcements', 'Announcements');
    }
    // The create screens of announcements and dues send others back to their list.
    await expectLanding(page, '/announcements/create', '/announcements', 'Announcements');
    await expectLanding(page, '/dues/create', '/dues');
    // Public routes send signed-in visitors to the dashboard; /support stays open.
    await expectLanding(page, '/login', '/announcements', 'Announcements');
    await expectLanding(page, '/signup', '/announcements', 'Announcements');
    await expectLanding(page, '/support', '/support', 'Support Center');
    // Signed-in routes of any role.
    await expectLanding(page, '/requests', '/requests');
    await page.getByText('View and manage your requests to the HOA').waitFor();
    // Everyone files requests.
    await expectLanding(page, '/requests/create', '/requests/create', 'Create Request');
    await expectLanding(page, '/violations', '/violations');
    const compliance = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compliance' });
    await expect(compliance.getAttribute('aria-current')).resolves.toBe('page');
    await expectLanding(page, '/nowhere', '/nowhere', 'Page not found');
  });
});

describe('board', () => {
  it('reaches the board routes but not the superadmin ones', async () => {
    const page = await freshPage();
    await signInAs(page, e2e.server, DEMO.maple.board);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await navEntries(page)).toEqual(['Dashboard', ...EVERYONE_NAV, 'Users', 'Addresses']);

    await expectLanding(page, '/users', '/users', 'User Management');
    await expectLanding(page, '/addresses', '/addresses', 'Address Directory');
    await expectLanding(page, '/announcements/create', '/announcements/create', 'Create Announcement');
    await expectLanding(page, '/dues/create', '/dues/create');
    await expectLanding(page, '/compliance/create', '/compliance/create');
    await expectLanding(page, '/stripe-setup', '/dashboard', 'Dashboard');
    await expectLanding(page, '/plan-selection', '/dashboard', 'Dashboard', { load: true });
    await expectLanding(page, '/requests', '/requests');
    await page.getByText('Manage requests from residents').waitFor();
  });
});

describe('a screen opened right after sign-in', () => {
  // The first screen's chunk arrives, and before its render commits the user is already on the way to
  // another screen whose chunk is not in: that one must still show. The guard once set a flag on the
  // first arrival, and React skipped the second arrival's render, leaving the splash for good (2 to 3
  // times in 6 on a CPU four times slower, opening Documents 100–200 ms after leaving /login). The
  // moment is a race, so the story runs it at several delays.
  it.each([0, 15, 30, 45])("shows Documents opened %i ms after the Dashboard's chunk came on a slow CPU, never the splash for good", async (delay) => {
    const page = await freshPage();
    await page.goto('/login');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const dashboardChunk = page.waitForResponse((r) => /\/DashboardPage-[^/]+\.js$/.test(r.url()));
    await fillSignIn(page, e2e.server, DEMO.maple.board);
    await dashboardChunk;
    await page.waitForTimeout(delay);
    await goInApp(page, '/documents');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).waitFor();
  });
});

describe('superadmin', () => {
  it('passes every role check, and client-side navigation keeps the session', async () => {
    const page = await freshPage();
    await signInAs(page, e2e.server, DEMO.cedar.superadmin);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // /plan-selection is not walked: it leaves for the billing portal as soon as it opens.
    await expectLanding(page, '/stripe-setup', '/stripe-setup');
    await expectLanding(page, '/users', '/users', 'User Management');

    // In-app navigation through the top navigation and the profile menu.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await waitForPath(page, '/documents');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await waitForPath(page, '/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Carl Owner' }).waitFor();
    await expect.poll(() => page.title()).toBe('Profile · HOA Manager');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await waitForPath(page, '/support');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
  });

  it('uses the phone menu for navigation at 375 px', async () => {
    const page = await freshPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, e2e.server, DEMO.cedar.superadmin);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Addresses' }).click();
    await waitForPath(page, '/addresses');
    await page.getByRole('heading', { level: 1, name: 'Address Directory' }).waitFor();
  });
});
