import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAccounts, emailOutbox, hoas, invoiceCheckouts, invoices, paymentEvents, users } from '../../schema/tables';
import { runJobs } from '../../worker/jobs/runner';
import { CHECKOUT_FOLLOW_UP_RETRY_MS } from '../../worker/domain/payments';
import { createBackgroundTasks } from '../../worker/services/background';
import { TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { CHECKOUT_PAGE_MESSAGES } from '../../worker/services/payments/local-pages';
import { signWebhookPayload } from '../../worker/services/payments/stripe';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, socketEnv } from '../helpers/http';
import { openInvoice } from '../helpers/invoices';
import { TEST_WEBHOOK_SECRET } from '../helpers/services';
import { SyncTestClient } from '../sync/client';

/**
 * An invoice is paid once: when it leaves pending/overdue (the board marks it paid by check
 * or cancels it, over REST or a pushed mutation; another Checkout pays it) its open Checkouts are
 * expired at the provider and their pages take no card; a payment that comes anyway is refunded,
 * changes nothing on the invoice and mails no receipt; a refund the provider refuses is mailed to the
 * board. Local payment provider throughout.
 */

/**
 * The app's after-response work (where the provider calls run, after the commit), which a test can
 * hold back: the Checkout page then still takes a card the board's change is about to refuse.
 */
function holdableBackground() {
  const inner = createBackgroundTasks();
  let held: (() => Promise<unknown>)[] | null = null;
  return {
    afterResponse(task: () => Promise<unknown>) {
      if (held) held.push(task);
      else inner.afterResponse(task);
    },
    hold() {
      held = [];
    },
    /** Runs what was held back (none of it when `drop`: a process that died after its commit) and waits for all of it. */
    async release({ drop = false } = {}) {
      const tasks = held ?? [];
      held = null;
      if (!drop) for (const task of tasks) inner.afterResponse(task);
      await inner.drain();
    },
  };
}

let t: TestApp;
let local: LocalPayments;
let background: ReturnType<typeof holdableBackground>;
let maple: string;
let account: string;
let board: string;
let rita: { id: string; token: string };

beforeEach(async () => {
  background = holdableBackground();
  t = await createTestApp({ afterResponse: background.afterResponse });
  local = t.deps.payments as LocalPayments;
  [{ id: maple }] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  [{ accountId: account }] = await t.deps.database.db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, maple));
  board = (await login(t, DEMO.maple.board)).token;
  const r = await login(t, DEMO.maple.resident);
  rita = { id: r.user._id ?? r.user.id, token: r.token };
});
afterEach(async () => {
  await background.release();
  await local.flush();
  await t.close();
});

/** Settles everything under way: held-back work, the provider's background events. */
async function settle() {
  await background.release();
  await local.flush();
  await background.release();
}

async function page(path: string, form?: Record<string, string>) {
  const res = await t.app.request(`http://localhost:8787${path}`, form ? { method: 'POST', body: new URLSearchParams(form) } : {}, socketEnv());
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}
const card = { number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' };

/** Rita's new $125.50 invoice and the Checkout she opened for it. */
async function openCheckout() {
  const invoiceId = await openInvoice(t.deps, { hoaId: maple, recipientId: rita.id, amountCents: 12550, title: 'Pool assessment' });
  const pay = await call(t, 'POST', `/api/invoices/${invoiceId}/pay`, { token: rita.token });
  expect(pay.status).toBe(200);
  const path = new URL(pay.json.checkout_url).pathname;
  expect((await page(path)).html).toContain('Pay $125.50');
  return { invoiceId, path, sessionId: path.split('/').pop()! };
}

const checkoutRow = async (id: string) => (await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, id)))[0];
const invoiceRow = async (id: string) => (await t.deps.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const mailsAbout = (invoiceId: string, template: string) =>
  t.deps.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.ref, `invoice:${invoiceId}`), eq(emailOutbox.template, template)));
const receiptsOf = async (invoiceId: string) => (await mailsAbout(invoiceId, 'payment-receipt')).map((m) => m.toEmail);

