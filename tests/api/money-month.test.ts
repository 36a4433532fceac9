/**
 * One month of dues, end to end on the local provider, checked against figures worked out by hand.
 *
 * A $150.00 monthly due (due 10 days after it is sent, a $25.00 late fee after 3 grace days) is
 * issued to 20 new residents of Maple Grove. Residents 1–5 pay by autopay card; 6–8 by autopay bank
 * account, of which 8's account has no money behind it: the debit fails, 8 is mailed why and pays by
 * hand with a card. 9–12 pay through Checkout by card, 13–16 by bank account (Processing until the
 * bank answers). 17 and 18 hand the board a check. 19 and 20 do not pay: each gets the late fee; 19
 * asks for a waiver from the fee's line and the board grants it.
 *
 * By hand: 18 payments of $150.00 (18 receipts, numbered in a row); 19 owes $150.00, 20 owes $175.00;
 * everyone else is paid up. Ledger lines of the 20: 20 charges, 18 payments, 2 fees, 1 waiver.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, hoas, invoices, ledgerLines, users } from '../../schema/tables';
import { runAutopay } from '../../worker/domain/autopay';
import { addLateFees, markOverdueInvoices } from '../../worker/domain/invoices';
import { ledgerInvariant } from '../../worker/domain/ledger/invariant';
import { receiveWebhook } from '../../worker/domain/payments/webhooks';
import { BANK_SETTLE_DELAY_S, TEST_BANK as CHECKOUT_BANK } from '../../worker/services/payments/bank-accounts';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { TEST_BANK } from '../../worker/services/payments/local-autopay';
import { hashPassword } from '../../worker/services/passwords';
import { newId } from '../../worker/services/tokens';
import { isoDay, dayOf } from '../../schema/money';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, DEMO_PASSWORD, login, socketEnv } from '../helpers/http';

const DAY = 86_400_000;
const DUE_CENTS = 15_000;
const FEE_CENTS = 2_500;

let t: TestApp;
let local: LocalPayments;
let maple: string;
let board: string;
interface Resident {
  n: number;
  id: string;
  email: string;
  token: string;
}
let people: Resident[];

beforeEach(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
  local.connect((body, signature) => receiveWebhook(t.deps, body, signature));
  [{ id: maple }] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  board = (await login(t, DEMO.maple.board)).token;
  const hash = await hashPassword(DEMO_PASSWORD, 1_000);
  const now = t.clock();
  const rows = Array.from({ length: 20 }, (_, i) => ({
    id: newId(),
    hoaId: maple,
    name: `Month Resident ${String(i + 1).padStart(2, '0')}`,
    email: `month${i + 1}@maplegrove.test`,
    role: 'resident' as const,
    status: 'active' as const,
    passwordHash: hash,
    createdAt: now,
    updatedAt: now,
  }));
  await t.write((tx) => tx.insert(users).values(rows));
  people = [];
  for (const [i, r] of rows.entries()) people.push({ n: i + 1, id: r.id, email: r.email, token: (await login(t, r.email)).token });
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
const who = (...ns: number[]) => people.filter((p) => ns.includes(p.n));
const range = (from: number, to: number) => people.filter((p) => p.n >= from && p.n <= to);

async function page(url: string, form: Record<string, string>) {
  const res = await t.app.request(`http://localhost:8787${new URL(url, 'http://localhost:8787').pathname}`, { method: 'POST', body: new URLSearchParams(form) }, socketEnv());
  return { status: res.status, location: res.headers.get('location') };
}
const card = { number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' };

/** A saved method and autopay on the due date, as the resident does it on /autopay and the setup page. */
async function autopayWith(p: Resident, kind: 'card' | 'us_bank_account', account?: string) {
  const setup = await call(t, 'POST', '/api/autopay/methods/setup', { token: p.token, body: { kind } });
  expect(setup.status).toBe(200);
  const form = kind === 'card' ? card : { holder: p.email, routing: TEST_BANK.routing, account: account! };
  const back = await page(setup.json.url, form);
  expect(back.status).toBe(303);
  const read = await call(t, 'GET', `/api/autopay?setup=${new URL(back.location!).searchParams.get('setup')}`, { token: p.token });
  await settle();
  const [method] = read.json.methods;
  expect((await call(t, 'PUT', '/api/autopay', { token: p.token, body: { method_id: method._id, timing: 'due_date', status: 'active' } })).status).toBe(200);
}

