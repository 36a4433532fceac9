import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, invoiceCheckouts, invoices, ledgerLines } from '../../schema/tables';
import { processingFeeCents } from '../../schema/processing-fees';
import { receiveWebhook } from '../../worker/domain/payments/webhooks';
import { BANK_MESSAGES, BANK_SETTLE_DELAY_S, TEST_BANK } from '../../worker/services/payments/bank-accounts';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { openInvoice } from '../helpers/invoices';
import { hoaIdOf, providerPage, settle, signedIn, type Person } from '../helpers/money';

/**
 * Bank payments (ACH) and processing fees, local provider throughout: Checkout offers card and US bank
 * account; a bank payment completes unpaid and reads Processing until `async_payment_succeeded` pays
 * the invoice once (the receipt names the bank) or `_failed` makes it payable again and mails the
 * resident why; replayed events change nothing. When the HOA passes fees on, the resident picks the
 * method first and the fee is its own line.
 */
let t: TestApp;
let local: LocalPayments;
let maple: string;
let rita: Person;
/** Every event the provider delivered, as signed (to replay them). */
let delivered: { type: string; body: string; signature: string }[];

beforeEach(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
  delivered = [];
  local.connect(async (body, signature) => {
    delivered.push({ type: JSON.parse(body).type, body, signature });
    return receiveWebhook(t.deps, body, signature);
  });
  maple = await hoaIdOf(t, 'Maple Grove HOA');
  rita = await signedIn(t, DEMO.maple.resident);
});
afterEach(async () => {
  // Expiries after a commit, then the events they emit.
  await settle(t);
  await t.close();
});

const page = (path: string, form?: Record<string, string>) => providerPage(t, path, form);
const card = { number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' };
const bank = (account: string) => ({ holder: 'Rita Resident', routing: TEST_BANK.routing, account });

const checkoutRow = async (id: string) => (await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, id)))[0];
const invoiceRow = async (id: string) => (await t.deps.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const mails = (invoiceId: string, template: string) =>
  t.deps.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.ref, `invoice:${invoiceId}`), eq(emailOutbox.template, template)));
/** A mail's words, rendered or still waiting with its inputs. */
const mailText = (m: typeof emailOutbox.$inferSelect) => m.text + (m.props ?? '');
const paymentLines = (invoiceId: string) => t.deps.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.invoiceId, invoiceId), eq(ledgerLines.kind, 'payment')));

/** Rita's $125.50 invoice and the Checkout she opened (`method` when the HOA passes fees on). */
async function openCheckout(body?: { method: string }) {
  const invoiceId = await openInvoice(t.deps, { hoaId: maple, recipientId: rita.id, amountCents: 12550, title: 'Pool assessment' });
  const pay = await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token, ...(body ? { body } : {}) });
  expect(pay.status).toBe(200);
  const path = new URL(pay.json.checkout_url).pathname;
  return { invoiceId, path, sessionId: path.split('/').pop()! };
}

async function setFees(mode: 'absorbed' | 'passed_on') {
  const { token } = await login(t, DEMO.maple.superadmin);
  const r = await call(t, 'PUT', '/api/hoa/processing-fees', { token, body: { processing_fees: mode } });
  expect(r.status).toBe(200);
  expect(r.json).toEqual({ processing_fees: mode });
}

async function replay(type: string) {
  const e = delivered.find((d) => d.type === type)!;
  const r = await call(t, 'POST', '/api/webhooks/stripe', { body: e.body, headers: { 'stripe-signature': e.signature } });
  expect(r.status).toBe(200);
  return r.json;
}

