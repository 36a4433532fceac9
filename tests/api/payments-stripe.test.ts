import { describe, expect, it } from 'vitest';
import { createStripePayments, signWebhookPayload } from '../../worker/services/payments/stripe';
import { PaymentRefusedError, WebhookSignatureError } from '../../worker/services/payments/types';

/**
 * The Stripe implementation against a fake fetch: the exact API calls (method, path, form body),
 * an idempotency key on every create, the connected account header, and webhook verification.
 */
interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
}

const PERIOD_START = 1_795_000_000;
const PERIOD_END = PERIOD_START + 30 * 86_400;

function subscription(over: Record<string, unknown> = {}) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'trialing',
    trial_end: PERIOD_END,
    cancel_at_period_end: false,
    canceled_at: null,
    metadata: { hoa_id: 'hoa_1' },
    items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_growth', lookup_key: null }, current_period_end: PERIOD_END }] },
    ...over,
  };
}

function fakeStripe(respond: (r: Recorded) => { status?: number; body: unknown } | undefined) {
  const requests: Recorded[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const r: Recorded = {
      method: init.method ?? 'GET',
      path: u.pathname,
      params: new URLSearchParams(init.body ? String(init.body) : u.search),
      headers: new Headers(init.headers),
    };
    requests.push(r);
    const answer = respond(r);
    if (!answer) return new Response(JSON.stringify({ error: { type: 'invalid_request_error', message: `unexpected ${r.method} ${r.path}` } }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json', 'request-id': 'req_1' } });
  }) as typeof fetch;
  const provider = createStripePayments({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: 'whsec_fake',
    prices: { starter: 'price_starter', growth: 'price_growth', pro: 'price_pro' },
    fetch: fetchFn,
  });
  return { provider, requests };
}

const form = (r: Recorded) => Object.fromEntries(r.params.entries());

describe('Stripe payments (official SDK, fake fetch)', () => {
  it('creates the customer, SetupIntent and trial subscription of a signup, each with its idempotency key', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.path === '/v1/customers') return { body: { id: 'cus_1', object: 'customer' } };
      if (r.path === '/v1/setup_intents') return { body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_abc', status: 'requires_payment_method' } };
      if (r.path === '/v1/setup_intents/seti_1') return { body: { id: 'seti_1', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_1', customer: 'cus_1' } };
      if (r.path === '/v1/subscriptions') return { body: subscription() };
      return undefined;
    });
    expect(await provider.createCustomer({ email: 'owner@new.test', name: 'New HOA', metadata: { hoa_id: 'hoa_1' }, idempotencyKey: 'signup:hoa_1:customer' })).toEqual({ id: 'cus_1' });
    expect(await provider.createSetupIntent({ customerId: 'cus_1', metadata: { hoa_id: 'hoa_1' }, idempotencyKey: 'signup:hoa_1:setup' })).toEqual({ id: 'seti_1', clientSecret: 'seti_1_secret_abc' });
    expect(await provider.getSetupIntent('seti_1')).toEqual({ id: 'seti_1', status: 'succeeded', paymentMethodId: 'pm_1', customerId: 'cus_1' });
    const sub = await provider.createSubscription({ customerId: 'cus_1', plan: 'growth', paymentMethodId: 'pm_1', trialDays: 30, metadata: { hoa_id: 'hoa_1' }, idempotencyKey: 'signup:hoa_1:subscription' });
    expect(sub).toEqual({ id: 'sub_1', customerId: 'cus_1', status: 'trialing', plan: 'growth', trialEnd: PERIOD_END * 1000, currentPeriodEnd: PERIOD_END * 1000, cancelAtPeriodEnd: false, canceledAt: null });

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/setup_intents', 'GET /v1/setup_intents/seti_1', 'POST /v1/subscriptions']);
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['signup:hoa_1:customer', 'signup:hoa_1:setup', null, 'signup:hoa_1:subscription']);
    expect(requests[0].headers.get('authorization')).toBe('Bearer sk_test_fake');
    expect(form(requests[0])).toEqual({ email: 'owner@new.test', name: 'New HOA', 'metadata[hoa_id]': 'hoa_1' });
    expect(form(requests[1])).toEqual({
      customer: 'cus_1',
      usage: 'off_session',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[hoa_id]': 'hoa_1',
    });
    expect(form(requests[3])).toEqual({
      customer: 'cus_1',
      'items[0][price]': 'price_growth',
      default_payment_method: 'pm_1',
      trial_period_days: '30',
      'trial_settings[end_behavior][missing_payment_method]': 'cancel',
      'metadata[hoa_id]': 'hoa_1',
      'metadata[plan]': 'growth',
    });
  });

  it('retries a failed create with the same idempotency key', async () => {
    let n = 0;
    const { provider, requests } = fakeStripe(() => (n++ === 0 ? { status: 500, body: { error: { type: 'api_error', message: 'boom' } } } : { body: { id: 'cus_9', object: 'customer' } }));
    expect(await provider.createCustomer({ email: 'a@b.test', name: 'A', metadata: {}, idempotencyKey: 'k-1' })).toEqual({ id: 'cus_9' });
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1']);
  });

  it('upgrades now with proration, and downgrades at the period end through a schedule', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.method === 'GET' && r.path === '/v1/subscriptions/sub_1') return { body: subscription() };
      if (r.method === 'POST' && r.path === '/v1/subscriptions/sub_1') return { body: subscription({ items: { data: [{ id: 'si_1', price: { id: 'price_pro' }, current_period_end: PERIOD_END }] } }) };
      if (r.path === '/v1/subscription_schedules') return { body: { id: 'sub_sched_1', phases: [{ start_date: PERIOD_START, end_date: PERIOD_END, items: [{ price: 'price_growth' }] }] } };
      if (r.path === '/v1/subscription_schedules/sub_sched_1') return { body: { id: 'sub_sched_1' } };
      return undefined;
    });
    const up = await provider.changePlan({ subscriptionId: 'sub_1', plan: 'pro', direction: 'upgrade', idempotencyKey: 'plan:hoa_1:pro:1' });
    expect(up.plan).toBe('pro');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_1', 'POST /v1/subscriptions/sub_1']);
    expect(form(requests[1])).toEqual({ 'items[0][id]': 'si_1', 'items[0][price]': 'price_pro', proration_behavior: 'always_invoice', 'metadata[plan]': 'pro' });
    expect(requests[1].headers.get('idempotency-key')).toBe('plan:hoa_1:pro:1');

    requests.length = 0;
    await provider.changePlan({ subscriptionId: 'sub_1', plan: 'starter', direction: 'downgrade', idempotencyKey: 'plan:hoa_1:starter:2' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules',
      'POST /v1/subscription_schedules/sub_sched_1',
      'GET /v1/subscriptions/sub_1',
    ]);
    expect(form(requests[1])).toEqual({ from_subscription: 'sub_1' });
    expect(requests[1].headers.get('idempotency-key')).toBe('plan:hoa_1:starter:2:schedule');
    expect(form(requests[2])).toEqual({
      end_behavior: 'release',
      'phases[0][items][0][price]': 'price_growth',
      'phases[0][items][0][quantity]': '1',
      'phases[0][start_date]': String(PERIOD_START),
      'phases[0][end_date]': String(PERIOD_END),
      'phases[1][items][0][price]': 'price_starter',
      'phases[1][items][0][quantity]': '1',
      'phases[1][duration][interval]': 'month',
      'phases[1][duration][interval_count]': '1',
      'phases[1][proration_behavior]': 'none',
    });
    expect(requests[2].headers.get('idempotency-key')).toBe('plan:hoa_1:starter:2:phases');
  });

  it('cancels at period end or at once, and opens the billing portal', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.method === 'POST' && r.path === '/v1/subscriptions/sub_1') return { body: subscription({ cancel_at_period_end: true }) };
      if (r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_1') return { body: subscription({ status: 'canceled', canceled_at: PERIOD_START }) };
      if (r.path === '/v1/billing_portal/sessions') return { body: { id: 'bps_1', url: 'https://billing.stripe.com/p/session/test_1' } };
      return undefined;
    });
    expect((await provider.cancelSubscription({ subscriptionId: 'sub_1', reason: 'Too expensive' })).cancelAtPeriodEnd).toBe(true);
    expect(form(requests[0])).toEqual({ cancel_at_period_end: 'true', 'cancellation_details[comment]': 'Too expensive' });
    expect((await provider.cancelSubscription({ subscriptionId: 'sub_1', immediately: true })).status).toBe('canceled');
    expect(`${requests[1].method} ${requests[1].path}`).toBe('DELETE /v1/subscriptions/sub_1');
    expect(await provider.createBillingPortalSession({ customerId: 'cus_1', returnUrl: 'http://localhost:8787/profile' })).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    expect(form(requests[2])).toEqual({ customer: 'cus_1', return_url: 'http://localhost:8787/profile' });
  });

  it('creates the reactivation Checkout and the invoice Checkout on the connected account', async () => {
    const { provider, requests } = fakeStripe((r) => (r.path === '/v1/checkout/sessions' ? { body: { id: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' } } : undefined));
    await provider.createReactivationCheckout({
      customerId: 'cus_1',
      plan: 'starter',
      successUrl: 'http://localhost:8787/dashboard',
      cancelUrl: 'http://localhost:8787/reactivation?checkout=canceled',
      metadata: { hoa_id: 'hoa_1' },
      idempotencyKey: 'reactivate:hoa_1:1',
    });
    expect(form(requests[0])).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      'line_items[0][price]': 'price_starter',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:8787/dashboard',
      cancel_url: 'http://localhost:8787/reactivation?checkout=canceled',
      'metadata[hoa_id]': 'hoa_1',
      'metadata[plan]': 'starter',
      'metadata[kind]': 'reactivation',
      'subscription_data[metadata][hoa_id]': 'hoa_1',
      'subscription_data[metadata][plan]': 'starter',
    });
    expect(requests[0].headers.get('idempotency-key')).toBe('reactivate:hoa_1:1');
    expect(requests[0].headers.get('stripe-account')).toBeNull();

    const checkout = await provider.createInvoiceCheckout({
      connectedAccountId: 'acct_hoa',
      amountCents: 12550,
      description: 'Monthly dues',
      customerEmail: 'rita@maple.test',
      successUrl: 'http://localhost:8787/invoices/inv_1?paid=1',
      cancelUrl: 'http://localhost:8787/invoices/inv_1',
      metadata: { hoa_id: 'hoa_1', invoice_id: 'inv_1' },
      idempotencyKey: 'invoice:inv_1:checkout:1',
    });
    expect(checkout).toEqual({ id: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' });
    expect(requests[1].headers.get('stripe-account')).toBe('acct_hoa');
    expect(requests[1].headers.get('idempotency-key')).toBe('invoice:inv_1:checkout:1');
    expect(form(requests[1])).toMatchObject({
      mode: 'payment',
      customer_email: 'rita@maple.test',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '12550',
      'line_items[0][price_data][product_data][name]': 'Monthly dues',
      'metadata[kind]': 'invoice',
      'metadata[invoice_id]': 'inv_1',
      'payment_intent_data[metadata][invoice_id]': 'inv_1',
    });
  });

  it('expires an invoice Checkout on the connected account, and reads one paid before the expiry', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.method === 'POST' && r.path === '/v1/checkout/sessions/cs_open/expire') return { body: { id: 'cs_open', object: 'checkout.session', status: 'expired', payment_status: 'unpaid', payment_intent: null } };
      if (r.method === 'POST' && r.path === '/v1/checkout/sessions/cs_paid/expire')
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'This Checkout Session is not in an expirable state.' } } };
      if (r.method === 'GET' && r.path === '/v1/checkout/sessions/cs_paid') return { body: { id: 'cs_paid', object: 'checkout.session', status: 'complete', payment_status: 'paid', payment_intent: 'pi_1' } };
      return undefined;
    });
    expect(await provider.expireInvoiceCheckout({ connectedAccountId: 'acct_hoa', sessionId: 'cs_open' })).toEqual({ status: 'expired', paid: false, paymentIntentId: null });
    expect(await provider.expireInvoiceCheckout({ connectedAccountId: 'acct_hoa', sessionId: 'cs_paid' })).toEqual({ status: 'complete', paid: true, paymentIntentId: 'pi_1' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions/cs_open/expire', 'POST /v1/checkout/sessions/cs_paid/expire', 'GET /v1/checkout/sessions/cs_paid']);
    // A direct charge's session lives on the HOA's connected account.
    expect(requests.map((r) => r.headers.get('stripe-account'))).toEqual(['acct_hoa', 'acct_hoa', 'acct_hoa']);
  });

  it('refunds an invoice payment on the connected account with its idempotency key; a refusal is a PaymentRefusedError', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.path !== '/v1/refunds') return undefined;
      if (r.params.get('payment_intent') === 'pi_1') return { body: { id: 're_1', object: 'refund', status: 'succeeded', payment_intent: 'pi_1' } };
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_2 has already been refunded.' } } };
    });
    const metadata = { hoa_id: 'hoa_1', invoice_id: 'inv_1', checkout_id: 'cs_1' };
    expect(await provider.refundInvoicePayment({ connectedAccountId: 'acct_hoa', paymentIntentId: 'pi_1', metadata, idempotencyKey: 'refund:cs_1' })).toEqual({ id: 're_1', status: 'succeeded' });
    expect(form(requests[0])).toEqual({ payment_intent: 'pi_1', 'metadata[hoa_id]': 'hoa_1', 'metadata[invoice_id]': 'inv_1', 'metadata[checkout_id]': 'cs_1' });
    expect(requests[0].headers.get('idempotency-key')).toBe('refund:cs_1');
    expect(requests[0].headers.get('stripe-account')).toBe('acct_hoa');

    const refused = provider.refundInvoicePayment({ connectedAccountId: 'acct_hoa', paymentIntentId: 'pi_2', metadata, idempotencyKey: 'refund:cs_2' });
    await expect(refused).rejects.toBeInstanceOf(PaymentRefusedError);
    await expect(refused).rejects.toThrow('Charge ch_2 has already been refunded.');
    // Not retried: the same request cannot succeed.
    expect(requests).toHaveLength(2);
  });

  it('creates the Express account, its onboarding link, and reads its status', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.path === '/v1/accounts') return { body: { id: 'acct_1', object: 'account' } };
      if (r.path === '/v1/account_links') return { body: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' } };
      if (r.path === '/v1/accounts/acct_1')
        return {
          body: {
            id: 'acct_1',
            details_submitted: true,
            charges_enabled: false,
            payouts_enabled: false,
            capabilities: { card_payments: 'pending', transfers: 'inactive' },
            business_profile: { name: 'Maple Grove HOA', product_description: 'HOA dues and fees' },
            requirements: { currently_due: ['external_account'], past_due: ['tos_acceptance.date', 'external_account'] },
          },
        };
      return undefined;
    });
    expect(await provider.createConnectAccount({ email: 'owner@maple.test', businessName: 'Maple Grove HOA', metadata: { hoa_id: 'hoa_1' }, idempotencyKey: 'connect:hoa_1' })).toEqual({ id: 'acct_1' });
    expect(form(requests[0])).toEqual({
      type: 'express',
      email: 'owner@maple.test',
      'business_profile[name]': 'Maple Grove HOA',
      'business_profile[product_description]': 'HOA dues and fees',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[hoa_id]': 'hoa_1',
    });
    expect(requests[0].headers.get('idempotency-key')).toBe('connect:hoa_1');
    await provider.createAccountLink({ accountId: 'acct_1', refreshUrl: 'http://localhost:8787/stripe-setup?refresh=1', returnUrl: 'http://localhost:8787/stripe-setup' });
    expect(form(requests[1])).toEqual({ account: 'acct_1', refresh_url: 'http://localhost:8787/stripe-setup?refresh=1', return_url: 'http://localhost:8787/stripe-setup', type: 'account_onboarding' });
    expect(await provider.getAccountStatus('acct_1')).toEqual({
      accountId: 'acct_1',
      detailsSubmitted: true,
      chargesEnabled: false,
      payoutsEnabled: false,
      capabilities: { card_payments: 'pending', transfers: 'inactive' },
      businessProfile: { name: 'Maple Grove HOA', product_description: 'HOA dues and fees' },
      requirementsDue: ['external_account', 'tos_acceptance.date'],
    });
  });

  it('verifies webhook signatures with constructEventAsync', async () => {
    const { provider, requests } = fakeStripe(() => undefined);
    const now = Date.parse('2026-11-21T12:00:00Z');
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'account.updated', created: now / 1000, account: 'acct_1', data: { object: { id: 'acct_1' } } });
    const header = await signWebhookPayload(body, 'whsec_fake', now / 1000);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await provider.verifyWebhook(body, header, now)).toEqual({ id: 'evt_1', type: 'account.updated', created: now, account: 'acct_1', object: { id: 'acct_1' } });

    await expect(provider.verifyWebhook(body, await signWebhookPayload(body, 'whsec_other', now / 1000), now)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.verifyWebhook(body.replace('acct_1', 'acct_2'), header, now)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.verifyWebhook(body, undefined, now)).rejects.toBeInstanceOf(WebhookSignatureError);
    // Replayed later than the 5-minute tolerance.
    await expect(provider.verifyWebhook(body, header, now + 301_000)).rejects.toThrow(/tolerance/);
    expect(requests).toHaveLength(0);
  });

  it('offers card and US bank account on an invoice Checkout, puts a passed-on fee on its own line, and reads how it was paid', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.method === 'POST' && r.path === '/v1/checkout/sessions') return { body: { id: 'cs_2', url: 'https://checkout.stripe.com/c/pay/cs_2' } };
      if (r.method === 'GET' && r.path === '/v1/checkout/sessions/cs_2')
        return {
          body: {
            id: 'cs_2',
            object: 'checkout.session',
            payment_intent: {
              id: 'pi_2',
              object: 'payment_intent',
              last_payment_error: { message: "The customer's bank account has been closed." },
              payment_method: { id: 'pm_2', object: 'payment_method', type: 'us_bank_account', us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' } },
            },
          },
        };
      return undefined;
    });
    const base = { connectedAccountId: 'acct_hoa', amountCents: 12550, description: 'Monthly dues', customerEmail: 'rita@maple.test', successUrl: 'http://localhost:8787/i', cancelUrl: 'http://localhost:8787/i', metadata: { invoice_id: 'inv_1' } };
    await provider.createInvoiceCheckout({ ...base, idempotencyKey: 'invoice:inv_1:checkout:1' });
    await provider.createInvoiceCheckout({ ...base, methods: ['us_bank_account'], feeCents: 101, idempotencyKey: 'invoice:inv_1:checkout:2' });
    // Absorbed: both methods, one line. The SDK's API version names the list allowed_payment_method_types.
    expect(form(requests[0])).toMatchObject({ 'allowed_payment_method_types[0]': 'card', 'allowed_payment_method_types[1]': 'us_bank_account', 'line_items[0][price_data][unit_amount]': '12550' });
    expect(form(requests[0])['line_items[1][price_data][unit_amount]']).toBeUndefined();
    // Passed on: the chosen method only, the fee as the second line.
    expect(form(requests[1])).toMatchObject({
      'allowed_payment_method_types[0]': 'us_bank_account',
      'line_items[0][price_data][unit_amount]': '12550',
      'line_items[1][price_data][unit_amount]': '101',
      'line_items[1][price_data][product_data][name]': 'Processing fee',
    });
    expect(form(requests[1])['allowed_payment_method_types[1]']).toBeUndefined();

    expect(await provider.describeInvoicePayment({ connectedAccountId: 'acct_hoa', sessionId: 'cs_2' })).toEqual({
      method: 'us_bank_account',
      methodDetail: 'STRIPE TEST BANK •••• 6789',
      failureReason: "The customer's bank account has been closed.",
    });
    expect(requests[2].method).toBe('GET');
    expect(requests[2].params.get('expand[0]')).toBe('payment_intent.payment_method');
    expect(requests[2].headers.get('stripe-account')).toBe('acct_hoa');
  });
});

