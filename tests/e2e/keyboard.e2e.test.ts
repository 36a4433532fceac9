/**
 * Keyboard-only stories: a user who never touches the mouse signs in, creates a maintenance request,
 * sends an announcement and pays an invoice. Every focus stop shows its ring and is not hidden under
 * the sticky navigation; a dialog keeps the focus and gives it back to the button that opened it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clearRateLimits, DEMO, DEMO_PASSWORD, e2eSuite, pagePerTest } from '../helpers/browser';
import { KeyboardUser } from './pages/keyboard';

const e2e = e2eSuite();
let page: Page;
pagePerTest(e2e, (p) => (page = p));

/** Signs in from /login with the keyboard alone; returns the user, on the first screen after sign-in. */
async function signIn(email: string): Promise<KeyboardUser> {
  await clearRateLimits(e2e.server);
  const user = new KeyboardUser(page);
  await page.goto('/login');
  await user.fill(page.getByLabel('Email'), email);
  await user.fill(page.getByLabel('Password', { exact: true }), DEMO_PASSWORD);
  await user.press('Enter');
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.getByRole('heading', { level: 1 }).waitFor();
  return user;
}

/** Follows the main navigation's entry `name` with Tab and Enter. */
async function openFromNavigation(user: KeyboardUser, name: string) {
  await user.follow(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }), name);
}

describe('keyboard only', () => {
  it('a resident signs in and creates a maintenance request', async () => {
    const user = await signIn(DEMO.maple.resident);
    await openFromNavigation(user, 'Requests');
    await user.follow(page.getByRole('link', { name: 'Create Request' }), 'Create Request');

    await user.fill(page.getByLabel('Title'), 'Porch light flickers');
    await user.chooseOption(page.getByRole('button', { name: /Category/ }));
    await user.fill(page.getByRole('textbox', { name: 'Description' }), 'The light by the front door flickers at night.');
    await user.tabTo(page.getByRole('button', { name: 'Create Request' }));
    await user.press('Enter');
    await page.waitForURL((u) => u.pathname === '/requests', { timeout: 15_000 });
    await page.getByText('Porch light flickers').first().waitFor();
  });

  it('the board drafts an announcement and sends it; the Send dialog keeps the focus and gives it back', async () => {
    const user = await signIn(DEMO.maple.board);
    await openFromNavigation(user, 'Announcements');
    await user.follow(page.getByRole('link', { name: 'Create Announcement' }), 'Create Announcement');
    await user.fill(page.getByLabel('Title'), 'Pool opens Saturday');
    await user.fill(page.getByRole('textbox', { name: 'Message' }), 'The pool opens at 9 on Saturday.');
    await user.tabTo(page.getByRole('button', { name: 'Create Draft' }));
    await user.press('Enter');
    await page.waitForURL((u) => u.pathname === '/announcements');

    await user.follow(page.getByRole('link', { name: 'View Pool opens Saturday' }), 'Pool opens Saturday');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await user.tabTo(send);
    await user.press('Enter');
    await user.expectDialogTrapsAndReturns(send);

    await user.press('Enter');
    const dialog = page.getByRole('dialog');
    await user.tabTo(dialog.getByRole('button', { name: 'Send', exact: true }));
    await user.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => send.count(), { timeout: 15_000 }).toBe(0);
  });
});


describe('keyboard only, paying', () => {
  it('a resident pays an invoice on the local Checkout', async () => {
    const rs = await e2e.server.db.execute({
      sql: "SELECT i.id FROM invoices i JOIN users u ON u.id = i.recipient_id WHERE u.email = ? AND i.status IN ('pending', 'overdue') ORDER BY i.due_date LIMIT 1",
      args: [DEMO.maple.resident],
    });
    const invoiceId = String(rs.rows[0].id);
    const user = await signIn(DEMO.maple.resident);
    await openFromNavigation(user, 'Dues');
    // The tabs are one stop (the chosen one); the arrows move between them.
    await user.tabTo(page.getByRole('tab', { name: 'Dues' }));
    await user.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'My Invoices' }).getAttribute('aria-selected')).toBe('true');
    await user.tabTo(page.locator(`main a[href="/invoices/${invoiceId}"]:visible`));
    await user.press('Enter');
    await user.tabTo(page.getByRole('button', { name: /^Pay (Invoice|Now)$/ }));
    await user.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/dev/pay/checkout/'));

    await user.fill(page.getByLabel('Card number'), '4242 4242 4242 4242');
    await user.fill(page.getByLabel('Expiry'), '12 / 34');
    await user.fill(page.getByLabel('CVC'), '123');
    await user.tabTo(page.getByRole('button', { name: /^Pay / }));
    await user.press('Enter');
    await page.waitForURL((u) => u.pathname === `/invoices/${invoiceId}` && u.searchParams.get('payment') === 'success', { timeout: 15_000 });
  });
});
