/**
 * One month of dues in Chromium, for the 20 residents of tests/helpers/money-month.ts, checked against
 * the figures worked out there by hand. What a person does on a screen is done in the browser: the
 * board issues the due, marks a check paid, grants a waiver, reads Collections and exports the
 * payments; residents turn autopay on, pay through Checkout by card and by bank account, ask for a
 * waiver from the fee's line, read a receipt, and read the statement again offline after a reload.
 * The other residents do the same through the API, as their own browsers would. The month passes by
 * moving the due's dates into the past and running the jobs the server runs each day.
 */
import { readFile } from 'node:fs/promises';
import { eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../../schema/invoices';
import { hoas, invoices, users } from '../../schema/tables';
import { runAutopay } from '../../worker/domain/autopay';
import { addLateFees, markOverdueInvoices } from '../../worker/domain/invoices';
import { ledgerInvariant } from '../../worker/domain/ledger/invariant';
import { TEST_BANK as CHECKOUT_BANK } from '../../worker/services/payments/bank-accounts';
import type { LocalPayments } from '../../worker/services/payments/local';
import { TEST_BANK } from '../../worker/services/payments/local-autopay';
import { appOverHttp, DEMO } from '../helpers/http';
import { apiToken, clearRateLimits, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, openPage, openPageWithServiceWorker, showsBriefly, signInAs, snapFromTop, waitForServiceWorker } from '../helpers/browser';
import { addMonthResidents, DAY, MONTH, monthActions, one, owedAtMonthEnd, pick, type Resident } from '../helpers/money-month';
import { autopayScreen } from './pages/autopay';
import { localBankCheckout, paymentPanel } from './pages/bank-payment';
import { collectionsTab } from './pages/collections';
import { dueForm, invoiceDetail } from './pages/dues';
import { answerQuestion, setFixedLateFee } from './pages/late-fees';
import { askAboutLine, statementPage } from './pages/ledger';

const e2e = e2eSuite();
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

let people: Resident[];
let act: ReturnType<typeof monthActions>;
let local: LocalPayments;
let receiptsBefore: number;
/** The board member's browser, open for the whole month. */
let board: { context: BrowserContext; page: Page; errors: string[] };

async function settle() {
  for (let i = 0; i < 2; i++) {
    await local.flush();
    await e2e.server.drainBackground();
  }
}

/** A resident's own browser, signed in. */
async function residentBrowser(p: Resident, open = openPage) {
  const opened = await open(e2e.browser, e2e.server);
  await signInAs(opened.page, e2e.server, p.email);
  return opened;
}

/** Days pass: the month's invoices were sent, and fall due, that many days earlier. */
async function passDays(n: number) {
  const ids = (await e2e.server.deps.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.title, MONTH.title))).map((r) => r.id);
  await e2e.server.deps.database.transaction((tx) =>
    tx.update(invoices).set({ dueDate: sqlMinus(invoices.dueDate, n), sentAt: sqlMinus(invoices.sentAt, n) }).where(inArray(invoices.id, ids)),
  );
}
const sqlMinus = (column: AnyColumn, days: number) => sql`${column} - ${sql.raw(String(days * DAY))}`;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  local = e2e.server.deps.payments as LocalPayments;
  const [maple] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  await clearRateLimits(e2e.server);
  const t = appOverHttp(e2e.server.url);
  people = await addMonthResidents(t, maple.id, e2e.server.deps.clock(), (rows) => e2e.server.deps.database.transaction((tx) => tx.insert(users).values(rows)));
  act = monthActions(t, db, settle);
  receiptsBefore = (await db.select({ n: hoas.receiptSeq }).from(hoas).where(eq(hoas.id, maple.id)))[0].n;
  board = await openPage(e2e.browser, e2e.server);
  await signInAs(board.page, e2e.server, DEMO.maple.board);
}, 120_000);
afterAll(async () => {
  await board?.context.close();
});

