import Stripe from 'stripe';
import { PROCESSING_FEE_MESSAGES } from '../../../schema/processing-fees';
import { createStripeAutopay } from './stripe-autopay';
import {
  checkoutOffer,
  paymentMethodDetails,
  PaymentRefusedError,
  toAccountStatus,
  toProviderSubscription,
  WebhookSignatureError,
  type CheckoutState,
  type PaidPlan,
  type PaymentEvent,
  type PaymentProvider,
} from './types';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  /** Price ids of the monthly plans (STRIPE_PRICE_STARTER, …). */
  prices: Record<PaidPlan, string>;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** The SDK's fetch client and SubtleCrypto provider: no Node APIs, so it runs on Workers too. */
export function createStripePayments(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(config.fetch),
    // Retries reuse the idempotency key, so a create is never doubled.
    maxNetworkRetries: 2,
    timeout: 10_000,
  });
  const priceToPlan = (priceId: string) => (Object.entries(config.prices).find(([, id]) => id === priceId)?.[0] as PaidPlan | undefined) ?? null;
  const subscription = (sub: Stripe.Subscription) => toProviderSubscription(sub as unknown as Record<string, any>, priceToPlan);

  return {
    kind: 'stripe',
    publishableKey: config.publishableKey,
    autopay: createStripeAutopay(stripe),

    async createCustomer({ email, name, metadata, idempotencyKey }) {
      const c = await stripe.customers.create({ email, name, metadata }, { idempotencyKey });
      return { id: c.id };
    },

    async createSetupIntent({ customerId, metadata, idempotencyKey }) {
      const si = await stripe.setupIntents.create(
        { customer: customerId, usage: 'off_session', automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata },
        { idempotencyKey },
      );
      return { id: si.id, clientSecret: si.client_secret! };
    },

    async getSetupIntent(id) {
      const si = await stripe.setupIntents.retrieve(id);
      const pm = si.payment_method;
      const customer = si.customer;
      return {
        id: si.id,
        status: si.status,
        paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? null),
        customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
      };
    },

    async createSubscription({ customerId, plan, paymentMethodId, trialDays, metadata, idempotencyKey }) {
      const sub = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: config.prices[plan] }],
          default_payment_method: paymentMethodId,
          trial_period_days: trialDays,
          // With no payment method left at trial end, cancel rather than bill nobody.
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          metadata: { ...metadata, plan },
        },
        { idempotencyKey },
      );
      return subscription(sub);
    },

    async changePlan({ subscriptionId, plan, direction, idempotencyKey }) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (direction === 'upgrade') {
        // Upgrades take effect immediately: swap the price and invoice the prorated difference now.
        const sub = await stripe.subscriptions.update(
          subscriptionId,
          { items: [{ id: item.id, price: config.prices[plan] }], proration_behavior: 'always_invoice', metadata: { plan } },
          { idempotencyKey },
        );
        return subscription(sub);
      }
      // Downgrades take effect at the next billing cycle: a schedule keeps the current price until the
      // period ends, then switches to the new one and releases the subscription.
      const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }, { idempotencyKey: `${idempotencyKey}:schedule` });
      const phase = schedule.phases[0];
      await stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          phases: [
            { items: [{ price: item.price.id, quantity: 1 }], start_date: phase.start_date, end_date: phase.end_date },
            { items: [{ price: config.prices[plan], quantity: 1 }], duration: { interval: 'month', interval_count: 1 }, proration_behavior: 'none' },
          ],
        },
        { idempotencyKey: `${idempotencyKey}:phases` },
      );
      return subscription(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async cancelSubscription({ subscriptionId, immediately, reason }) {
      const details = reason ? { cancellation_details: { comment: reason.slice(0, 500) } } : {};
      const sub = immediately
        ? await stripe.subscriptions.cancel(subscriptionId, details)
        : await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true, ...details });
      return subscription(sub);
    },

    async createBillingPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    async createReactivationCheckout({ customerId, plan, successUrl, cancelUrl, metadata, idempotencyKey }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: config.prices[plan], quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { ...metadata, plan, kind: 'reactivation' },
          subscription_data: { metadata: { ...metadata, plan } },
        },
        { idempotencyKey },
      );
      return { id: session.id, url: session.url! };
    },

    async createConnectAccount({ email, businessName, metadata, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          business_profile: { name: businessName, product_description: 'HOA dues and fees' },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata,
        },
        { idempotencyKey },
      );
      return { id: account.id };
    },

    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' });
      return { url: link.url };
    },

    async getAccountStatus(accountId) {
      return toAccountStatus((await stripe.accounts.retrieve(accountId)) as unknown as Record<string, any>);
    },

    async createInvoiceCheckout(input) {
      const { connectedAccountId, amountCents, description, customerEmail, successUrl, cancelUrl, metadata, idempotencyKey } = input;
      const { methods, feeCents } = checkoutOffer(input);
      // A direct charge on the connected account: the HOA is the merchant of record, the money is theirs.
      const line = (cents: number, name: string) => ({ quantity: 1, price_data: { currency: 'usd', unit_amount: cents, product_data: { name } } });
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: customerEmail,
          // The SDK's API version (2026-09-30) replaced payment_method_types by this filter. A bank
          // payment completes the session unpaid and settles days later (async_payment_* events).
          allowed_payment_method_types: methods,
          line_items: [line(amountCents, description), ...(feeCents > 0 ? [line(feeCents, PROCESSING_FEE_MESSAGES.feeLine)] : [])],
          payment_intent_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { ...metadata, kind: 'invoice' },
        },
        { idempotencyKey, stripeAccount: connectedAccountId },
      );
      return { id: session.id, url: session.url! };
    },

    async describeInvoicePayment({ connectedAccountId, sessionId }) {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method'] }, { stripeAccount: connectedAccountId });
      const pi = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const pm = typeof pi?.payment_method === 'object' ? pi.payment_method : null;
      return { ...paymentMethodDetails(pm as unknown as Record<string, any> | null), failureReason: pi?.last_payment_error?.message ?? null };
    },

    async expireInvoiceCheckout({ connectedAccountId, sessionId }) {
      const onAccount = { stripeAccount: connectedAccountId };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.expire(sessionId, {}, onAccount);
      } catch (e) {
        // Only an open session can be expired: one paid (or expired) meanwhile answers what it is now.
        if (!(e instanceof Stripe.errors.StripeInvalidRequestError)) throw e;
        session = await stripe.checkout.sessions.retrieve(sessionId, {}, onAccount);
      }
      const pi = session.payment_intent;
      return {
        status: (session.status ?? 'open') as CheckoutState['status'],
        paid: session.payment_status === 'paid',
        paymentIntentId: typeof pi === 'string' ? pi : (pi?.id ?? null),
      };
    },

    async refundInvoicePayment({ connectedAccountId, paymentIntentId, metadata, idempotencyKey }) {
      try {
        // A direct charge: the refund is made on the connected account that took the payment.
        const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, metadata }, { idempotencyKey, stripeAccount: connectedAccountId });
        return { id: refund.id, status: refund.status ?? 'pending' };
      } catch (e) {
        if (isRefusal(e)) throw new PaymentRefusedError(e.message);
        throw e;
      }
    },

    verifyWebhook(rawBody, signatureHeader, nowMs) {
      return verifyStripeSignature(rawBody, signatureHeader, config.webhookSecret, nowMs);
    },
  };
}

