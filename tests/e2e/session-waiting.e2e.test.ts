/**
 * A session and the changes waiting in it. A refresh answer that never reached the
 * browser does not sign the resident out; a session the server ended while changes waited sends the
 * resident to the sign-in screen, which says so; signing in again as that resident sends them, and
 * signing in as someone else discards them only after asking. Signing out with changes waiting asks too.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changesOnDevice, DEMO, DEMO_PASSWORD, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, fillSignIn, goOffline, goOnline, openPage, openPageWithServiceWorker, showsBriefly, signInAs, snap, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { requestForm, requestsList, storedRequest } from './pages/requests';

const e2e = e2eSuite();

const WAITING_ONE = 'You have 1 change waiting to be sent; sign in to send it';

/** The server ends every session of `email` (as a password reset elsewhere or an admin would). */
async function revokeSessions(email: string) {
  await e2e.server.db.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)', args: [Date.now(), email] });
}

/** This user's Replicache databases in the browser profile. */
const cachesOf = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('rep:hoa-')));

/**
 * Signed in on /requests, offline, after a reload with no network (the app starts from its cache with
 * no access token), a request filed: it waits in the browser.
 */
async function fileRequestOffline(page: Page, context: BrowserContext, email: string, title: string) {
  await signInAs(page, e2e.server, email);
  const list = requestsList(page);
  await list.open();
  await waitForServiceWorker(page);
  await goOffline(context, e2e.server);
  await page.reload();
  await page.getByText('Offline — changes will sync when you reconnect').waitFor({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Create Request' }).click();
  await page.getByRole('heading', { level: 1, name: 'Create Request' }).waitFor({ timeout: 20_000 });
  const form = requestForm(page);
  await form.fill({ title, description: 'Written with no connection.' });
  await showsBriefly(page, 'Request created successfully! Redirecting...', () => form.submit.click());
  await page.getByText('1 change waiting to sync').waitFor();
  await changesOnDevice(page);
}

/** The server ends the session meanwhile; back online the refresh is refused and the sign-in screen names the change. */
async function sessionEndsOnReconnect(page: Page, context: BrowserContext, email: string) {
  await revokeSessions(email);
  await goOnline(context, e2e.server);
  await waitForPath(page, '/login');
  await page.getByText(WAITING_ONE).waitFor({ timeout: 15_000 });
}

/** Fills the sign-in form as `email` and submits it (what follows is the test's to wait for). */
async function submitSignIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('a session with changes waiting', () => {
  it('stays signed in when the answer to a refresh was lost and the page reloads', async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      await requestsList(page).open();
      // The refresh reaches the server (which rotates the token) but its answer never reaches the
      // browser: the page sees no answer and the browser keeps the old cookie (route.fetch stores
      // the answer's cookie in the context, so the old one is put back).
      const before = (await context.cookies()).filter((c) => c.name === 'hoa_refresh');
      expect(before).toHaveLength(1);
      const lost: number[] = [];
      await context.route('**/api/auth/refresh', async (route) => {
        lost.push((await route.fetch()).status());
        await context.addCookies(before);
        await route.abort('connectionreset');
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor({ timeout: 15_000 });
      expect(lost[0]).toBe(200);
      // The connection is back and the page reloads at once: the old token is presented again.
      const answers: number[] = [];
      page.on('response', (r) => void (r.url().endsWith('/api/auth/refresh') && answers.push(r.status())));
      await context.unrouteAll({ behavior: 'wait' });
      await page.reload();
      await page.waitForLoadState('load');
      await page.waitForTimeout(1_500);
      expect(new URL(page.url()).pathname).toBe('/requests');
      await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter((status) => status !== 200)).toEqual([]);
      // And the session goes on: the next refresh works too.
      expect(await page.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' })).status)).toBe(200);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('names the change waiting when the session ended, asks before another user discards it, and sends it at the same user’s sign-in', async () => {
    const title = 'Porch light flickers';
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await fileRequestOffline(page, context, DEMO.maple.resident, title);
      await sessionEndsOnReconnect(page, context, DEMO.maple.resident);
      await page.getByText(`Made while signed in as ${DEMO.maple.resident}.`).waitFor();
      expect(await storedRequest(e2e.server, title)).toBeUndefined();
      await expectNoSeriousAxe(page);
      await snap(page, 'sign-in-changes-waiting');

      // Someone else on this browser: asked first; cancelling keeps the change.
      await submitSignIn(page, DEMO.maple.resident2);
      const dialog = page.getByRole('dialog', { name: 'Discard waiting changes?' });
      await dialog.getByText('Signing in as another user discards 1 change waiting to be sent.').waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'sign-in-discard-waiting');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.getByText(WAITING_ONE).waitFor();

      // The same resident signs in again (no reload): the request reaches the server, once.
      await fillSignIn(page, e2e.server, DEMO.maple.resident);
      await expect.poll(async () => (await storedRequest(e2e.server, title))?.copies, { timeout: 20_000 }).toBe(1);
      expect((await storedRequest(e2e.server, title))!.filer).toBe(DEMO.maple.resident);
      await page.getByText(/waiting to sync/).waitFor({ state: 'detached', timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('hoa-kept-cache'))).toBeNull();
      expectNoPageErrors(errors);
    } finally {
      e2e.server.setNetwork(true);
      await context.close();
    }
  }, 120_000);

  it('asks before signing out with a change waiting, and discards it only when another user confirms', async () => {
    const title = 'Mailbox door came off';
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await fileRequestOffline(page, context, DEMO.maple.resident2, title);
      // Signing out would drop the cache with the change: asked first.
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      const signOut = page.getByRole('dialog', { name: 'Sign out with changes waiting?' });
      await signOut.getByText('You have 1 change waiting to be sent. Signing out now discards it').waitFor();
      await snap(page, 'sign-out-changes-waiting');
      await signOut.getByRole('button', { name: 'Cancel' }).click();
      await signOut.waitFor({ state: 'detached' });
      await page.getByText('1 change waiting to sync').waitFor();

      await sessionEndsOnReconnect(page, context, DEMO.maple.resident2);
      const [kept] = await cachesOf(page);
      expect(kept).toBeTruthy();

      // The board member signs in on this browser and confirms: the resident's change goes with the cache.
      await submitSignIn(page, DEMO.maple.board);
      await page.getByRole('dialog', { name: 'Discard waiting changes?' }).getByRole('button', { name: 'Discard and Sign In' }).click();
      await waitForPath(page, '/dashboard');
      await expect.poll(() => cachesOf(page), { timeout: 10_000 }).not.toContain(kept);
      expect(await storedRequest(e2e.server, title)).toBeUndefined();
      expectNoPageErrors(errors);
    } finally {
      e2e.server.setNetwork(true);
      await context.close();
    }
  }, 120_000);
});
