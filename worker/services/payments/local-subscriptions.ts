/**
 * The HOA's own subscription on the local provider, as Stripe Billing keeps it: customers, the
 * SetupIntent of the trial's card, subscriptions with their plan changes and cancellations, the
 * billing portal and the reactivation Checkout; the seeded trials of the demo. Its clock is
 * local-billing.ts; its hosted pages local-pages.ts.
 */
import type { CardDetails } from './cards';
import { LocalObjects } from './local-objects';
import { rand, type Obj } from './local-store';
import { PLAN_PRICE_CENTS, toProviderSubscription, type PaidPlan, type PaymentProvider, type ProviderSubscription } from './types';

const DAY_S = 86_400;
const MONTH_S = 30 * DAY_S;

export class LocalSubscriptions extends LocalObjects {
  async createCustomer({ email, name, metadata, idempotencyKey }: Parameters<PaymentProvider['createCustomer']>[0]) {
    const c = await this.create(idempotencyKey, () => ({ id: `cus_local_${rand()}`, object: 'customer', email, name, metadata, created: this.nowS(), invoice_settings: { default_payment_method: null } }));
    return { id: c.id as string };
  }

  async createSetupIntent({ customerId, metadata, idempotencyKey }: Parameters<PaymentProvider['createSetupIntent']>[0]) {
    await this.must(customerId, 'customer');
    const si = await this.create(idempotencyKey, () => {
      const id = `seti_local_${rand()}`;
      return { id, object: 'setup_intent', customer: customerId, status: 'requires_payment_method', payment_method: null, client_secret: `${id}_secret_${rand()}`, metadata, usage: 'off_session', created: this.nowS() };
    });
    return { id: si.id as string, clientSecret: si.client_secret as string };
  }

  async getSetupIntent(id: string) {
    const si = await this.must(id, 'setup_intent');
    return { id: si.id, status: si.status, paymentMethodId: si.payment_method ?? null, customerId: si.customer ?? null };
  }

  /** @internal used by local-billing.ts */
  price(plan: PaidPlan) {
    return { id: `price_local_${plan}`, object: 'price', lookup_key: plan, unit_amount: PLAN_PRICE_CENTS[plan], currency: 'usd', recurring: { interval: 'month' }, metadata: { plan } };
  }