describe('Stripe autopay (official SDK, fake fetch)', () => {
  it('creates the customer and a setup-mode Checkout on the connected account, and reads its SetupIntent back', async () => {
    const { provider, requests } = fakeStripe((r) => {
      if (r.path === '/v1/customers') return { body: { id: 'cus_r', object: 'customer' } };
      if (r.path === '/v1/checkout/sessions') return { body: { id: 'cs_s', object: 'checkout.session', url: 'https://checkout.stripe.com/c/cs_s' } };
      if (r.path === '/v1/checkout/sessions/cs_s')
        return { body: { id: 'cs_s', object: 'checkout.session', status: 'complete', customer: 'cus_r', metadata: { user_id: 'u1' }, setup_intent: { id: 'seti_1', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_1' } } };
      if (r.path === '/v1/payment_methods/pm_1') return { body: { id: 'pm_1', object: 'payment_method', type: 'us_bank_account', us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' } } };
      return undefined;
    });
    const autopay = provider.autopay;
    expect(await autopay.createCustomer({ connectedAccountId: 'acct_1', email: 'rita@x.test', name: 'Rita', metadata: { user_id: 'u1' }, idempotencyKey: 'customer:h:u1' })).toEqual({ id: 'cus_r' });
    const session = await autopay.createSetupSession({ connectedAccountId: 'acct_1', customerId: 'cus_r', kind: 'us_bank_account', successUrl: 'https://app/autopay?setup={CHECKOUT_SESSION_ID}', cancelUrl: 'https://app/autopay', metadata: { user_id: 'u1' }, idempotencyKey: 'setup:1' });
    expect(session).toEqual({ id: 'cs_s', url: 'https://checkout.stripe.com/c/cs_s' });
    expect(await autopay.getSetupSession({ connectedAccountId: 'acct_1', sessionId: 'cs_s' })).toEqual({ status: 'succeeded', paymentMethodId: 'pm_1', customerId: 'cus_r', metadata: { user_id: 'u1' } });
    expect(await autopay.getPaymentMethod({ connectedAccountId: 'acct_1', paymentMethodId: 'pm_1' })).toEqual({ id: 'pm_1', kind: 'us_bank_account', label: 'STRIPE TEST BANK', last4: '6789', expMonth: null, expYear: null });

    expect(requests.map((r) => r.headers.get('stripe-account'))).toEqual(['acct_1', 'acct_1', 'acct_1', 'acct_1']);
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['customer:h:u1', 'setup:1', null, null]);
    expect(form(requests[1])).toEqual({
      mode: 'setup',
      currency: 'usd',
      customer: 'cus_r',
      'allowed_payment_method_types[0]': 'us_bank_account',
      'payment_method_options[us_bank_account][verification_method]': 'automatic',
      'setup_intent_data[metadata][user_id]': 'u1',
      success_url: 'https://app/autopay?setup={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app/autopay',
      'metadata[user_id]': 'u1',
      'metadata[kind]': 'autopay_setup',
    });
    expect(requests[2].params.get('expand[0]')).toBe('setup_intent');
  });

  it('charges off session with the autopay key; a card decline answers failed with Stripe’s reason', async () => {
    let declined = false;
    const { provider, requests } = fakeStripe((r) => {
      if (r.path !== '/v1/payment_intents') return undefined;
      if (declined) return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: { id: 'pi_2', object: 'payment_intent', status: 'requires_payment_method' } } } };
      return { body: { id: 'pi_1', object: 'payment_intent', status: 'processing' } };
    });
    const input = { connectedAccountId: 'acct_1', customerId: 'cus_r', paymentMethodId: 'pm_1', amountCents: 12550, description: 'Monthly dues', metadata: { kind: 'autopay', attempt_id: 'a1' }, idempotencyKey: 'autopay:inv1:1' };
    expect(await provider.autopay.chargeOffSession(input)).toEqual({ id: 'pi_1', status: 'processing', failureMessage: null });
    expect(form(requests[0])).toEqual({
      amount: '12550',
      currency: 'usd',
      customer: 'cus_r',
      payment_method: 'pm_1',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'us_bank_account',
      off_session: 'true',
      confirm: 'true',
      description: 'Monthly dues',
      'metadata[kind]': 'autopay',
      'metadata[attempt_id]': 'a1',
    });
    expect(requests[0].headers.get('idempotency-key')).toBe('autopay:inv1:1');
    expect(requests[0].headers.get('stripe-account')).toBe('acct_1');
    declined = true;
    expect(await provider.autopay.chargeOffSession({ ...input, idempotencyKey: 'autopay:inv1:2' })).toEqual({ id: 'pi_2', status: 'failed', failureMessage: 'Your card was declined.' });
  });
});
