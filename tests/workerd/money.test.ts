/**
 * The money areas in workerd, on the Worker's local payment provider: the statement of account (REST,
 * its CSV, the board's view of a resident, another HOA's 404, the synced lines), a bank payment on the
 * local Checkout page (Processing, then released: paid once, a payment line with the bank), autopay
 * (a card saved on the setup page, autopay on "when issued", one cron tick charges the new invoice) and
 * the late fee job (one cron tick adds the fee to an invoice past its grace days, once).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerKey, type SyncedLedgerLine } from '../../sync/areas/ledger';
import { TEST_BANK } from '../../worker/services/payments/bank-accounts';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import { hashPassword } from '../../worker/services/passwords';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, DEMO_PASSWORD, demoDay, login, until, workerApp } from './http';
import { db } from './db';

const DAY = 86_400_000;
const one = async (sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows[0];
const cronTick = async () => expect((await fetch(`${inject('cronWorkerUrl')}/cdn-cgi/handler/scheduled`)).status).toBe(200);
/** Posts a form to one of the local provider's pages, as the browser would; the redirect. */
const postPage = (url: string, form: Record<string, string>) => fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

/** A resident of Maple Grove of the test's own (autopay and late fees act on every invoice of theirs). */
async function newResident(name: string) {
  const maple = await one('SELECT hoa_id FROM users WHERE email = ?', [DEMO.maple.board]);
  const id = crypto.randomUUID();
  const email = `${name.toLowerCase().replaceAll(' ', '.')}.${id.slice(0, 8)}@workerd-money.test`;
  const now = Date.now();
  await db.execute({
    sql: "INSERT INTO users (id, hoa_id, name, email, role, status, password_hash, created_at, updated_at, version) VALUES (?, ?, ?, ?, 'resident', 'active', ?, ?, ?, 1)",
    args: [id, String(maple.hoa_id), name, email, await hashPassword(DEMO_PASSWORD, 1_000), now, now],
  });
  return { id, email, token: (await login(email)).token };
}

