/** Autopay on Stripe: a customer, Checkout in setup mode and off-session PaymentIntents, all on the HOA's connected account. */
import Stripe from 'stripe';
import { toProviderPaymentMethod, type AutopayPayments, type ChargeResult, type SetupResult } from './autopay-types';

export function createStripeAutopay(stripe: Stripe): AutopayPayments {
  const on = (connectedAccountId: string) => ({ stripeAccount: connectedAccountId });
  return {
    async createCustomer({ connectedAccountId, email, name, metadata, idempotencyKey }) {
      const c = await stripe.customers.create({ email, name, metadata }, { idempotencyKey, ...on(connectedAccountId) });
      return { id: c.id };
    },

    async createSetupSession({ connectedAccountId, customerId, kind, successUrl, cancelUrl, metadata, idempotencyKey }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: 'usd',
          customer: customerId,
          allowed_payment_method_types: [kind],
          // Bank accounts are verified instantly through Financial Connections, micro-deposits otherwise.
          ...(kind === 'us_bank_account' ? { payment_method_options: { us_bank_account: { verification_method: 'automatic' as const } } } : {}),
          setup_intent_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { ...metadata, kind: 'autopay_setup' },
        },
        { idempotencyKey, ...on(connectedAccountId) },
      );
      return { id: session.id, url: session.url! };
    },

    async getSetupSession({ connectedAccountId, sessionId }): Promise<SetupResult> {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] }, on(connectedAccountId));
      const si = session.setup_intent as Stripe.SetupIntent | null;
      const pm = si?.payment_method;
      const customer = session.customer;
      const status = si?.status === 'succeeded' ? 'succeeded' : session.status === 'expired' || si?.status === 'canceled' ? 'failed' : 'open';
      return {
        status,
        paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? null),
        customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
        metadata: (session.metadata ?? {}) as Record<string, string>,
      };
    },

    async getPaymentMethod({ connectedAccountId, paymentMethodId }) {
      return toProviderPaymentMethod((await stripe.paymentMethods.retrieve(paymentMethodId, {}, on(connectedAccountId))) as unknown as Record<string, any>);
    },

    async detachPaymentMethod({ connectedAccountId, paymentMethodId }) {
      await stripe.paymentMethods.detach(paymentMethodId, {}, on(connectedAccountId));
    },

    async chargeOffSession({ connectedAccountId, customerId, paymentMethodId, amountCents, description, metadata, idempotencyKey }): Promise<ChargeResult> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            allowed_payment_method_types: ['card', 'us_bank_account'],
            off_session: true,
            confirm: true,
            description,
            metadata,
          },
          { idempotencyKey, ...on(connectedAccountId) },
        );
        if (pi.status === 'succeeded' || pi.status === 'processing') return { id: pi.id, status: pi.status as ChargeResult['status'], failureMessage: null };
        return { id: pi.id, status: 'failed', failureMessage: pi.last_payment_error?.message ?? `The payment ended ${pi.status}.` };
      } catch (e) {
        // A decline off session is an error carrying the PaymentIntent it failed.
        if (!(e instanceof Stripe.errors.StripeCardError)) throw e;
        const pi = (e.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
        return { id: pi?.id ?? `declined:${idempotencyKey}`, status: 'failed', failureMessage: e.message };
      }
    },
  };
}
