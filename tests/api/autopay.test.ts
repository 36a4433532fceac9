import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTOPAY_MESSAGES } from '../../schema/autopay';
import { autopayAttempts, autopayEnrollments, emailOutbox, invoices, ledgerLines, paymentEvents } from '../../schema/tables';
import { runAutopay } from '../../worker/domain/autopay';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import { TEST_BANK } from '../../worker/services/payments/local-autopay';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { openInvoice } from '../helpers/invoices';
import { DAY, hoaIdOf, providerPage, settle as settleAll, signedIn, type Person } from '../helpers/money';

/**
 * Autopay on the local provider, the whole cycle through REST, the local setup page, the job and the
 * provider's webhooks: saved methods, the one enrollment, charges once on their day, one retry.
 */
let t: TestApp;
let mapleId: string;
let rita: Person;

beforeEach(async () => {
  t = await createTestApp();
  mapleId = await hoaIdOf(t, 'Maple Grove HOA');
  rita = await signedIn(t, DEMO.maple.resident);
  // Her seeded open invoices would be charged too (autopay takes every open one): each test makes its own.
  await t.write((tx) => tx.delete(invoices).where(and(eq(invoices.recipientId, rita.id), inArray(invoices.status, ['pending', 'overdue']))));
  // The demo's own autopay (a board member's) charges their invoices too: not these stories'.
  await t.write((tx) => tx.delete(autopayEnrollments));
});
afterEach(async () => {
  await settle();
  await t.close();
});

/** Waits for the provider's background events and the work they left after their response. */
const settle = () => settleAll(t);

/** Saves a method through the setup page and its return, as the browser does; answers the method's id. */
async function saveMethod(kind: 'card' | 'us_bank_account', value: string, token = rita.token): Promise<string> {
  const had = new Set((await call(t, 'GET', '/api/autopay', { token })).json.methods.map((m: { _id: string }) => m._id));
  const setup = await call(t, 'POST', '/api/autopay/methods/setup', { token, body: { kind } });
  expect(setup.status).toBe(200);
  const form: Record<string, string> = kind === 'card' ? { number: value, expiry: '12 / 34', cvc: '123' } : { holder: 'Rita Resident', routing: TEST_BANK.routing, account: value };
  const r = await providerPage(t, setup.json.url, form);
  expect(r.status).toBe(303);
  const back = new URL(r.location!);
  expect(back.pathname).toBe('/autopay');
  const read = await call(t, 'GET', `/api/autopay?setup=${back.searchParams.get('setup')}`, { token });
  await settle();
  return read.json.methods.find((m: { _id: string }) => !had.has(m._id))._id;
}

const enrol = (body: Record<string, unknown>, token = rita.token, query = '') => call(t, 'PUT', `/api/autopay${query}`, { token, body });
const invoice = async (id: string) => (await t.deps.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const attemptsOf = (invoiceId: string) => t.deps.database.db.select().from(autopayAttempts).where(eq(autopayAttempts.invoiceId, invoiceId)).orderBy(autopayAttempts.attempt);
const mails = (template: string) => t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, template));
async function run() {
  await runAutopay(t.deps);
  await settle();
}

