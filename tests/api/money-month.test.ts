/**
 * One month of dues, end to end on the local provider, checked against figures worked out by hand
 * (the month, who pays how and the figures: tests/helpers/money-month.ts). The in-process app's clock
 * moves through the month; the same month in Chromium is tests/e2e/money-month.e2e.test.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, hoas, invoices, users } from '../../schema/tables';
import { runAutopay } from '../../worker/domain/autopay';
import { addLateFees, markOverdueInvoices } from '../../worker/domain/invoices';
import { ledgerInvariant } from '../../worker/domain/ledger/invariant';
import { receiveWebhook } from '../../worker/domain/payments/webhooks';
import { BANK_SETTLE_DELAY_S } from '../../worker/services/payments/bank-accounts';
import type { LocalPayments } from '../../worker/services/payments/local';
import { TEST_BANK } from '../../worker/services/payments/local-autopay';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, socketEnv } from '../helpers/http';
import { addMonthResidents, DAY, MONTH, monthActions, one, owedAtMonthEnd, pick, residentName, type Resident } from '../helpers/money-month';

let t: TestApp;
let local: LocalPayments;
let maple: string;
let board: string;
let people: Resident[];
let act: ReturnType<typeof monthActions>;

beforeEach(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
  local.connect((body, signature) => receiveWebhook(t.deps, body, signature));
  [{ id: maple }] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  board = (await login(t, DEMO.maple.board)).token;
  people = await addMonthResidents(t, maple, t.clock(), (rows) => t.write((tx) => tx.insert(users).values(rows)));
  act = monthActions(t, t.deps.database.db, settle);
});
afterEach(async () => {
  await settle();
  await t.close();
});

async function settle() {
  await local.flush();
  await t.drainBackground();
  await local.flush();
  await t.drainBackground();
}
const range = (from: number, to: number) => people.filter((p) => p.n >= from && p.n <= to);

/** Days pass: the sessions of before have expired, so everyone signs in again. */
async function passDays(n: number) {
  t.clock.advance(n * DAY);
  for (const p of people) p.token = (await login(t, p.email)).token;
  board = (await login(t, DEMO.maple.board)).token;
}