describe('a month of dues for 20 residents, in the browser', () => {
  it('before the due: resident 1 turns autopay on with a card in the browser; 2–8 do it through the API', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await residentBrowser(one(people, 1));
    const screen = autopayScreen(page);
    await screen.open();
    await screen.addCard('4242 4242 4242 4242');
    await screen.press('Turn on autopay', 'Autopay is on.');
    await context.close();
    expectNoPageErrors(errors);

    for (const p of pick(people, ...MONTH.autopayCard.slice(1))) await act.autopayWith(p, 'card');
    for (const p of pick(people, ...MONTH.autopayBank)) await act.autopayWith(p, 'us_bank_account', TEST_BANK.success);
    await act.autopayWith(one(people, MONTH.autopayBankFails), 'us_bank_account', TEST_BANK.noAccount);
  });

  it('the board issues a $150.00 due with a $25.00 late fee to the 20 from Create Due', { timeout: 120_000 }, async () => {
    const { page } = board;
    await page.goto('/dues/create');
    const form = dueForm(page);
    await form.title.fill(MONTH.title);
    await form.amount.fill(String(MONTH.dueCents / 100));
    await page.getByRole('spinbutton', { name: /^Due Date Offset/ }).fill(String(MONTH.dueInDays));
    await setFixedLateFee(page, String(MONTH.feeCents / 100), String(MONTH.graceDays));
    await form.chooseAllMatching('Month Resident', 20);
    await showsBriefly(page, 'Due created successfully!', () => form.submit.click());
    await expect.poll(async () => (await e2e.server.deps.database.db.select().from(invoices).where(eq(invoices.title, MONTH.title))).length, { timeout: 20_000 }).toBe(20);
    await settle();
    for (const p of people) expect(await act.mailsTo(p, 'invoice-issued')).toHaveLength(1);
  });

  it('the first days: 9 pays by card and 13 by bank account through Checkout in the browser, the board marks 17’s check paid', { timeout: 180_000 }, async () => {
    const nine = await residentBrowser(one(people, 9));
    await nine.page.goto(`/invoices/${(await act.invoiceOf(one(people, 9))).id}`);
    await paymentPanel(nine.page).pay();
    await nine.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await nine.page.getByLabel('Expiry').fill('12 / 34');
    await nine.page.getByLabel('CVC').fill('123');
    await nine.page.getByRole('button', { name: /^Pay / }).click();
    await nine.page.getByText(INVOICE_MESSAGES.paid).first().waitFor({ timeout: 20_000 });
    await nine.context.close();

    const thirteen = await residentBrowser(one(people, 13));
    await thirteen.page.goto(`/invoices/${(await act.invoiceOf(one(people, 13))).id}`);
    await paymentPanel(thirteen.page).pay();
    await localBankCheckout(thirteen.page).payFrom(CHECKOUT_BANK.succeeds);
    await thirteen.page.getByText(INVOICE_MESSAGES.processingNote).waitFor({ timeout: 20_000 });
    await thirteen.context.close();

    for (const p of pick(people, ...MONTH.checkoutCard.slice(1))) await act.checkout(p, 'card');
    for (const p of pick(people, ...MONTH.checkoutBank.slice(1))) await act.checkout(p, 'bank');
    for (const p of pick(people, ...MONTH.checkoutBank)) expect(await act.invoiceOf(p)).toMatchObject({ status: 'pending', processingSince: expect.any(Number) });

    await goInApp(board.page, `/invoices/${(await act.invoiceOf(one(people, 17))).id}`);
    await board.page.getByRole('heading', { name: 'Payment' }).waitFor();
    await invoiceDetail(board.page).markPaid('Check');
    await act.markPaidByCheck(await apiToken(e2e.server, DEMO.maple.board), one(people, 18));
    await expect.poll(async () => (await act.invoiceOf(one(people, 17))).status).toBe('paid');

    // The bank answers for 13–16.
    expect(await local.releaseBankPayments({ all: true })).toBe(4);
    await settle();
    for (const p of pick(people, ...MONTH.checkoutBank)) expect(await act.invoiceOf(p)).toMatchObject({ status: 'paid' });
    expect(nine.errors.concat(thirteen.errors)).toEqual([]);
  });

  it('the due date: autopay charges 1–8 once; 8’s debit fails, 8 is told why and pays by hand', { timeout: 120_000 }, async () => {
    await passDays(MONTH.dueInDays);
    for (let i = 0; i < 2; i++) {
      await runAutopay(e2e.server.deps);
      await settle();
    }
    await local.releaseBankPayments({ all: true });
    await settle();
    const eight = one(people, MONTH.autopayBankFails);
    expect(await act.mailsTo(eight, 'autopay-failed')).toHaveLength(1);
    expect(await act.invoiceOf(eight)).toMatchObject({ status: 'pending' });
    await act.checkout(eight, 'card');
    for (const p of people.slice(0, 18)) expect(await act.invoiceOf(p)).toMatchObject({ status: 'paid' });
  });

  it('past the grace days: 19 and 20 get the fee once; 19 asks for a waiver from the fee’s line; the board grants it', { timeout: 180_000 }, async () => {
    await passDays(MONTH.graceDays + 1);
    for (let i = 0; i < 2; i++) {
      await markOverdueInvoices(e2e.server.deps);
      await addLateFees(e2e.server.deps);
    }
    for (const p of pick(people, ...MONTH.unpaid)) expect(await act.invoiceOf(p)).toMatchObject({ status: 'overdue', lateFeeCents: MONTH.feeCents });

    const nineteen = await residentBrowser(one(people, MONTH.waived));
    const statement = statementPage(nineteen.page);
    await statement.open();
    await expect.poll(() => statement.balance.textContent(), { timeout: 20_000 }).toBe(`You owe ${usd(MONTH.dueCents + MONTH.feeCents)}`);
    await askAboutLine(nineteen.page, `Late fee: ${MONTH.title}`, 'Waiver request', 'I was in hospital; could the fee be waived?');

    await goInApp(board.page, '/questions');
    await board.page.getByText(`Waiver request: Late fee: ${MONTH.title}`).first().waitFor({ timeout: 20_000 });
    await board.page.getByRole('link', { name: /^View/ }).first().click();
    await board.page.getByText('I was in hospital; could the fee be waived?').waitFor();
    await answerQuestion(board.page, 'Grant and Waive Fee', 'First late payment in five years', 'Grant');
    await board.page.getByText('Granted: First late payment in five years').waitFor();
    await settle();

    await statement.open();
    await expect.poll(() => statement.balance.textContent(), { timeout: 20_000 }).toBe(`You owe ${usd(MONTH.dueCents)}`);
    await nineteen.context.close();
    expectNoPageErrors(nineteen.errors);
  });

  it('month end: every balance, line, receipt and mail as worked out by hand', async () => {
    const boardToken = await apiToken(e2e.server, DEMO.maple.board);
    for (const p of people) expect((await act.statement(boardToken, p)).balance_cents).toBe(owedAtMonthEnd(p.n));
    await act.expectLinesByHand(people, receiptsBefore);
    for (const p of people.slice(0, 18)) expect(await act.mailsTo(p, 'payment-receipt')).toHaveLength(1);
    for (const p of pick(people, ...MONTH.unpaid)) expect(await act.mailsTo(p, 'payment-receipt')).toEqual([]);
    const maple = (await e2e.server.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA')))[0].id;
    expect((await ledgerInvariant(e2e.server.deps.database.db, maple)).differences).toEqual([]);
  });

  it('the board reads Collections and exports the payments: 19 and 20 owe, 18 payments of $150.00', { timeout: 120_000 }, async () => {
    const { page } = board;
    await goInApp(page, '/dues');
    const tab = collectionsTab(page);
    await tab.open();
    for (const n of MONTH.unpaid) {
      const row = tab.delinquent.getByRole('row').filter({ hasText: one(people, n).name });
      await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(usd(owedAtMonthEnd(n)));
    }
    await expectNoSeriousAxe(page);
    await snapFromTop(page, 'money-month-collections');
    const [download] = await Promise.all([page.waitForEvent('download'), tab.exportButton('payments').click()]);
    const rows = (await readFile((await download.path())!, 'utf8')).split('\r\n').filter((r) => people.some((p) => r.includes(p.email)));
    expect(rows).toHaveLength(MONTH.lines.payment);
    expect(rows.every((r) => r.includes('150.00'))).toBe(true);
    expectNoPageErrors(board.errors);
  });

  it('a resident reads a receipt, and 20 reads the statement offline after a reload', { timeout: 180_000 }, async () => {
    const nine = await residentBrowser(one(people, 9));
    const statement9 = statementPage(nine.page);
    await statement9.open();
    await expect.poll(() => statement9.balance.textContent(), { timeout: 20_000 }).toBe('You are paid up');
    await statement9.receiptLinks.first().click();
    await nine.page.getByText('Visa •••• 4242').first().waitFor();
    await nine.page.getByText('Maple Grove HOA').first().waitFor();
    await snapFromTop(nine.page, 'money-month-receipt');
    await nine.context.close();

    const twenty = await residentBrowser(one(people, 20), openPageWithServiceWorker);
    const statement = statementPage(twenty.page);
    await statement.open();
    await expect.poll(() => statement.balance.textContent(), { timeout: 20_000 }).toBe(`You owe ${usd(owedAtMonthEnd(20))}`);
    await expect.poll(() => statement.lineRows.count()).toBe(2);
    await waitForServiceWorker(twenty.page);
    await goOffline(twenty.context, e2e.server);
    try {
      await twenty.page.reload();
      await statement.balance.waitFor({ timeout: 20_000 });
      expect(await statement.balance.textContent()).toBe(`You owe ${usd(owedAtMonthEnd(20))}`);
      await twenty.page.getByText(`Late fee: ${MONTH.title}`).first().waitFor();
      await snapFromTop(twenty.page, 'money-month-statement-offline');
    } finally {
      e2e.server.setNetwork(true);
    }
    await twenty.context.close();
    expect(nine.errors.concat(twenty.errors)).toEqual([]);
  });
});
