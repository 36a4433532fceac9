import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hoaNameColumns } from '../../schema/hoa-name';
import { connectAccounts, emailOutbox, hoas, invoiceCheckouts, paymentEvents, subscriptions, users } from '../../schema/tables';
import { linkLocalSubscriptions } from '../../worker/dev/local-payments';
import { ensureConnectAccount, PAYMENT_MESSAGES, startInvoiceCheckout } from '../../worker/domain/payments';
import { CARD_MESSAGES, TEST_CARDS } from '../../worker/services/payments/cards';
import type { LocalPayments } from '../../worker/services/payments/local';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, socketEnv } from '../helpers/http';
import { openInvoice } from '../helpers/invoices';

/**
 * The local payment provider end to end without a browser: its hosted pages (plain form posts), the
 * test cards, and its events going through the same webhook processing as Stripe's.
 */
let t: TestApp;
let local: LocalPayments;
let maple: { id: string; name: string };
let rita: typeof users.$inferSelect;

beforeEach(async () => {
  t = await createTestApp();
  local = t.deps.payments as LocalPayments;
  [maple] = await t.deps.database.db.select({ id: hoas.id, name: hoas.name }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  [rita] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident));
  // The demo seed connects Maple Grove's account; these tests onboard it themselves.
  await t.deps.database.transaction((tx) => tx.delete(connectAccounts).where(eq(connectAccounts.hoaId, maple.id)));
});
afterEach(async () => {
  await local.flush();
  t.close();
});

async function page(path: string, form?: Record<string, string>) {
  const res = await t.app.request(`http://localhost:8787${path}`, form ? { method: 'POST', body: new URLSearchParams(form) } : {}, socketEnv());
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}
const card = (number: string) => ({ number, expiry: '12 / 34', cvc: '123' });

/** Onboards Maple Grove's connected account through the local onboarding page. */
async function onboard(complete = true) {
  const account = await ensureConnectAccount(t.deps, maple, DEMO.maple.superadmin);
  const { url } = await t.deps.payments.createAccountLink({ accountId: account.accountId, refreshUrl: 'http://localhost:8787/stripe-setup?refresh=1', returnUrl: 'http://localhost:8787/stripe-setup' });
  const path = new URL(url).pathname;
  expect((await page(path)).html).toContain('Set up payments for Maple Grove HOA');
  const r = await page(path, { businessName: 'Maple Grove HOA', complete: complete ? 'yes' : 'no' });
  expect(r).toMatchObject({ status: 303, location: 'http://localhost:8787/stripe-setup' });
  return account;
}

/** Rita's pending invoice of $125.50 (a payment for an invoice that does not take it is refunded). */
let ritaInvoice: string;
beforeEach(async () => {
  ritaInvoice = await openInvoice(t.deps, { hoaId: maple.id, recipientId: rita.id, amountCents: 12550 });
});

async function invoiceCheckout(invoiceId = ritaInvoice) {
  return startInvoiceCheckout(t.deps, {
    hoaId: maple.id,
    invoiceId,
    userId: rita.id,
    email: rita.email,
    amountCents: 12550,
    description: 'Monthly dues',
    successUrl: `http://localhost:8787/invoices/${invoiceId}?paid=1`,
    cancelUrl: `http://localhost:8787/invoices/${invoiceId}`,
  });
}
const checkoutRow = async (id: string) => (await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, id)))[0];