const invoiceOf = async (p: Resident) => (await t.deps.database.db.select().from(invoices).where(eq(invoices.recipientId, p.id)))[0];

/** Pays the resident's invoice through Checkout, by card or bank account. */
async function checkout(p: Resident, how: 'card' | 'bank') {
  const inv = await invoiceOf(p);
  const pay = await call(t, 'POST', `/api/invoices/${inv.id}/pay`, { token: p.token });
  expect(pay.status).toBe(200);
  const url = new URL(pay.json.checkout_url);
  const r = how === 'card' ? await page(url.pathname, card) : await page(`${url.pathname}/bank`, { holder: p.email, routing: CHECKOUT_BANK.routing, account: CHECKOUT_BANK.succeeds });
  expect(r.status).toBe(303);
  await settle();
}

const statement = async (p: Resident) => (await call(t, 'GET', `/api/ledger?user_id=${p.id}`, { token: board })).json;
const mailsTo = (p: Resident, template: string) => t.deps.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toEmail, p.email), eq(emailOutbox.template, template)));

describe('a month of dues for 20 residents', () => {
  it('ends with every balance, receipt, mail and export as worked out by hand', async () => {
    // Before the due: autopay set up by 1–8 (8's bank account has no money behind it).
    for (const p of range(1, 5)) await autopayWith(p, 'card');
    for (const p of range(6, 7)) await autopayWith(p, 'us_bank_account', TEST_BANK.success);
    await autopayWith(who(8)[0], 'us_bank_account', TEST_BANK.noAccount);

    const due = await call(t, 'POST', '/api/dues', {
      token: board,
      body: {
        title: 'November Dues',
        frequency: 'monthly',
        recipients: people.map((p) => p.id),
        send_date: isoDay(dayOf(t.clock())),
        amount: DUE_CENTS / 100,
        reason: 'dues',
        due_date_offset: 10,
        late_fee_type: 'fixed',
        late_fee_amount: FEE_CENTS / 100,
        grace_days: 3,
      },
    });
    expect(due.status).toBe(201);
    const issued = await t.deps.database.db.select().from(invoices).where(inArray(invoices.recipientId, people.map((p) => p.id)));
    expect(issued).toHaveLength(20);
    for (const p of people) expect(await mailsTo(p, 'invoice-issued')).toHaveLength(1);
    const receiptsBefore = (await t.deps.database.db.select({ n: hoas.receiptSeq }).from(hoas).where(eq(hoas.id, maple)))[0].n;

    // The first days: 9–16 pay through Checkout (13–16 by bank: Processing until the bank answers), 17–18 by check.
    for (const p of range(9, 12)) await checkout(p, 'card');
    for (const p of range(13, 16)) await checkout(p, 'bank');
    for (const p of range(13, 16)) expect(await invoiceOf(p)).toMatchObject({ status: 'pending', processingSince: expect.any(Number) });
    for (const p of range(17, 18)) expect((await call(t, 'PUT', `/api/invoices/${(await invoiceOf(p)).id}/status`, { token: board, body: { status: 'paid', payment_method: 'check' } })).status).toBe(200);
    t.clock.advance(BANK_SETTLE_DELAY_S * 1000);
    expect(await local.bank.releaseBankPayments()).toBe(4);
    await settle();

    // The due date: autopay charges 1–8 once; 8's debit fails, 8 is told why and pays by card by hand.
    t.clock.advance(10 * DAY);
    for (const p of people) await login(t, p.email).then((s) => (p.token = s.token));
    board = (await login(t, DEMO.maple.board)).token;
    await runAutopay(t.deps);
    await settle();
    await runAutopay(t.deps);
    await settle();
    expect(await mailsTo(who(8)[0], 'autopay-failed')).toHaveLength(1);
    expect(await invoiceOf(who(8)[0])).toMatchObject({ status: 'pending' });
    await checkout(who(8)[0], 'card');

    // Past the grace days: 19 and 20 are overdue with the fee (once, however often the jobs run).
    t.clock.advance(4 * DAY);
    for (const p of people) await login(t, p.email).then((s) => (p.token = s.token));
    board = (await login(t, DEMO.maple.board)).token;
    for (let i = 0; i < 2; i++) {
      await markOverdueInvoices(t.deps);
      await addLateFees(t.deps);
    }
    for (const p of who(19, 20)) expect(await invoiceOf(p)).toMatchObject({ status: 'overdue', lateFeeCents: FEE_CENTS });
    for (const p of range(1, 18)) expect(await invoiceOf(p)).toMatchObject({ status: 'paid', lateFeeCents: 0 });

    // 19 asks for a waiver from the fee's line; the board grants it.
    const [fee] = await t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.userId, who(19)[0].id), eq(ledgerLines.kind, 'late_fee')));
    const asked = await call(t, 'POST', '/api/ledger-questions', { token: who(19)[0].token, body: { line_id: fee.id, kind: 'waiver', message: 'I was in hospital; could the fee be waived?' } });
    expect(asked.status).toBe(201);
    const granted = await call(t, 'PUT', `/api/ledger-questions/${asked.json._id}/status`, { token: board, body: { status: 'granted', reason: 'First late payment in five years' } });
    expect(granted.status).toBe(200);
    await settle();

    // Balances as worked out by hand, in the words residents read.
    for (const p of range(1, 18)) expect(await statement(p)).toMatchObject({ balance_cents: 0, balance_text: `Month Resident ${String(p.n).padStart(2, '0')} is paid up` });
    expect(await statement(who(19)[0])).toMatchObject({ balance_cents: DUE_CENTS });
    expect(await statement(who(20)[0])).toMatchObject({ balance_cents: DUE_CENTS + FEE_CENTS });
    expect((await call(t, 'GET', '/api/ledger', { token: who(20)[0].token })).json.balance_text).toBe('You owe $175.00');

    // The lines: 20 charges, 18 payments (each with its method), 2 fees, 1 waiver; receipts numbered in a row.
    const lines = await t.deps.database.db.select().from(ledgerLines).where(inArray(ledgerLines.userId, people.map((p) => p.id)));
    const count = (kind: string) => lines.filter((l) => l.kind === kind).length;
    expect([count('charge'), count('payment'), count('late_fee'), count('waiver')]).toEqual([20, 18, 2, 1]);
    expect(lines.length).toBe(41);
    const payments = lines.filter((l) => l.kind === 'payment');
    const methodOf = (n: number) => payments.find((l) => l.userId === who(n)[0].id)!;
    for (const n of [1, 2, 3, 4, 5, 8, 9, 10, 11, 12]) expect(methodOf(n)).toMatchObject({ method: 'card', methodDetail: 'Visa •••• 4242', amountCents: -DUE_CENTS });
    for (const n of [6, 7, 13, 14, 15, 16]) expect(methodOf(n)).toMatchObject({ method: 'us_bank_account', methodDetail: 'STRIPE TEST BANK •••• 6789', amountCents: -DUE_CENTS });
    for (const n of [17, 18]) expect(methodOf(n)).toMatchObject({ method: 'check', amountCents: -DUE_CENTS });
    const numbers = payments.map((l) => l.receiptNumber!).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(18);
    expect(numbers[0]).toBeGreaterThan(receiptsBefore);

    // Mails: one receipt per payer, none to 19 and 20; one autopay failure, to 8.
    for (const p of range(1, 18)) expect(await mailsTo(p, 'payment-receipt')).toHaveLength(1);
    for (const p of who(19, 20)) expect(await mailsTo(p, 'payment-receipt')).toEqual([]);
    expect(await t.deps.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'autopay-failed'), inArray(emailOutbox.toEmail, people.map((p) => p.email))))).toHaveLength(1);

    // The board's collections and exports say the same.
    const collections = (await call(t, 'GET', '/api/ledger/collections', { token: board })).json;
    const ours = collections.delinquent.filter((d: { resident: { _id: string } }) => people.some((p) => p.id === d.resident._id));
    expect(ours.map((d: { resident: { email: string }; balance_cents: number }) => [d.resident.email, d.balance_cents])).toEqual([
      [who(20)[0].email, DUE_CENTS + FEE_CENTS],
      [who(19)[0].email, DUE_CENTS],
    ]);
    const exported = await t.app.request('http://localhost:8787/api/ledger/export/payments.csv', { headers: { authorization: `Bearer ${board}` } }, socketEnv());
    expect(exported.status).toBe(200);
    const rows = (await exported.text()).split('\r\n').filter((r) => people.some((p) => r.includes(p.email)));
    expect(rows).toHaveLength(18);
    expect(rows.every((r) => r.includes('150.00'))).toBe(true);

    // And the ledger's invariant holds for the whole HOA.
    expect((await ledgerInvariant(t.deps.database.db, maple)).differences).toEqual([]);
  });
});
