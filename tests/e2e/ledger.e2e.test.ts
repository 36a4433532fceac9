/**
 * The statement of account end to end. The Cedar Park resident opens My Account from the account
 * menu, reads the balance sentence and the lines the server has, opens a payment's receipt, downloads
 * the CSV (the same text the server's CSV gives), and reads the statement again after a reload with
 * no network. A Maple Grove board member opens a resident's statement from /users.
 * Screenshots at 1280 and 375 px (tests/e2e/screenshots/ledger-*).
 */
import { describe, expect, it } from 'vitest';
import { changesOnDevice, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPage, openPageWithServiceWorker, scriptsRequested, signInAs, snapFromTop as snap, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { choose } from './pages/controls';
import { peoplePages } from './pages/people';
import { memberByEmail, serverStatement, statementPage } from './pages/ledger';

const e2e = e2eSuite();
const CSV_HEADER = 'Date,Type,Description,Receipt,Method,Amount,Balance';

describe('statement of account', () => {
  it('a resident reads their statement, a receipt and the CSV, also offline', { timeout: 180_000 }, async () => {
    const server = await serverStatement(e2e.server, DEMO.cedar.resident);
    expect(server.lines.length).toBeGreaterThan(0);
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.cedar.resident);
      const scripts = scriptsRequested(page);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'My Account' }).click();
      await waitForPath(page, '/account');
      const statement = statementPage(page);
      await statement.heading('My Account').waitFor();
      await expect.poll(() => statement.balance.textContent(), { timeout: 20_000 }).toBe(server.balance_text);
      await expect.poll(() => statement.lineRows.count()).toBe(server.lines.length);
      for (const line of server.lines) await page.getByText(line.description, { exact: true }).first().waitFor();
      // Nothing on the statement shows rich text: its chunk (and the sanitizer's set-up) is not loaded.
      expect(scripts.filter((s) => s.startsWith('/assets/StatementPage-'))).toHaveLength(1);
      expect(scripts.filter((s) => /\/assets\/RichText-/.test(s))).toEqual([]);
      await snap(page, 'ledger-statement');
      await expectNoSeriousAxe(page);

      // One year: the balance carried in leads its table.
      const year = new Date(Date.now()).getUTCFullYear();
      await choose(page.getByLabel('Year'), String(year));
      await page.getByText('Opening balance').waitFor();
      await choose(page.getByLabel('Year'), 'All years');
      // All years: only the years after the first open with the balance they carry in.
      await expect.poll(() => page.getByText('Opening balance').count()).toBe(server.years.length - 1);

      // Printed: the statement without the navigation and the buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Download CSV' }).isVisible()).toBe(false);
      await statement.balance.waitFor();
      await snap(page, 'ledger-statement-print');
      await page.emulateMedia({ media: 'screen' });

      // The CSV is built in the browser from the cache, and says what the server's does.
      const csv = await statement.downloadCsv();
      expect(csv.name).toBe('statement.csv');
      expect(csv.text.split('\r\n')[0]).toBe(CSV_HEADER);
      expect(csv.text).toBe(server.csv);

      // A payment's receipt.
      const receipt = server.lines.find((l) => l.receipt)!;
      expect(receipt).toBeTruthy();
      await statement.receiptLinks.filter({ hasText: receipt.receipt! }).click();
      await waitForPath(page, `/receipts/${receipt._id}`);
      await page.getByRole('heading', { level: 1, name: `Receipt ${receipt.receipt}` }).waitFor();
      await page.getByText('Payment received').waitFor();
      await page.locator(`a[href="/invoices/${receipt.invoice_id}"]`).waitFor();
      await snap(page, 'ledger-receipt');
      await expectNoSeriousAxe(page);

      // Offline: no API, no network; the reload is served by the service worker, the lines by the cache.
      await page.getByRole('link', { name: 'My Account' }).first().click();
      await statement.balance.waitFor();
      await waitForServiceWorker(page);
      await goOffline(context, e2e.server);
      await page.route('/api/**', (route) => route.abort('internetdisconnected'));
      await changesOnDevice(page);
      await page.reload();
      await expect.poll(() => statement.balance.textContent(), { timeout: 20_000 }).toBe(server.balance_text);
      await expect.poll(() => statement.lineRows.count()).toBe(server.lines.length);
      const offlineCsv = await statement.downloadCsv();
      expect(offlineCsv.text).toBe(server.csv);
      await statement.receiptLinks.filter({ hasText: receipt.receipt! }).click();
      await page.getByRole('heading', { level: 1, name: `Receipt ${receipt.receipt}` }).waitFor();
      expectNoPageErrors(errors);
    } finally {
      // The server's network is the suite's: give it back to the next story.
      await goOnline(context, e2e.server);
      await context.close();
    }
  });

  it('a board member opens a resident’s statement from /users', { timeout: 120_000 }, async () => {
    const member = await memberByEmail(e2e.server, DEMO.maple.board, DEMO.maple.resident);
    const server = await serverStatement(e2e.server, DEMO.maple.board, member._id);
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      const people = peoplePages(page);
      await people.openUsers();
      await people.loadAllUsers();
      await page.getByRole('link', { name: `Statement of ${member.name}` }).filter({ visible: true }).first().click();
      await waitForPath(page, `/account/${member._id}`);
      const statement = statementPage(page);
      await statement.heading(`${member.name}’s Account`).waitFor();
      await expect.poll(() => statement.balance.textContent(), { timeout: 20_000 }).toBe(server.balance_text);
      expect(server.balance_text.startsWith(member.name)).toBe(true);
      await expect.poll(() => statement.lineRows.count()).toBe(server.lines.length);
      await snap(page, 'ledger-board-statement');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('a resident who opens another member’s statement is sent to their own', { timeout: 60_000 }, async () => {
    const member = await memberByEmail(e2e.server, DEMO.maple.board, DEMO.maple.resident2);
    const { context, page } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      await goInApp(page, `/account/${member._id}`);
      await waitForPath(page, '/account');
      await statementPage(page).heading('My Account').waitFor();
    } finally {
      await context.close();
    }
  });
});