describe('local Connect onboarding', () => {
  it('enables charges through account.updated, and refuses invoice checkouts before that', async () => {
    await expect(invoiceCheckout()).rejects.toMatchObject({ status: 400, message: PAYMENT_MESSAGES.accountNotReady });
    const account = await onboard(false);
    expect((await t.deps.payments.getAccountStatus(account.accountId)).requirementsDue).toEqual(['external_account']);
    await expect(invoiceCheckout()).rejects.toMatchObject({ status: 400 });

    await onboard(true);
    const [row] = await t.deps.database.db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, maple.id));
    expect(row).toMatchObject({ accountId: account.accountId, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, requirementsDue: '[]' });
    expect(await t.deps.payments.getAccountStatus(account.accountId)).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, capabilities: { card_payments: 'active', transfers: 'active' } });
    // The same HOA gets the same account, however often setup is started.
    expect((await ensureConnectAccount(t.deps, maple, DEMO.maple.superadmin)).accountId).toBe(account.accountId);
  });

  it('sends an expired onboarding link to its refresh URL', async () => {
    const account = await ensureConnectAccount(t.deps, maple, DEMO.maple.superadmin);
    const { url } = await t.deps.payments.createAccountLink({ accountId: account.accountId, refreshUrl: '/stripe-setup?refresh=1', returnUrl: '/stripe-setup' });
    t.clock.advance(10 * 60_000);
    expect(await page(new URL(url).pathname)).toMatchObject({ status: 303, location: '/stripe-setup?refresh=1' });
  });
});