/** The board's status change, over REST or as the pushed setInvoiceStatus mutation (both the same rule). */
const setStatus = {
  async rest(invoiceId: string, status: 'paid' | 'canceled') {
    expect((await call(t, 'PUT', `/api/invoices/${invoiceId}/status`, { token: board, body: { status, payment_method: 'check' } })).json.status).toBe(status);
  },
  async push(invoiceId: string, status: 'paid' | 'canceled') {
    const client = new SyncTestClient(t, board);
    const r = await client.push([client.mutation('setInvoiceStatus', { id: invoiceId, status, payment_method: 'check' })]);
    expect(r.status).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe(status);
  },
};

/** A `checkout.session.completed` for `sessionId` signed as Stripe signs it (a payment the provider reports). */
async function completedEvent(sessionId: string, invoiceId: string, paymentIntent: string) {
  const session = { id: sessionId, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, amount_total: 12550, metadata: { kind: 'invoice', hoa_id: maple, invoice_id: invoiceId, user_id: rita.id } };
  const created = Math.floor(t.clock() / 1000);
  const body = JSON.stringify({ id: `evt_${paymentIntent}`, object: 'event', type: 'checkout.session.completed', created, account, data: { object: session } });
  const signature = await signWebhookPayload(body, TEST_WEBHOOK_SECRET, created);
  return () => call(t, 'POST', '/api/webhooks/stripe', { body, headers: { 'stripe-signature': signature } });
}

describe.each([
  { status: 'paid' as const, how: 'rest' as const, words: 'marks it paid by check (REST)' },
  { status: 'canceled' as const, how: 'push' as const, words: 'cancels it (pushed mutation)' },
])('the board $words while a Checkout is open', ({ status, how }) => {
  // The board's own record of a check is a settled payment with its receipt; the Checkout's payment, refunded, has none.
  const boardReceipts = () => (status === 'paid' ? [DEMO.maple.resident] : []);
  it('expires the session at the provider, and its page refuses the card with a clear message', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    await setStatus[how](invoiceId, status);
    const boardSet = await invoiceRow(invoiceId);
    await settle();

    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'expired' });
    expect(await local.get(sessionId)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    const refused = await page(path, card);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(CHECKOUT_PAGE_MESSAGES.expired);
    expect((await page(path)).html).toContain('This checkout has expired');
    // Nothing was charged, nothing changed, no receipt.
    expect(await local.list('payment_intent', (pi) => pi.metadata?.invoice_id === invoiceId)).toEqual([]);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status, paidAt: boardSet.paidAt, version: boardSet.version });
    expect(await receiptsOf(invoiceId)).toEqual(boardReceipts());
  });

  it('refunds a payment the page took before the expiry reached the provider: the invoice keeps the board\'s status, no receipt', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    background.hold();
    await setStatus[how](invoiceId, status);
    const boardSet = await invoiceRow(invoiceId);
    // The expiry has not reached the provider yet: the old page still takes the card.
    expect(await page(path, card)).toMatchObject({ status: 303 });
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'refunding' });
    await settle();

    const row = await checkoutRow(sessionId);
    expect(row).toMatchObject({ status: 'refunded', refundError: null });
    expect(await local.get(row.refundId!)).toMatchObject({ object: 'refund', amount: 12550, payment_intent: row.paymentIntentId, status: 'succeeded' });
    expect(await local.get(row.paymentIntentId!)).toMatchObject({ amount_refunded: 12550 });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status, paidAt: boardSet.paidAt, version: boardSet.version });
    expect(await receiptsOf(invoiceId)).toEqual(boardReceipts());
    // The event was processed once, as every webhook event is.
    expect((await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'checkout.session.completed'))).map((e) => e.outcome)).toEqual(['applied']);
  });

  it('tells the board by mail when the provider refuses the refund (a payment reported for an expired session), once', async () => {
    const { invoiceId, sessionId } = await openCheckout();
    await setStatus[how](invoiceId, status);
    await settle();
    const boardSet = await invoiceRow(invoiceId);

    // A payment reference the provider has no charge for: its refund is refused.
    const send = await completedEvent(sessionId, invoiceId, 'pi_unknown_1');
    expect((await send()).json).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    await settle();
    expect((await send()).json).toMatchObject({ duplicate: true });
    await settle();

    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'refund_failed', refundId: null, refundError: "No such payment_intent: 'pi_unknown_1'" });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status, paidAt: boardSet.paidAt, version: boardSet.version });
    expect(await receiptsOf(invoiceId)).toEqual(boardReceipts());
    const flagged = await mailsAbout(invoiceId, 'refund-failed');
    const boardOfMaple = await t.deps.database.db.select({ email: users.email }).from(users).where(and(eq(users.hoaId, maple), inArray(users.role, ['board', 'superadmin']), eq(users.status, 'active')));
    expect(flagged.map((m) => m.toEmail).sort()).toEqual(boardOfMaple.map((u) => u.email).sort());
    expect(flagged.map((m) => m.toEmail)).toContain(DEMO.maple.board);
    expect(flagged[0].subject).toBe('Action needed: a $125.50 payment could not be refunded');
  });
});