describe('a month of dues for 20 residents', () => {
  it('ends with every balance, receipt, mail and export as worked out by hand', async () => {
    // Before the due: autopay set up by 1–8 (8's bank account has no money behind it).
    for (const p of pick(people, ...MONTH.autopayCard)) await act.autopayWith(p, 'card');
    for (const p of pick(people, ...MONTH.autopayBank)) await act.autopayWith(p, 'us_bank_account', TEST_BANK.success);
    await act.autopayWith(one(people, MONTH.autopayBankFails), 'us_bank_account', TEST_BANK.noAccount);

    await act.issueDue(board, people, t.clock());
    const issued = await t.deps.database.db.select().from(invoices).where(inArray(invoices.recipientId, people.map((p) => p.id)));
    expect(issued).toHaveLength(20);
    for (const p of people) expect(await act.mailsTo(p, 'invoice-issued')).toHaveLength(1);
    const receiptsBefore = (await t.deps.database.db.select({ n: hoas.receiptSeq }).from(hoas).where(eq(hoas.id, maple)))[0].n;

    // The first days: 9–16 pay through Checkout (13–16 by bank: Processing until the bank answers), 17–18 by check.
    for (const p of pick(people, ...MONTH.checkoutCard)) await act.checkout(p, 'card');
    for (const p of pick(people, ...MONTH.checkoutBank)) await act.checkout(p, 'bank');
    for (const p of pick(people, ...MONTH.checkoutBank)) expect(await act.invoiceOf(p)).toMatchObject({ status: 'pending', processingSince: expect.any(Number) });
    for (const p of pick(people, ...MONTH.check)) await act.markPaidByCheck(board, p);
    t.clock.advance(BANK_SETTLE_DELAY_S * 1000);
    expect(await local.bank.releaseBankPayments()).toBe(4);
    await settle();

    // The due date: autopay charges 1–8 once; 8's debit fails, 8 is told why and pays by card by hand.
    await passDays(MONTH.dueInDays);
    for (let i = 0; i < 2; i++) {
      await runAutopay(t.deps);
      await settle();
    }
    const eight = one(people, MONTH.autopayBankFails);
    expect(await act.mailsTo(eight, 'autopay-failed')).toHaveLength(1);
    expect(await act.invoiceOf(eight)).toMatchObject({ status: 'pending' });
    await act.checkout(eight, 'card');

    // Past the grace days: 19 and 20 are overdue with the fee (once, however often the jobs run).
    await passDays(MONTH.graceDays + 1);
    for (let i = 0; i < 2; i++) {
      await markOverdueInvoices(t.deps);
      await addLateFees(t.deps);
    }
    for (const p of pick(people, ...MONTH.unpaid)) expect(await act.invoiceOf(p)).toMatchObject({ status: 'overdue', lateFeeCents: MONTH.feeCents });
    for (const p of range(1, 18)) expect(await act.invoiceOf(p)).toMatchObject({ status: 'paid', lateFeeCents: 0 });

    // 19 asks for a waiver from the fee's line; the board grants it.
    const asked = await act.askWaiverOfFee(one(people, MONTH.waived), 'I was in hospital; could the fee be waived?');
    const granted = await call(t, 'PUT', `/api/ledger-questions/${asked}/status`, { token: board, body: { status: 'granted', reason: 'First late payment in five years' } });
    expect(granted.status).toBe(200);
    await settle();

    // Balances as worked out by hand, in the words residents read.
    for (const p of people) {
      const owed = owedAtMonthEnd(p.n);
      expect(await act.statement(board, p)).toMatchObject(owed ? { balance_cents: owed } : { balance_cents: 0, balance_text: `${residentName(p.n)} is paid up` });
    }
    expect((await call(t, 'GET', '/api/ledger', { token: one(people, 20).token })).json.balance_text).toBe('You owe $175.00');

    // The lines: 20 charges, 18 payments (each with its method), 2 fees, 1 waiver; receipts numbered in a row.
    await act.expectLinesByHand(people, receiptsBefore);

    // Mails: one receipt per payer, none to 19 and 20; one autopay failure, to 8.
    for (const p of range(1, 18)) expect(await act.mailsTo(p, 'payment-receipt')).toHaveLength(1);
    for (const p of pick(people, ...MONTH.unpaid)) expect(await act.mailsTo(p, 'payment-receipt')).toEqual([]);
    expect(await t.deps.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'autopay-failed'), inArray(emailOutbox.toEmail, people.map((p) => p.email))))).toHaveLength(1);

    // The board's collections and exports say the same.
    const collections = (await call(t, 'GET', '/api/ledger/collections', { token: board })).json;
    const ours = collections.delinquent.filter((d: { resident: { _id: string } }) => people.some((p) => p.id === d.resident._id));
    expect(ours.map((d: { resident: { email: string }; balance_cents: number }) => [d.resident.email, d.balance_cents])).toEqual([
      [one(people, 20).email, owedAtMonthEnd(20)],
      [one(people, 19).email, owedAtMonthEnd(19)],
    ]);
    const exported = await t.app.request('http://localhost:8787/api/ledger/export/payments.csv', { headers: { authorization: `Bearer ${board}` } }, socketEnv());
    expect(exported.status).toBe(200);
    const rows = (await exported.text()).split('\r\n').filter((r) => people.some((p) => r.includes(p.email)));
    expect(rows).toHaveLength(MONTH.lines.payment);
    expect(rows.every((r) => r.includes('150.00'))).toBe(true);

    // And the ledger's invariant holds for the whole HOA.
    expect((await ledgerInvariant(t.deps.database.db, maple)).differences).toEqual([]);
  });
});