describe('autopay with a saved card', () => {
  it('charges an invoice once on its due date: paid online, the payment on the ledger with its receipt; reruns and replays change nothing', async () => {
    const method = await saveMethod('card', TEST_CARDS.success);
    const read = await call(t, 'GET', '/api/autopay', { token: rita.token });
    expect(read.json.methods).toEqual([expect.objectContaining({ _id: method, kind: 'card', label: 'Visa', last4: '4242', exp_month: 12, exp_year: 2034 })]);
    expect(read.json.enrollment).toBeNull();
    expect((await enrol({ method_id: method, timing: 'due_date' })).json.enrollment).toMatchObject({ method_id: method, timing: 'due_date', status: 'active' });

    const id = await openInvoice(t.deps, { hoaId: mapleId, recipientId: rita.id, amountCents: 12550 });
    const due = await invoice(id);
    const next = (await call(t, 'GET', '/api/autopay', { token: rita.token })).json.upcoming;
    expect(next).toEqual([{ invoice_id: id, title: 'Monthly dues', amount_cents: 12550, charge_on: new Date(due.dueDate).toISOString().slice(0, 10), attempt: 1 }]);
    await run();
    expect(await attemptsOf(id)).toEqual([]);

    t.clock.advance(7 * DAY);
    await run();
    expect((await invoice(id)).status).toBe('paid');
    expect(await invoice(id)).toMatchObject({ paymentMethod: 'online', processingSince: null });
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({ attempt: 1, status: 'succeeded', amountCents: 12550 });
    const [payment] = await t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, id), eq(ledgerLines.kind, 'payment')));
    expect(payment).toMatchObject({ sourceKey: `autopay:${attempt.id}`, method: 'card', methodDetail: 'Visa •••• 4242', amountCents: -12550, reference: attempt.paymentIntentId });
    expect((await mails('payment-receipt')).map((m) => m.toEmail)).toEqual([DEMO.maple.resident]);
    // The provider's payment_intent.succeeded came after the run settled it: recorded as stale.
    expect((await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'payment_intent.succeeded'))).map((e) => e.outcome)).toEqual(['stale']);

    await run();
    t.clock.advance(4 * DAY);
    await run();
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(await t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, id), eq(ledgerLines.kind, 'payment')))).toHaveLength(1);
    expect(await mails('payment-receipt')).toHaveLength(1);
  });

  it('"when issued" charges at once; an invoice paid another way first is skipped', async () => {
    const method = await saveMethod('card', TEST_CARDS.success);
    const paidByCheck = await openInvoice(t.deps, { hoaId: mapleId, recipientId: rita.id, amountCents: 5000 });
    const board = (await login(t, DEMO.maple.board)).token;
    expect((await call(t, 'PUT', `/api/invoices/${paidByCheck}/status`, { token: board, body: { status: 'paid', payment_method: 'check' } })).status).toBe(200);
    await enrol({ method_id: method, timing: 'issued' });
    const id = await openInvoice(t.deps, { hoaId: mapleId, recipientId: rita.id, amountCents: 7000 });
    await run();
    expect((await invoice(id)).status).toBe('paid');
    expect(await attemptsOf(paidByCheck)).toEqual([]);
  });

  it('4000 0000 0000 0341: the charge fails, the resident is mailed why, the invoice stays payable; one retry three days later, then no more', async () => {
    const method = await saveMethod('card', TEST_CARDS.chargeDeclined);
    await enrol({ method_id: method, timing: 'issued' });
    const id = await openInvoice(t.deps, { hoaId: mapleId, recipientId: rita.id, amountCents: 12550 });
    await run();
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ attempt: 1, status: 'failed', failureReason: 'Your card was declined.' })]);
    expect((await invoice(id)).status).toBe('pending');
    const [failed] = await mails('autopay-failed');
    expect(failed.toEmail).toBe(DEMO.maple.resident);
    expect(failed.subject).toBe('Autopay could not pay Monthly dues ($125.50)');
    expect(failed.text).toContain('Your card was declined.');
    expect(failed.text).toContain('Visa •••• 0341');
    expect(failed.text).toContain('tries once more on');
    // Still the resident's to pay by hand.
    expect((await call(t, 'POST', `/api/invoices/${id}/pay`, { token: rita.token })).status).toBe(200);

    t.clock.advance(2 * DAY);
    await run();
    expect(await attemptsOf(id)).toHaveLength(1);
    t.clock.advance(1 * DAY);
    await run();
    expect((await attemptsOf(id)).map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
    ]);
    const last = await mails('autopay-failed');
    expect(last).toHaveLength(2);
    expect(last.filter((m) => m.text.includes('will not try this invoice again'))).toHaveLength(1);
    t.clock.advance(10 * DAY);
    await run();
    expect(await attemptsOf(id)).toHaveLength(2);
  });
});

describe('autopay with a US bank account', () => {
  it('000123456789: the debit is processing, then payment_intent.succeeded settles the invoice', async () => {
    const method = await saveMethod('us_bank_account', TEST_BANK.success);
    const read = await call(t, 'GET', '/api/autopay', { token: rita.token });
    expect(read.json.methods[0]).toMatchObject({ kind: 'us_bank_account', label: 'STRIPE TEST BANK', last4: '6789', exp_month: null });
    await enrol({ method_id: method, timing: 'issued' });
    const id = await openInvoice(t.deps, { hoaId: mapleId, recipientId: rita.id, amountCents: 9900 });
    await runAutopay(t.deps);
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ status: 'processing', paymentIntentId: expect.stringMatching(/^pi_local_/) })]);
    expect((await invoice(id)).processingSince).not.toBeNull();
    await settle();
    expect(await invoice(id)).toMatchObject({ status: 'paid', processingSince: null });
    const [payment] = await t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, id), eq(ledgerLines.kind, 'payment')));
    expect(payment).toMatchObject({ method: 'us_bank_account', methodDetail: 'STRIPE TEST BANK •••• 6789' });
    expect((await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'payment_intent.succeeded'))).map((e) => e.outcome)).toEqual(['applied']);
  });

  it('000111111116: saved, but the debit fails through payment_intent.payment_failed; the resident is mailed', async () => {
    const method = await saveMethod('us_bank_account', TEST_BANK.noAccount);
    await enrol({ method_id: method, timing: 'issued' });
    const id = await openInvoice(t.deps, { hoaId: mapleId, recipientId: rita.id, amountCents: 9900 });
    await run();
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ status: 'failed', failureReason: "The customer's bank account could not be located." })]);
    expect(await invoice(id)).toMatchObject({ status: 'pending', processingSince: null });
    expect(await mails('autopay-failed')).toHaveLength(1);
  });
});