/** Errors the same request cannot overcome by being retried (a refund already made, a disputed charge, no access). */
function isRefusal(e: unknown): e is Error {
  const { StripeInvalidRequestError, StripeCardError, StripePermissionError } = Stripe.errors;
  return e instanceof StripeInvalidRequestError || e instanceof StripeCardError || e instanceof StripePermissionError;
}

export function toPaymentEvent(event: Record<string, any>): PaymentEvent {
  return { id: event.id, type: event.type, created: event.created * 1000, account: event.account ?? null, object: event.data?.object ?? {} };
}

/**
 * Signs a payload the way Stripe does (`t=…,v1=HMAC-SHA256(secret, "t.payload")`), through the SDK's
 * own helper: the local provider and the tests produce headers `verifyWebhook` accepts.
 */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: timestampSeconds, cryptoProvider: Stripe.createSubtleCryptoProvider() });
}

/** The SDK's webhook check (`constructEventAsync`), shared by the Stripe and the local provider. */
export async function verifyStripeSignature(rawBody: string, header: string | undefined, secret: string, nowMs: number): Promise<PaymentEvent> {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  try {
    const event = await Stripe.webhooks.constructEventAsync(rawBody, header, secret, undefined, Stripe.createSubtleCryptoProvider(), nowMs);
    return toPaymentEvent(event as unknown as Record<string, any>);
  } catch (e) {
    throw new WebhookSignatureError(e instanceof Error ? e.message : 'Invalid signature');
  }
}