describe('Checkout offers card and US bank account', () => {
  it('a card pays at once; the receipt names the card', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    const shown = await page(path);
    expect(shown.html).toContain('Pay with card');
    expect(shown.html).toContain('US bank account');
    expect(await local.get(sessionId)).toMatchObject({ payment_method_types: ['card', 'us_bank_account'], amount_total: 12550 });

    expect((await page(path, card)).status).toBe(303);
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'paid', method: 'card', methodDetail: 'Visa •••• 4242', feeCents: 0 });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', processingSince: null });
    expect(await paymentLines(invoiceId)).toMatchObject([{ method: 'card', methodDetail: 'Visa •••• 4242' }]);
    const [receipt] = await mails(invoiceId, 'payment-receipt');
    expect(mailText(receipt)).toContain('Visa •••• 4242');
  });

  it('a bank payment reads Processing, takes no second payment, and is paid once when the bank succeeds', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    const submitted = await page(`${path}/bank`, bank(TEST_BANK.succeeds));
    expect(submitted.status).toBe(303);
    expect(submitted.location).toContain('payment=success');

    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'processing', method: 'us_bank_account', methodDetail: 'STRIPE TEST BANK •••• 6789' });
    const processing = await invoiceRow(invoiceId);
    expect(processing).toMatchObject({ status: 'pending', processingSince: t.clock() });
    const rest = await call(t, 'GET', `/api/invoices/${invoiceId}`, { token: rita.token });
    expect(rest.json.processing_since).toBe(new Date(t.clock()).toISOString());
    expect(await paymentLines(invoiceId)).toEqual([]);
    expect(await mails(invoiceId, 'payment-receipt')).toEqual([]);
    // The page says it is on its way; Pay is refused while it is.
    expect((await page(path)).html).toContain('Bank payment processing');
    expect((await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token })).status).toBe(409);

    // Not due yet: the billing clock leaves it; after its days in flight it settles.
    expect(await local.bank.releaseBankPayments()).toBe(0);
    t.clock.advance(BANK_SETTLE_DELAY_S * 1000);
    expect(await local.bank.releaseBankPayments()).toBe(1);

    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'paid', methodDetail: 'STRIPE TEST BANK •••• 6789' });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', processingSince: null, paymentMethod: 'online' });
    expect(await paymentLines(invoiceId)).toMatchObject([{ method: 'us_bank_account', methodDetail: 'STRIPE TEST BANK •••• 6789' }]);
    expect(await mails(invoiceId, 'payment-receipt')).toHaveLength(1);

    // Replays (the same event ids) change nothing: one payment, one receipt.
    const paid = await invoiceRow(invoiceId);
    expect(await replay('checkout.session.async_payment_succeeded')).toMatchObject({ duplicate: true });
    expect(await replay('checkout.session.completed')).toMatchObject({ duplicate: true });
    expect(await invoiceRow(invoiceId)).toMatchObject({ version: paid.version });
    expect(await paymentLines(invoiceId)).toHaveLength(1);
    expect(await mails(invoiceId, 'payment-receipt')).toHaveLength(1);
  });

  it('a failed bank payment makes the invoice payable again and mails the resident why, once', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    expect((await page(`${path}/bank`, bank(TEST_BANK.fails))).status).toBe(303);
    expect((await invoiceRow(invoiceId)).processingSince).not.toBeNull();
    expect(await local.releaseBankPayments()).toBe(1);

    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'failed' });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'pending', processingSince: null });
    expect(await paymentLines(invoiceId)).toEqual([]);
    const failed = await mails(invoiceId, 'bank-payment-failed');
    expect(failed.map((m) => m.toEmail)).toEqual([DEMO.maple.resident]);
    for (const words of [BANK_MESSAGES.accountClosed, 'STRIPE TEST BANK •••• 1116', '$125.50']) expect(mailText(failed[0])).toContain(words);

    expect(await replay('checkout.session.async_payment_failed')).toMatchObject({ duplicate: true });
    expect(await mails(invoiceId, 'bank-payment-failed')).toHaveLength(1);

    // Payable again: a new Checkout, paid by card.
    const again = await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token });
    expect(again.status).toBe(200);
    expect((await page(new URL(again.json.checkout_url).pathname, card)).status).toBe(303);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid' });
  });

  it('the held test account stays processing until released by hand', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    expect((await page(`${path}/bank`, bank(TEST_BANK.staysProcessing))).status).toBe(303);
    t.clock.advance(30 * 86_400_000);
    expect(await local.bank.releaseBankPayments()).toBe(0);
    expect((await page(`${path}/release`, {})).status).toBe(303);
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'paid' });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid' });
  });

  it('refuses a routing number that is not the test bank’s, with Stripe’s words', async () => {
    const { path, sessionId } = await openCheckout();
    const r = await page(`${path}/bank`, { holder: 'Rita', routing: '021000021', account: '000123456789' });
    expect(r.status).toBe(402);
    expect(r.html).toContain(BANK_MESSAGES.notTestAccount.slice(0, 40));
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'open' });
  });
});