describe('the one enrollment', () => {
  it('pause skips, resume charges; the method and the day change in place without enrolling again', async () => {
    const visa = await saveMethod('card', TEST_CARDS.success);
    const bank = await saveMethod('us_bank_account', TEST_BANK.success);
    await enrol({ method_id: visa, timing: 'due_date' });
    const [before] = await t.deps.database.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.userId, rita.id));
    expect((await enrol({ status: 'paused' })).json.upcoming).toEqual([]);
    const id = await openInvoice(t.deps, { hoaId: mapleId, recipientId: rita.id, amountCents: 4000 });
    t.clock.advance(8 * DAY);
    await run();
    expect(await attemptsOf(id)).toEqual([]);

    t.clock.advance(DAY);
    rita.token = (await login(t, DEMO.maple.resident)).token;
    const changed = await enrol({ method_id: bank, timing: 'issued', status: 'active' });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.enrollment).toMatchObject({ method_id: bank, timing: 'issued', status: 'active' });
    const rows = await t.deps.database.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.userId, rita.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].createdAt).toBe(before.createdAt);
    // The method autopay charges cannot be removed; another can.
    expect(await call(t, 'DELETE', `/api/autopay/methods/${bank}`, { token: rita.token })).toMatchObject({ status: 409, json: { message: AUTOPAY_MESSAGES.methodInUse } });
    const removed = await call(t, 'DELETE', `/api/autopay/methods/${visa}`, { token: rita.token });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    await run();
    expect((await invoice(id)).status).toBe('paid');

    await enrol({ status: 'stopped' });
    expect((await call(t, 'GET', '/api/autopay', { token: rita.token })).json.enrollment.status).toBe('stopped');
  });

  it('asks for a method first, and only one of the resident’s own', async () => {
    expect(await enrol({ timing: 'issued' })).toMatchObject({ status: 400, json: { errors: [{ path: 'method_id', msg: AUTOPAY_MESSAGES.chooseMethod }] } });
    expect((await enrol({ method_id: 'nope' })).status).toBe(400);
    expect((await enrol({ method_id: 'x', status: 'sometimes' })).status).toBe(400);
  });

  it('the board reads a resident’s autopay but cannot change it; another HOA answers 404', async () => {
    const visa = await saveMethod('card', TEST_CARDS.success);
    await enrol({ method_id: visa });
    const board = (await login(t, DEMO.maple.board)).token;
    const seen = await call(t, 'GET', `/api/autopay?user_id=${rita.id}`, { token: board });
    expect(seen.json).toMatchObject({ user_id: rita.id, enrollment: { status: 'active' } });
    expect(await enrol({ status: 'paused' }, board, `?user_id=${rita.id}`)).toMatchObject({ status: 403, json: { message: AUTOPAY_MESSAGES.ownOnly } });
    expect((await call(t, 'DELETE', `/api/autopay/methods/${visa}`, { token: board })).status).toBe(404);
    expect((await call(t, 'GET', '/api/autopay', { token: rita.token })).json.enrollment.status).toBe('active');
    // A resident cannot read another's.
    const other = (await login(t, DEMO.maple.resident2)).token;
    expect((await call(t, 'GET', `/api/autopay?user_id=${rita.id}`, { token: other })).status).toBe(404);

    const cedarBoard = (await login(t, DEMO.cedar.board)).token;
    expect((await call(t, 'GET', `/api/autopay?user_id=${rita.id}`, { token: cedarBoard })).status).toBe(404);
    expect((await enrol({ status: 'paused' }, cedarBoard, `?user_id=${rita.id}`)).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/autopay/methods/${visa}`, { token: cedarBoard })).status).toBe(404);
  });
});