describe('two Checkouts of one invoice paid at the same time', () => {
  it('one settles the invoice, the other is refunded; one receipt', async () => {
    const { invoiceId, path: first, sessionId: firstId } = await openCheckout();
    // A second tab's session for the same invoice, whose row the app never wrote (its create answered
    // but the request died): its payment is recorded from the session's metadata.
    const second = await t.deps.payments.createInvoiceCheckout({
      connectedAccountId: account,
      amountCents: 12550,
      description: 'Pool assessment',
      customerEmail: DEMO.maple.resident,
      successUrl: `http://localhost:8787/invoices/${invoiceId}?payment=success`,
      cancelUrl: `http://localhost:8787/invoices/${invoiceId}?payment=canceled`,
      metadata: { hoa_id: maple, invoice_id: invoiceId, user_id: rita.id },
      idempotencyKey: `second-tab:${invoiceId}`,
    });
    background.hold();
    const paid = await Promise.all([page(first, card), page(new URL(second.url).pathname, card)]);
    expect(paid.map((p) => p.status)).toEqual([303, 303]);
    await settle();

    const rows = await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.invoiceId, invoiceId));
    expect(rows.map((r) => r.id).sort()).toEqual([firstId, second.id].sort());
    expect(rows.map((r) => r.status).sort()).toEqual(['paid', 'refunded']);
    const refunded = rows.find((r) => r.status === 'refunded')!;
    expect(await local.get(refunded.refundId!)).toMatchObject({ payment_intent: refunded.paymentIntentId, amount: 12550 });
    expect(await local.list('refund', (r) => r.metadata?.invoice_id === invoiceId)).toHaveLength(1);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid' });
    expect(await receiptsOf(invoiceId)).toEqual([DEMO.maple.resident]);
  });
});

describe('retries', () => {
  it('an expiry or refund that did not happen after its commit (a crash, a provider outage) is made by the job later', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    // The process dies after the board's commit: the expiry is left to the job.
    background.hold();
    await setStatus.rest(invoiceId, 'paid');
    await background.release({ drop: true });
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'expiring' });
    await runJobs(t.deps, ['finish-invoice-checkouts']);
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'expiring' });

    // The page took a card meanwhile, and the refund's first try meets a provider outage.
    const refund = local.refundInvoicePayment.bind(local);
    let outage = true;
    local.refundInvoicePayment = async (input) => {
      if (outage) throw new Error('connect ECONNREFUSED');
      return refund(input);
    };
    expect(await page(path, card)).toMatchObject({ status: 303 });
    await settle();
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'refunding' });

    outage = false;
    t.clock.advance(CHECKOUT_FOLLOW_UP_RETRY_MS + 1000);
    await runJobs(t.deps, ['finish-invoice-checkouts']);
    await settle();
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'refunded' });
    expect(await local.list('refund', (r) => r.metadata?.invoice_id === invoiceId)).toHaveLength(1);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid' });
    // One receipt: the board's record of the check; the refunded payment has none.
    expect(await receiptsOf(invoiceId)).toEqual([DEMO.maple.resident]);
  });

  it('a session expired while its card waited on 3-D Secure is not paid by completing the challenge', async () => {
    const { invoiceId, path, sessionId } = await openCheckout();
    const challenged = await page(path, { ...card, number: TEST_CARDS.threeDSecure });
    expect(challenged).toMatchObject({ status: 303, location: `/dev/pay/authenticate/${sessionId}` });
    await setStatus.rest(invoiceId, 'canceled');
    await settle();
    const done = await page(challenged.location!, { action: 'complete' });
    expect(done.status).toBe(303);
    expect(decodeURIComponent(done.location!)).toContain(CHECKOUT_PAGE_MESSAGES.expired);
    expect(await local.get(sessionId)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    expect(await checkoutRow(sessionId)).toMatchObject({ status: 'expired' });
  });
});