describe('processing fees', () => {
  it('absorbed by default: no fee, one session with both methods', async () => {
    expect((await call(t, 'GET', '/api/hoa/processing-fees', { token: rita.token })).json).toEqual({ processing_fees: 'absorbed' });
    const { sessionId } = await openCheckout({ method: 'card' });
    expect(await checkoutRow(sessionId)).toMatchObject({ amountCents: 12550, feeCents: 0, method: null });
    expect(await local.get(sessionId)).toMatchObject({ amount_total: 12550, payment_method_types: ['card', 'us_bank_account'] });
  });

  it('passed on: the method is required, its fee is a line of its own, and the invoice is paid for what it asked', async () => {
    await setFees('passed_on');
    expect((await call(t, 'GET', '/api/hoa/processing-fees', { token: rita.token })).json).toEqual({ processing_fees: 'passed_on' });
    const invoiceId = await openInvoice(t.deps, { hoaId: maple, recipientId: rita.id, amountCents: 12550 });
    const missing = await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ path: 'method', msg: 'Please choose how you will pay: card or bank account.' }]);
    expect((await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token, body: { method: 'cash' } })).status).toBe(400);

    const cardFee = processingFeeCents('card', 12550);
    const bankFee = processingFeeCents('us_bank_account', 12550);
    expect([cardFee, bankFee]).toEqual([406, 101]);
    const byCard = await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token, body: { method: 'card' } });
    const cardSession = new URL(byCard.json.checkout_url).pathname.split('/').pop()!;
    expect(await checkoutRow(cardSession)).toMatchObject({ amountCents: 12550, feeCents: cardFee, method: 'card' });
    expect(await local.get(cardSession)).toMatchObject({ amount_total: 12550 + cardFee, payment_method_types: ['card'], line_items: [{ amount_total: 12550 }, { description: 'Processing fee', amount_total: cardFee }] });

    // Choosing the bank instead is another session with its own fee; its page offers the bank only.
    const byBank = await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token, body: { method: 'us_bank_account' } });
    const bankPath = new URL(byBank.json.checkout_url).pathname;
    const bankSession = bankPath.split('/').pop()!;
    expect(bankSession).not.toBe(cardSession);
    expect(await checkoutRow(bankSession)).toMatchObject({ amountCents: 12550, feeCents: bankFee, method: 'us_bank_account' });
    expect((await page(bankPath)).html).not.toContain('Pay with card');
    expect((await page(bankPath, card)).status).toBe(402);

    expect((await page(new URL(byCard.json.checkout_url).pathname, card)).status).toBe(303);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid' });
    expect(await paymentLines(invoiceId)).toMatchObject([{ amountCents: -12550 }]);
  });

  it('only the superadmin changes it, to a known mode', async () => {
    const { token: board } = await login(t, DEMO.maple.board);
    expect((await call(t, 'PUT', '/api/hoa/processing-fees', { token: board, body: { processing_fees: 'passed_on' } })).status).toBe(403);
    const { token } = await login(t, DEMO.maple.superadmin);
    const bad = await call(t, 'PUT', '/api/hoa/processing-fees', { token, body: { processing_fees: 'split' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: 'processing_fees', msg: 'Processing fees must be absorbed or passed_on' }]);
  });
});
