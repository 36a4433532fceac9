/**
 * The board's refund of a payment made online, as a story: Rita pays her invoice by card, the board
 * refunds it with a reason, the provider gives the money back once, the invoice is open again and her
 * statement shows a Refund line, so she owes it again. A replay refunds nothing twice; an invoice
 * marked paid by check is undone, not refunded (400); another HOA's invoice is not found (404); a
 * resident may not refund (403). And the receipt of a payment with a processing fee passed on carries
 * the fee.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES } from '../../schema/refunds';
import { emailOutbox, hoas, invoiceCheckouts, invoices, ledgerLines } from '../../schema/tables';
import { postInvoiceCharges } from '../../worker/domain/ledger/invoice-lines';
import { ledgerInvariant } from '../../worker/domain/ledger/invariant';
import { TEST_BANK } from '../../worker/services/payments/bank-accounts';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, socketEnv } from '../helpers/http';
import { openInvoice } from '../helpers/invoices';

let t: TestApp;
let local: LocalPayments;
let maple: string;
let rita: { id: string; token: string };
let board: string;

beforeEach(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
  const ids = await t.deps.database.db.select({ id: hoas.id, name: hoas.name }).from(hoas);
  maple = ids.find((h) => h.name === 'Maple Grove HOA')!.id;
  const r = await login(t, DEMO.maple.resident);
  rita = { id: r.user._id ?? r.user.id, token: r.token };
  board = (await login(t, DEMO.maple.board)).token;
});
afterEach(async () => {
  await t.drainBackground();
  await local.flush();
  await t.drainBackground();
  await t.close();
});

async function page(path: string, form?: Record<string, string>) {
  const res = await t.app.request(`http://localhost:8787${path}`, form ? { method: 'POST', body: new URLSearchParams(form) } : {}, socketEnv());
  return { status: res.status, location: res.headers.get('location') };
}
const card = { number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' };

/** Rita's $125.50 invoice, issued with its charge on her statement. */
async function issued(title = 'Pool assessment'): Promise<string> {
  const id = await openInvoice(t.deps, { hoaId: maple, recipientId: rita.id, amountCents: 12550, title });
  const [row] = await t.deps.database.db.select().from(invoices).where(eq(invoices.id, id));
  await t.write((tx) => postInvoiceCharges(t.deps, tx, [row]));
  return id;
}

/** Rita's $125.50 invoice, paid through Checkout by card (or by bank, released at once). */
async function paidInvoice(how: 'card' | 'bank' = 'card', body?: { method: string }): Promise<{ invoiceId: string; sessionId: string }> {
  const invoiceId = await issued();
  const pay = await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token, ...(body ? { body } : {}) });
  expect(pay.status).toBe(200);
  const path = new URL(pay.json.checkout_url).pathname;
  if (how === 'card') expect((await page(path, card)).status).toBe(303);
  else {
    expect((await page(`${path}/bank`, { holder: 'Rita Resident', routing: TEST_BANK.routing, account: TEST_BANK.succeeds })).status).toBe(303);
    expect(await local.releaseBankPayments()).toBe(1);
  }
  await local.flush();
  expect((await call(t, 'GET', `/api/invoices/${invoiceId}`, { token: rita.token })).json.status).toBe('paid');
  return { invoiceId, sessionId: path.split('/').pop()! };
}

const refund = (invoiceId: string, token = board, reason: string | undefined = 'Charged twice by mistake') =>
  call(t, 'POST', `/api/invoices/${invoiceId}/refund`, { token, body: reason === undefined ? {} : { reason } });
const linesOf = (invoiceId: string) => t.deps.database.db.select().from(ledgerLines).where(eq(ledgerLines.invoiceId, invoiceId));
const statement = async () => (await call(t, 'GET', '/api/ledger', { token: rita.token })).json;
/** The refunds the local provider made of a payment. */
const providerRefunds = async (paymentIntentId: string) => (await local.list('refund', (r) => r.payment_intent === paymentIntentId)).length;