  /** @internal used by local-pages.ts */
  newSubscription(customerId: string, plan: PaidPlan, opts: { trialDays: number; paymentMethodId: string | null; metadata: Record<string, string> }): Obj {
    const now = this.nowS();
    const trialEnd = opts.trialDays > 0 ? now + opts.trialDays * DAY_S : null;
    const periodEnd = trialEnd ?? now + MONTH_S;
    return {
      id: `sub_local_${rand()}`,
      object: 'subscription',
      customer: customerId,
      status: trialEnd ? 'trialing' : 'active',
      created: now,
      start_date: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, reason: null },
      default_payment_method: opts.paymentMethodId,
      metadata: { ...opts.metadata, plan },
      items: { object: 'list', data: [{ id: `si_local_${rand()}`, object: 'subscription_item', price: this.price(plan), quantity: 1, current_period_start: now, current_period_end: periodEnd }] },
      pending_plan: null,
    };
  }

  async createSubscription({ customerId, plan, paymentMethodId, trialDays, metadata, idempotencyKey }: Parameters<PaymentProvider['createSubscription']>[0]) {
    await this.must(customerId, 'customer');
    const existing = await this.byIdempotencyKey(idempotencyKey);
    if (existing) return toProviderSubscription(existing);
    const sub = await this.create(idempotencyKey, () => this.newSubscription(customerId, plan, { trialDays, paymentMethodId, metadata }));
    await this.emit('customer.subscription.created', sub, { background: true });
    return toProviderSubscription(sub);
  }

  async changePlan({ subscriptionId, plan, direction, idempotencyKey }: Parameters<PaymentProvider['changePlan']>[0]): Promise<ProviderSubscription> {
    const done = await this.byIdempotencyKey(idempotencyKey);
    if (done) return toProviderSubscription(done);
    const sub = await this.must(subscriptionId, 'subscription');
    this.applyPlanChange(sub, plan, direction);
    await this.put(sub);
    await this.rememberIdempotencyKey(idempotencyKey, sub);
    await this.emit('customer.subscription.updated', sub, { background: true });
    return toProviderSubscription(sub);
  }

  /** @internal used by local-pages.ts */
  applyPlanChange(sub: Obj, plan: PaidPlan, direction: 'upgrade' | 'downgrade') {
    if (direction === 'upgrade') {
      sub.items.data[0].price = this.price(plan);
      sub.metadata = { ...sub.metadata, plan };
      sub.pending_plan = null;
    } else {
      // Takes effect at the next billing cycle; the local provider records it like a schedule phase.
      sub.pending_plan = { plan, effective_at: sub.items.data[0].current_period_end };
    }
  }

  async cancelSubscription({ subscriptionId, immediately, reason }: Parameters<PaymentProvider['cancelSubscription']>[0]) {
    const sub = await this.cancel(subscriptionId, { immediately: Boolean(immediately), reason: reason ?? null });
    await this.emit(immediately ? 'customer.subscription.deleted' : 'customer.subscription.updated', sub, { background: true });
    return toProviderSubscription(sub);
  }

  /** @internal used by local-pages.ts */
  async cancel(subscriptionId: string, opts: { immediately: boolean; reason: string | null }) {
    const sub = await this.must(subscriptionId, 'subscription');
    sub.cancellation_details = { comment: opts.reason, reason: 'cancellation_requested' };
    if (opts.immediately) {
      sub.status = 'canceled';
      sub.canceled_at = this.nowS();
      sub.ended_at = this.nowS();
    } else {
      sub.cancel_at_period_end = true;
      sub.canceled_at = this.nowS();
    }
    return this.put(sub);
  }

  async createBillingPortalSession({ customerId, returnUrl }: Parameters<PaymentProvider['createBillingPortalSession']>[0]) {
    await this.must(customerId, 'customer');
    const id = `bps_local_${rand()}`;
    const url = `${this.opts.appUrl}/dev/pay/portal/${id}`;
    await this.put({ id, object: 'billing_portal.session', customer: customerId, return_url: returnUrl, url, created: this.nowS() });
    return { url };
  }

  protected checkoutUrl(id: string) {
    return `${this.opts.appUrl}/dev/pay/checkout/${id}`;
  }

  async createReactivationCheckout({ customerId, plan, successUrl, cancelUrl, metadata, idempotencyKey }: Parameters<PaymentProvider['createReactivationCheckout']>[0]) {
    await this.must(customerId, 'customer');
    const s = await this.create(idempotencyKey, () => {
      const id = `cs_local_${rand()}`;
      return {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: customerId,
        customer_email: null,
        amount_total: PLAN_PRICE_CENTS[plan],
        currency: 'usd',
        description: `${plan.charAt(0).toUpperCase()}${plan.slice(1)} plan (monthly)`,
        plan,
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { ...metadata, plan, kind: 'reactivation' },
        subscription: null,
        payment_intent: null,
        url: this.checkoutUrl(id),
        created: this.nowS(),
      };
    });
    return { id: s.id as string, url: s.url as string };
  }

  /** @internal used by local-pages.ts */
  async newPaymentMethod(card: CardDetails, customer: string | null): Promise<Obj> {
    return this.put({ id: `pm_local_${rand()}`, object: 'payment_method', type: 'card', customer, card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, ...(card.failsCharges ? { fails_charges: true } : {}) }, created: this.nowS() });
  }

  // Demo data

  /** A customer with a trialing subscription, for the seeded HOAs (so the portal shows them). */
  async seedTrial(input: { email: string; name: string; plan: PaidPlan; trialEndsInDays: number; metadata: Record<string, string> }) {
    const customer = await this.put({ id: `cus_local_${rand()}`, object: 'customer', email: input.email, name: input.name, metadata: input.metadata, created: this.nowS(), invoice_settings: { default_payment_method: null } });
    const pm = await this.newPaymentMethod({ brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date(this.opts.clock()).getUTCFullYear() + 3 }, customer.id);
    const sub = await this.put(this.newSubscription(customer.id, input.plan, { trialDays: input.trialEndsInDays, paymentMethodId: pm.id, metadata: input.metadata }));
    return toProviderSubscription(sub);
  }
}
