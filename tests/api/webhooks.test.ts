import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAccounts, emailOutbox, hoas, invoiceCheckouts, paymentEvents, subscriptions, users } from '../../schema/tables';
import { eventHandlers, WEBHOOK_MESSAGES, type InvoicePaidListener } from '../../worker/domain/payments';
import { signWebhookPayload } from '../../worker/services/payments/stripe';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO } from '../helpers/http';
import { TEST_WEBHOOK_SECRET } from '../helpers/services';

/**
 * POST /api/webhooks/stripe: Stripe's signature scheme, each event id processed once, and older
 * events never overwriting newer state.
 */
let t: TestApp;
let mapleId: string;
let seq = 0;

beforeEach(async () => {
  t = await createTestApp();
  const [h] = await t.deps.database.db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  mapleId = h.id;
});
afterEach(() => {
  t.close();
});

/** Stands in for the invoices area's listener (its declaration's `listeners.invoicePaid`) for one test. */
const onInvoicePaid = (listener: InvoicePaidListener) => t.deps.areas.listeners.invoicePaid.splice(0, Infinity, listener);

const nowS = () => Math.floor(t.clock() / 1000);

function event(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number; account?: string } = {}) {
  return { id: opts.id ?? `evt_test_${++seq}`, object: 'event', type, created: opts.created ?? nowS(), ...(opts.account ? { account: opts.account } : {}), data: { object } };
}

async function post(body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['stripe-signature'] = signature;
  const res = await t.app.request('http://localhost/api/webhooks/stripe', { method: 'POST', headers, body });
  return { status: res.status, json: await res.json() };
}

/** Signs like Stripe (t=…,v1=HMAC) with the test app's webhook secret at the app's current time. */
async function send(e: ReturnType<typeof event>, opts: { secret?: string; signedAt?: number } = {}) {
  const body = JSON.stringify(e);
  return post(body, await signWebhookPayload(body, opts.secret ?? TEST_WEBHOOK_SECRET, opts.signedAt ?? nowS()));
}

function sub(status: string, over: Record<string, unknown> = {}) {
  return {
    id: 'sub_maple',
    object: 'subscription',
    customer: 'cus_maple',
    status,
    trial_end: nowS() + 20 * 86_400,
    cancel_at_period_end: false,
    canceled_at: null,
    metadata: { hoa_id: mapleId, plan: 'growth' },
    items: { data: [{ id: 'si_1', price: { id: 'price_local_growth', lookup_key: 'growth' }, current_period_end: nowS() + 20 * 86_400 }] },
    ...over,
  };
}

const mapleSub = async () => (await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, mapleId)))[0];
const recorded = async (id: string) => (await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id)))[0];

describe('webhook signatures', () => {
  it('accepts a correctly signed event and applies it', async () => {
    const e = event('customer.subscription.updated', sub('active'));
    expect(await send(e)).toEqual({ status: 200, json: { received: true, duplicate: false, outcome: 'applied' } });
    expect(await mapleSub()).toMatchObject({ status: 'active', providerSubscriptionId: 'sub_maple', providerCustomerId: 'cus_maple', lastEventAt: e.created * 1000 });
    expect(await recorded(e.id)).toMatchObject({ type: 'customer.subscription.updated', outcome: 'applied' });
  });

  it('refuses a missing, malformed, wrongly signed or tampered event with 400 and records nothing', async () => {
    const e = event('customer.subscription.updated', sub('canceled'));
    const body = JSON.stringify(e);
    const good = await signWebhookPayload(body, TEST_WEBHOOK_SECRET, nowS());
    const bad = [
      await post(body),
      await post(body, 'nonsense'),
      await post(body, await signWebhookPayload(body, 'whsec_someone_else', nowS())),
      await post(body.replace('canceled', 'active'), good),
      await post(body, good.replace(/v1=[0-9a-f]{4}/, 'v1=0000')),
    ];
    for (const r of bad) expect(r).toEqual({ status: 400, json: { message: WEBHOOK_MESSAGES.invalidSignature } });
    expect(await recorded(e.id)).toBeUndefined();
    expect((await mapleSub()).status).toBe('trialing');
  });

  it('processes a replayed delivery once, and refuses one signed more than 5 minutes ago', async () => {
    const e = event('customer.subscription.updated', sub('active'));
    const body = JSON.stringify(e);
    const signature = await signWebhookPayload(body, TEST_WEBHOOK_SECRET, nowS());
    expect((await post(body, signature)).json).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    // The same request again (a retry, or a replay within the tolerance): acknowledged, not applied twice.
    t.clock.advance(60_000);
    expect(await post(body, signature)).toEqual({ status: 200, json: { received: true, duplicate: true, outcome: null } });
    // Replayed after the tolerance: the timestamp is part of the signed payload, so it cannot be refreshed.
    t.clock.advance(5 * 60_000);
    expect(await post(body, signature)).toEqual({ status: 400, json: { message: WEBHOOK_MESSAGES.invalidSignature } });
  });
});