describe('a board refund of a card payment', () => {
  it('gives the money back once, opens the invoice again and puts a Refund line on the resident’s statement', async () => {
    const { invoiceId, sessionId } = await paidInvoice('card');
    const before = await statement();

    const r = await refund(invoiceId);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ _id: invoiceId, status: 'pending', paid_at: null, payment_method: null });
    expect(r.json.history.map((h: { action: string }) => h.action)).toContain('Payment of $125.50 refunded: Charged twice by mistake');

    // At the provider: refunded in full, once; the Checkout says so.
    const [checkout] = await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, sessionId));
    expect(checkout).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_/) });
    expect(await providerRefunds(checkout.paymentIntentId!)).toBe(1);

    // The statement: a Refund line that adds the payment back, with the reason; Rita owes it again.
    const after = await statement();
    const line = after.lines.find((l: { kind: string }) => l.kind === 'refund');
    expect(line).toMatchObject({ kind: 'refund', amount_cents: 12550, description: 'Refund: Pool assessment', reason: 'Charged twice by mistake', method_detail: 'Visa •••• 4242' });
    expect(after.balance_cents).toBe(before.balance_cents + 12550);
    expect((await ledgerInvariant(t.deps.database.db, maple)).differences).toEqual([]);

    // A replay (a double click, a retried request) answers the same and refunds nothing twice.
    const again = await refund(invoiceId);
    expect(again).toMatchObject({ status: 200, json: { _id: invoiceId, status: 'pending' } });
    expect(await providerRefunds(checkout.paymentIntentId!)).toBe(1);
    expect((await linesOf(invoiceId)).filter((l) => l.kind === 'refund')).toHaveLength(1);

    // Open again: Rita can pay it again, and the board may cancel it instead (the credit line).
    expect((await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token })).status).toBe(200);
    const canceled = await call(t, 'PUT', `/api/invoices/${invoiceId}/status`, { token: board, body: { status: 'canceled' } });
    expect(canceled.json.status).toBe('canceled');
    expect((await linesOf(invoiceId)).map((l) => l.kind).sort()).toEqual(['charge', 'credit', 'payment', 'refund']);
    expect((await ledgerInvariant(t.deps.database.db, maple)).differences).toEqual([]);
  });

  it('refunds a bank payment too, and an invoice past its due day reopens as overdue', async () => {
    const { invoiceId } = await paidInvoice('bank');
    t.clock.advance(10 * 86_400_000);
    const r = await refund(invoiceId, (await login(t, DEMO.maple.superadmin)).token);
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('overdue');
    expect((await linesOf(invoiceId)).find((l) => l.kind === 'refund')).toMatchObject({ amountCents: 12550, methodDetail: 'STRIPE TEST BANK •••• 6789' });
    expect((await ledgerInvariant(t.deps.database.db, maple)).differences).toEqual([]);
  });
});

describe('what is not refunded', () => {
  it('answers 400 for an invoice marked paid by check: its paid mark is undone instead', async () => {
    const invoiceId = await issued();
    expect((await call(t, 'PUT', `/api/invoices/${invoiceId}/status`, { token: board, body: { status: 'paid', payment_method: 'check' } })).status).toBe(200);
    expect(await refund(invoiceId)).toMatchObject({ status: 400, json: { message: REFUND_MESSAGES.notOnline } });
    expect((await linesOf(invoiceId)).some((l) => l.kind === 'refund')).toBe(false);
  });

  it('answers 409 for an invoice that is not paid, and asks for a reason', async () => {
    const invoiceId = await issued();
    expect(await refund(invoiceId)).toMatchObject({ status: 409, json: { message: REFUND_MESSAGES.notPaid } });
    const { invoiceId: paid } = await paidInvoice('card');
    const missing = await refund(paid, board, '   ');
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ path: 'reason', msg: REFUND_MESSAGES.reasonRequired }]);
  });

  it('keeps residents out (403) and another HOA’s invoice unseen (404)', async () => {
    const { invoiceId } = await paidInvoice('card');
    expect(await refund(invoiceId, rita.token)).toMatchObject({ status: 403, json: { message: REFUND_MESSAGES.boardOnly } });
    const cedarBoard = (await login(t, DEMO.cedar.board)).token;
    expect(await refund(invoiceId, cedarBoard)).toMatchObject({ status: 404, json: { message: 'Invoice not found.' } });
    expect((await call(t, 'GET', `/api/invoices/${invoiceId}`, { token: rita.token })).json.status).toBe('paid');
  });
});

describe('the receipt of a payment with a processing fee', () => {
  it('carries the fee the resident paid on top; a payment without one carries none', async () => {
    const { token } = await login(t, DEMO.maple.superadmin);
    expect((await call(t, 'PUT', '/api/hoa/processing-fees', { token, body: { processing_fees: 'passed_on' } })).status).toBe(200);
    const { invoiceId } = await paidInvoice('card', { method: 'card' });
    const [payment] = (await linesOf(invoiceId)).filter((l) => l.kind === 'payment');
    const receipt = await call(t, 'GET', `/api/ledger/lines/${payment.id}`, { token: rita.token });
    expect(receipt.json).toMatchObject({ kind: 'payment', amount_cents: -12550, fee_cents: 406 });
    const mail = await t.deps.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.ref, `invoice:${invoiceId}`), eq(emailOutbox.template, 'payment-receipt')));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Receipt: $129.56 paid to Maple Grove HOA');

    expect((await call(t, 'PUT', '/api/hoa/processing-fees', { token, body: { processing_fees: 'absorbed' } })).status).toBe(200);
    const plain = await paidInvoice('card');
    const [plainPayment] = (await linesOf(plain.invoiceId)).filter((l) => l.kind === 'payment');
    expect((await call(t, 'GET', `/api/ledger/lines/${plainPayment.id}`, { token: rita.token })).json.fee_cents).toBe(0);
  });
});