describe('money in workerd', () => {
  let board: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    board = await login(DEMO.maple.superadmin);
  });
  const dueFor = (recipient: string, title: string, over: Record<string, unknown> = {}) =>
    call('POST', '/api/dues', { token: board.token, body: { title, frequency: 'one_time', recipients: [recipient], send_date: demoDay(), amount: 80, reason: 'dues', due_date_offset: 10, ...over } });
  const invoiceOf = async (dueId: string) => String((await one('SELECT id FROM invoices WHERE due_id = ?', [dueId])).id);

  it('answers the statement of account, its CSV and the board’s view of a resident; another HOA’s resident is 404; the lines sync', async () => {
    const rita = await login(DEMO.maple.resident);
    const mine = await call('GET', '/api/ledger', { token: rita.token });
    expect(mine.status).toBe(200);
    expect(mine.json.balance_text).toMatch(/^(You owe \$[\d,]+\.\d\d|You are paid up|You have a credit of \$[\d,]+\.\d\d)$/);
    expect(mine.json.lines.length).toBeGreaterThan(0);
    const csv = await fetch(`${inject('workerUrl')}/api/ledger/statement.csv`, { headers: { authorization: `Bearer ${rita.token}` } });
    expect((await csv.text()).split('\r\n')[0]).toBe('Date,Type,Description,Receipt,Method,Amount,Balance');

    const seen = await call('GET', `/api/ledger?user_id=${rita.user._id}`, { token: board.token });
    expect(seen.json.balance_cents).toBe(mine.json.balance_cents);
    const cedar = await login(DEMO.cedar.board);
    expect((await call('GET', `/api/ledger?user_id=${rita.user._id}`, { token: cedar.token })).status).toBe(404);

    const synced = new SyncTestClient(workerApp, rita.token);
    await synced.pull();
    const line = mine.json.lines[0];
    expect(synced.data.get(ledgerKey(line._id)) as SyncedLedgerLine).toMatchObject({ id: line._id, description: line.description });
  });

  it('takes a bank payment on the local Checkout page: Processing, then paid once when the bank answers, with the bank on the line', async () => {
    const payer = await newResident('Bank Payer');
    const due = await dueFor(payer.id, 'Workerd bank dues');
    expect(due.status).toBe(201);
    const invoice = await invoiceOf(due.json._id);
    const pay = await call('POST', `/api/invoices/${invoice}/pay`, { token: payer.token });
    expect(pay.status).toBe(200);
    const checkout = pay.json.checkout_url as string;
    const sent = await postPage(`${checkout}/bank`, { holder: 'Bank Payer', routing: TEST_BANK.routing, account: TEST_BANK.succeeds });
    expect(sent.status).toBe(303);
    expect(await one('SELECT status, processing_since FROM invoices WHERE id = ?', [invoice])).toMatchObject({ status: 'pending', processing_since: expect.any(Number) });

    expect((await postPage(`${checkout}/release`, {})).status).toBe(303);
    await until(async () => ((await one('SELECT status FROM invoices WHERE id = ?', [invoice])).status === 'paid' ? true : undefined));
    const statement = await call('GET', '/api/ledger', { token: payer.token });
    expect(statement.json.balance_text).toBe('You are paid up');
    const payments = statement.json.lines.filter((l: { kind: string }) => l.kind === 'payment');
    expect(payments).toEqual([expect.objectContaining({ amount_cents: -8_000, method_detail: 'STRIPE TEST BANK •••• 6789', receipt: expect.stringMatching(/^R-\d{6}$/) })]);
  });

  it('saves a card for autopay on the setup page; one cron tick charges an invoice issued after, once', async () => {
    const payer = await newResident('Auto Payer');
    const setup = await call('POST', '/api/autopay/methods/setup', { token: payer.token, body: { kind: 'card' } });
    expect(setup.status).toBe(200);
    const saved = await postPage(setup.json.url, { number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' });
    expect(saved.status).toBe(303);
    const read = await call('GET', `/api/autopay?setup=${new URL(saved.headers.get('location')!).searchParams.get('setup')}`, { token: payer.token });
    const [method] = read.json.methods;
    expect(method).toMatchObject({ label: 'Visa', last4: '4242' });
    expect((await call('PUT', '/api/autopay', { token: payer.token, body: { method_id: method._id, timing: 'issued', status: 'active' } })).status).toBe(200);

    const due = await dueFor(payer.id, 'Workerd autopay dues');
    const invoice = await invoiceOf(due.json._id);
    await cronTick();
    await until(async () => ((await one('SELECT status FROM invoices WHERE id = ?', [invoice])).status === 'paid' ? true : undefined), 10_000);
    await cronTick();
    expect(Number((await one("SELECT COUNT(*) AS n FROM ledger_lines WHERE invoice_id = ? AND kind = 'payment'", [invoice])).n)).toBe(1);
    expect(Number((await one("SELECT COUNT(*) AS n FROM autopay_attempts WHERE invoice_id = ? AND status = 'succeeded'", [invoice])).n)).toBe(1);
  });

  it('adds a due’s late fee to an invoice past its grace days at the cron tick, once', async () => {
    const late = await newResident('Late Payer');
    const due = await dueFor(late.id, 'Workerd late dues', { late_fee_type: 'fixed', late_fee_amount: 12.5, grace_days: 2 });
    expect(due.status).toBe(201);
    const invoice = await invoiceOf(due.json._id);
    await db.execute({ sql: 'UPDATE invoices SET due_date = ? WHERE id = ?', args: [Date.now() - 5 * DAY, invoice] });
    await cronTick();
    await until(async () => (Number((await one('SELECT late_fee_cents FROM invoices WHERE id = ?', [invoice])).late_fee_cents) === 1_250 ? true : undefined), 10_000);
    await cronTick();
    const statement = await call('GET', '/api/ledger', { token: late.token });
    expect(statement.json.balance_text).toBe('You owe $92.50');
    expect(statement.json.lines.filter((l: { kind: string }) => l.kind === 'late_fee')).toHaveLength(1);
  });
});