describe('webhook processing', () => {
  it('handles a duplicate event id once, even with a different body', async () => {
    const first = event('customer.subscription.updated', sub('active'), { id: 'evt_dup' });
    expect((await send(first)).json.outcome).toBe('applied');
    t.clock.advance(1000);
    const again = event('customer.subscription.updated', sub('past_due'), { id: 'evt_dup' });
    expect((await send(again)).json).toEqual({ received: true, duplicate: true, outcome: null });
    expect((await mapleSub()).status).toBe('active');
  });

  it('never lets an older event overwrite newer state', async () => {
    const t0 = nowS();
    const newer = event('customer.subscription.updated', sub('active'), { created: t0 + 10 });
    const older = event('customer.subscription.updated', sub('past_due'), { created: t0 });
    expect((await send(newer)).json.outcome).toBe('applied');
    expect((await send(older)).json).toEqual({ received: true, duplicate: false, outcome: 'stale' });
    expect(await mapleSub()).toMatchObject({ status: 'active', lastEventAt: (t0 + 10) * 1000 });
    expect(await recorded(older.id)).toMatchObject({ outcome: 'stale' });
    // In order, the next newer one applies.
    expect((await send(event('customer.subscription.updated', sub('past_due'), { created: t0 + 20 }))).json.outcome).toBe('applied');
    expect((await mapleSub()).status).toBe('past_due');
  });

  it('applies events of the same second in arrival order, but nothing of that second revives a canceled subscription', async () => {
    const s = nowS();
    await send(event('customer.subscription.created', sub('trialing'), { created: s }));
    await send(event('customer.subscription.updated', sub('active'), { created: s }));
    expect((await mapleSub()).status).toBe('active');
    await send(event('customer.subscription.deleted', sub('canceled', { canceled_at: s, cancellation_details: { comment: 'Moving to another tool' } }), { created: s }));
    expect((await send(event('customer.subscription.updated', sub('active'), { created: s }))).json.outcome).toBe('stale');
    expect(await mapleSub()).toMatchObject({ status: 'canceled', canceledAt: s * 1000, cancellationReason: 'Moving to another tool' });
  });

  it('acknowledges and records events it has no handler for', async () => {
    const e = event('invoice.paid', { id: 'in_1', object: 'invoice', subscription: 'sub_maple' });
    expect((await send(e)).json).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    expect(await recorded(e.id)).toMatchObject({ outcome: 'ignored' });
    // A subscription nobody knows is ignored, not created.
    const stranger = event('customer.subscription.updated', sub('active', { id: 'sub_other', metadata: {} }));
    expect((await send(stranger)).json.outcome).toBe('ignored');
  });

  it('dispatches each handled event type to its handler', () => {
    expect(Object.keys(eventHandlers).sort()).toEqual(
      [
        'account.updated',
        'charge.refund.updated',
        'checkout.session.async_payment_failed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.completed',
        'checkout.session.expired',
        'customer.subscription.created',
        'customer.subscription.deleted',
        'customer.subscription.paused',
        'customer.subscription.resumed',
        'customer.subscription.trial_will_end',
        'customer.subscription.updated',
        'invoice.payment_failed',
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
        'refund.failed',
        'refund.updated',
        'setup_intent.succeeded',
      ].sort(),
    );
  });

  it('mirrors account.updated onto the connected account, in order', async () => {
    const now = t.clock();
    // The demo seed connected Maple Grove to a local account; this test links it to one of its own.
    await t.deps.database.transaction(async (tx) => {
      await tx.delete(connectAccounts).where(eq(connectAccounts.hoaId, mapleId));
      await tx.insert(connectAccounts).values({ hoaId: mapleId, accountId: 'acct_maple', createdAt: now, updatedAt: now });
    });
    const account = (enabled: boolean) => ({
      id: 'acct_maple',
      object: 'account',
      details_submitted: true,
      charges_enabled: enabled,
      payouts_enabled: enabled,
      requirements: { currently_due: enabled ? [] : ['external_account'], past_due: [] },
    });
    const s = nowS();
    expect((await send(event('account.updated', account(true), { created: s + 5, account: 'acct_maple' }))).json.outcome).toBe('applied');
    expect((await send(event('account.updated', account(false), { created: s, account: 'acct_maple' }))).json.outcome).toBe('stale');
    const [row] = await t.deps.database.db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, mapleId));
    expect(row).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, requirementsDue: '[]' });
  });

  it('settles an invoice Checkout once: paid, the invoices area told how it was paid; a late "expired" changes nothing', async () => {
    const [rita] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident));
    const now = t.clock();
    await t.deps.database.transaction((tx) =>
      tx.insert(invoiceCheckouts).values({ id: 'cs_inv', hoaId: mapleId, invoiceId: 'inv_1', userId: rita.id, amountCents: 12550, status: 'open', url: 'http://x', createdAt: now, updatedAt: now }),
    );
    const told: unknown[] = [];
    onInvoicePaid(async (_deps, _tx, paid) => void told.push(paid));
    const session = (over: Record<string, unknown>) => ({ id: 'cs_inv', object: 'checkout.session', mode: 'payment', description: 'Monthly dues', metadata: { kind: 'invoice', invoice_id: 'inv_1' }, ...over });
    const s = nowS();
    const completed = event('checkout.session.completed', session({ payment_status: 'paid', payment_intent: 'pi_1' }), { created: s, account: 'acct_maple' });
    expect((await send(completed)).json.outcome).toBe('applied');
    expect((await send(completed)).json.duplicate).toBe(true);
    expect((await send(event('checkout.session.expired', session({ status: 'expired' }), { created: s + 60 }))).json.outcome).toBe('stale');

    const [checkout] = await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, 'cs_inv'));
    expect(checkout).toMatchObject({ status: 'paid', paymentIntentId: 'pi_1' });
    // Told once, with how it was paid for the receipt (the invoices area posts the payment and mails it: tests/api/dues.test.ts).
    expect(told).toEqual([{ hoaId: mapleId, invoiceId: 'inv_1', checkoutId: 'cs_inv', amountCents: 12550, feeCents: 0, paidAt: t.clock(), method: 'online', methodDetail: null, reference: 'pi_1' }]);
  });

  it('rolls back an event whose handler fails, so the provider retry processes it', async () => {
    const [rita] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident));
    const now = t.clock();
    await t.deps.database.transaction((tx) =>
      tx.insert(invoiceCheckouts).values({ id: 'cs_fail', hoaId: mapleId, invoiceId: 'inv_fail', userId: rita.id, amountCents: 100, status: 'open', url: 'http://x', createdAt: now, updatedAt: now }),
    );
    let failures = 1;
    onInvoicePaid(async (_deps, _tx, paid) => {
      if (paid.invoiceId === 'inv_fail' && failures-- > 0) throw new Error('invoice table locked');
    });
    const e = event('checkout.session.completed', { id: 'cs_fail', object: 'checkout.session', payment_status: 'paid', metadata: { kind: 'invoice' } });
    const body = JSON.stringify(e);
    const signature = await signWebhookPayload(body, TEST_WEBHOOK_SECRET, nowS());
    expect((await post(body, signature)).status).toBe(500);
    expect(await recorded(e.id)).toBeUndefined();
    expect((await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, 'cs_fail')))[0].status).toBe('open');
    expect((await post(body, signature)).json).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    expect((await t.deps.database.db.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, 'cs_fail')))[0].status).toBe('paid');
  });

  it('mails the superadmins when a trial is about to end', async () => {
    await send(event('customer.subscription.updated', sub('trialing')));
    const r = await send(event('customer.subscription.trial_will_end', sub('trialing')));
    expect(r.json.outcome).toBe('applied');
    const mails = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'trial-ending'));
    expect(mails.map((m) => m.toEmail)).toEqual([DEMO.maple.superadmin]);
    expect(mails[0].text).toContain('Growth plan for Maple Grove HOA ends on');
  });
});

describe('webhook limits', () => {
  it('refuses a body over 512 KiB before verifying anything', async () => {
    const r = await post('x'.repeat(512 * 1024 + 1), 't=1,v1=00');
    expect(r).toEqual({ status: 413, json: { message: 'The request is too large (at most 512 KB).' } });
  });
});