describe('local Checkout with the test cards', () => {
  beforeEach(() => onboard(true));

  it('4242 4242 4242 4242 pays: redirect to the success URL, invoice checkout paid, receipt queued', async () => {
    const session = await invoiceCheckout();
    expect(session.url).toBe(`http://localhost:8787/dev/pay/checkout/${session.id}`);
    const path = `/dev/pay/checkout/${session.id}`;
    const get = await page(path);
    expect(get.status).toBe(200);
    expect(get.html).toContain('Monthly dues');
    expect(get.html).toContain('$125.50');
    const paid = await page(path, card('4242 4242 4242 4242'));
    expect(paid).toMatchObject({ status: 303, location: `http://localhost:8787/invoices/${ritaInvoice}?paid=1` });
    expect(await checkoutRow(session.id)).toMatchObject({ status: 'paid' });
    expect((await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'payment-receipt'))).map((m) => m.toEmail)).toEqual([rita.email]);
    // Paying again is not possible: the session is complete.
    expect((await page(path)).html).toContain('<h2>Paid</h2>');
    expect((await page(path, card(TEST_CARDS.success))).html).toContain('<h2>Paid</h2>');
    // The event went through the webhook processing and was recorded.
    expect((await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'checkout.session.completed'))).map((e) => e.outcome)).toEqual(['applied']);
  });

  it('reuses the open session of an invoice instead of creating a second payment', async () => {
    const first = await invoiceCheckout();
    expect((await invoiceCheckout()).id).toBe(first.id);
  });

  it('4000 0025 0000 3155 asks for 3-D Secure; completing it pays, failing it does not', async () => {
    const session = await invoiceCheckout();
    const path = `/dev/pay/checkout/${session.id}`;
    const challenged = await page(path, card(TEST_CARDS.threeDSecure));
    expect(challenged).toMatchObject({ status: 303, location: `/dev/pay/authenticate/${session.id}` });
    expect((await page(challenged.location!)).html).toContain('Complete authentication');

    const failed = await page(challenged.location!, { action: 'fail' });
    expect(failed.status).toBe(303);
    expect((await page(failed.location!)).html).toContain(CARD_MESSAGES.authenticationFailed.replace("'", '&#39;'));
    expect(await checkoutRow(session.id)).toMatchObject({ status: 'open' });

    await page(path, card(TEST_CARDS.threeDSecure));
    const done = await page(`/dev/pay/authenticate/${session.id}`, { action: 'complete' });
    expect(done).toMatchObject({ status: 303, location: `http://localhost:8787/invoices/${ritaInvoice}?paid=1` });
    expect(await checkoutRow(session.id)).toMatchObject({ status: 'paid' });
  });

  it('4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds', async () => {
    const session = await invoiceCheckout();
    const path = `/dev/pay/checkout/${session.id}`;
    const declined = await page(path, card(TEST_CARDS.declined));
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    const poor = await page(path, card(TEST_CARDS.insufficientFunds));
    expect(poor.status).toBe(402);
    expect(poor.html).toContain('Your card has insufficient funds.');
    expect((await page(path, { number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' })).html).toContain('Your card number is invalid.');
    expect((await page(path, { number: TEST_CARDS.success, expiry: '01/20', cvc: '123' })).html).toContain('expiration year is in the past');
    expect((await page(path, { number: TEST_CARDS.success, expiry: '12/34', cvc: '' })).html).toContain('security code is incomplete');
    expect(await checkoutRow(session.id)).toMatchObject({ status: 'open' });
    // No event but the onboarding's account.updated: a declined card changes nothing.
    expect((await t.deps.database.db.select().from(paymentEvents)).map((e) => e.type)).toEqual(['account.updated']);
  });
});

describe('local subscription lifecycle', () => {
  it('signup: customer, card saved through the SetupIntent page, trial subscription mirrored by its event', async () => {
    // A fresh HOA row with an incomplete subscription, as the signup issue will create it.
    const now = t.clock();
    const hoaId = 'hoa_new';
    await t.deps.database.transaction(async (tx) => {
      await tx.insert(hoas).values({ id: hoaId, ...hoaNameColumns('New HOA'), createdAt: now });
      await tx.insert(subscriptions).values({ id: 'subrow_new', hoaId, plan: 'starter', status: 'incomplete', createdAt: now, updatedAt: now });
    });
    const p = t.deps.payments;
    const customer = await p.createCustomer({ email: 'owner@new.test', name: 'New HOA', metadata: { hoa_id: hoaId }, idempotencyKey: `signup:${hoaId}:customer` });
    expect(await p.createCustomer({ email: 'owner@new.test', name: 'New HOA', metadata: { hoa_id: hoaId }, idempotencyKey: `signup:${hoaId}:customer` })).toEqual(customer);
    const si = await p.createSetupIntent({ customerId: customer.id, metadata: { hoa_id: hoaId }, idempotencyKey: `signup:${hoaId}:setup` });
    expect(si.clientSecret.startsWith(`${si.id}_secret_`)).toBe(true);

    const setupPage = `/dev/pay/setup/${si.id}?return_url=${encodeURIComponent('/signup?step=4')}`;
    expect((await page(setupPage)).html).toContain('Save a card for your subscription');
    expect((await page(setupPage, card(TEST_CARDS.declined))).html).toContain('Your card was declined.');
    const saved = await page(setupPage, card(TEST_CARDS.success));
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`http://localhost:8787/signup?step=4&setup_intent=${si.id}&redirect_status=succeeded`);
    const confirmed = await p.getSetupIntent(si.id);
    expect(confirmed).toMatchObject({ status: 'succeeded', customerId: customer.id });

    const sub = await p.createSubscription({ customerId: customer.id, plan: 'starter', paymentMethodId: confirmed.paymentMethodId!, trialDays: 30, metadata: { hoa_id: hoaId }, idempotencyKey: `signup:${hoaId}:subscription` });
    expect(sub).toMatchObject({ status: 'trialing', plan: 'starter', trialEnd: Math.floor(now / 1000) * 1000 + 30 * 86_400_000 });
    await local.flush();
    const [row] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, hoaId));
    expect(row).toMatchObject({ status: 'trialing', providerSubscriptionId: sub.id, providerCustomerId: customer.id, trialEnd: sub.trialEnd });
  });

  it('billing portal: the seeded trial is shown, canceling and renewing reach the subscription row', async () => {
    expect(await linkLocalSubscriptions(t.deps)).toBe(2);
    const [row] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, maple.id));
    const { url } = await t.deps.payments.createBillingPortalSession({ customerId: row.providerCustomerId!, returnUrl: 'http://localhost:8787/profile' });
    const portal = new URL(url).pathname;
    const view = await page(portal);
    expect(view.html).toContain('Growth plan');
    expect(view.html).toContain('$99.00 per month');
    expect(view.html).toContain('trialing');
    expect(view.html).toContain('VISA ending in 4242');

    expect((await page(`${portal}/cancel`, { subscription: row.providerSubscriptionId! })).status).toBe(303);
    expect((await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]).toMatchObject({ cancelAtPeriodEnd: true, status: 'trialing' });
    t.clock.advance(1000);
    await page(`${portal}/renew`, { subscription: row.providerSubscriptionId! });
    expect((await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]).toMatchObject({ cancelAtPeriodEnd: false });

    const updated = await page(`${portal}/card`, card('4000 0025 0000 3155'));
    expect(updated.location).toBe(`/dev/pay/authenticate/${new URL(url).pathname.split('/').pop()}`);
    await page(updated.location!, { action: 'complete' });
    expect((await page(portal)).html).toContain('VISA ending in 3155');
  });

  it('reactivation Checkout starts a paid subscription and makes it the HOA subscription', async () => {
    await linkLocalSubscriptions(t.deps);
    const [row] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, maple.id));
    await t.deps.payments.cancelSubscription({ subscriptionId: row.providerSubscriptionId!, immediately: true, reason: 'Budget' });
    await local.flush();
    expect((await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]).toMatchObject({ status: 'canceled', cancellationReason: 'Budget' });

    t.clock.advance(5000);
    const checkout = await t.deps.payments.createReactivationCheckout({
      customerId: row.providerCustomerId!,
      plan: 'pro',
      successUrl: 'http://localhost:8787/dashboard',
      cancelUrl: 'http://localhost:8787/reactivation?checkout=canceled',
      metadata: { hoa_id: maple.id },
      idempotencyKey: `reactivate:${maple.id}:1`,
    });
    const path = new URL(checkout.url).pathname;
    expect((await page(path)).html).toContain('$199.00');
    expect(await page(path, card(TEST_CARDS.success))).toMatchObject({ status: 303, location: 'http://localhost:8787/dashboard' });
    const [after] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after).toMatchObject({ status: 'active', plan: 'pro', cancelAtPeriodEnd: false });
    expect(after.providerSubscriptionId).not.toBe(row.providerSubscriptionId);
  });

  it('plan changes: upgrade now, downgrade scheduled for the period end', async () => {
    await linkLocalSubscriptions(t.deps);
    const [row] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, maple.id));
    t.clock.advance(1000);
    const up = await t.deps.payments.changePlan({ subscriptionId: row.providerSubscriptionId!, plan: 'pro', direction: 'upgrade', idempotencyKey: 'plan:1' });
    expect(up.plan).toBe('pro');
    await local.flush();
    expect((await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0].plan).toBe('pro');
    const down = await t.deps.payments.changePlan({ subscriptionId: row.providerSubscriptionId!, plan: 'starter', direction: 'downgrade', idempotencyKey: 'plan:2' });
    expect(down.plan).toBe('pro');
    const { url } = await t.deps.payments.createBillingPortalSession({ customerId: row.providerCustomerId!, returnUrl: '/profile' });
    expect((await page(new URL(url).pathname)).html).toContain('Scheduled change');
  });
});

describe('local SetupIntent page', () => {
  it('returns only into the app, whatever return_url says', async () => {
    const p = t.deps.payments;
    const customer = await p.createCustomer({ email: 'a@b.test', name: 'A', metadata: {}, idempotencyKey: 'c-1' });
    const si = await p.createSetupIntent({ customerId: customer.id, metadata: {}, idempotencyKey: 's-1' });
    const r = await page(`/dev/pay/setup/${si.id}?return_url=${encodeURIComponent('https://evil.example/steal')}`, card(TEST_CARDS.success));
    expect(r.location).toBe(`http://localhost:8787/?setup_intent=${si.id}&redirect_status=succeeded`);
  });
});
