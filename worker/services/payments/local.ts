import { and, eq, sql } from 'drizzle-orm';
import { localPaymentObjects } from '../../../schema/tables';
import type { Database } from '../../db';
import type { CardDetails } from './cards';
import { LocalAutopay } from './local-autopay';
import { LocalHostedPages } from './local-pages';
import { rand, type LocalObjectStore, type Obj } from './local-store';
import { signWebhookPayload, verifyStripeSignature } from './stripe';
import { PROCESSING_FEE_MESSAGES } from '../../../schema/processing-fees';
import {
  checkoutOffer,
  paymentMethodDetails,
  PaymentRefusedError,
  PLAN_PRICE_CENTS,
  toAccountStatus,
  toProviderSubscription,
  type CheckoutState,
  type PaidPlan,
  type PaymentProvider,
  type ProviderSubscription,
} from './types';

export interface LocalPaymentsOptions {
  database: Database;
  /** Public origin of the app: the local pages live under `${appUrl}/dev/pay/…`. */
  appUrl: string;
  /** Signs the events this provider emits, exactly as Stripe signs its webhooks. */
  webhookSecret: string;
  clock: () => number;
  /**
   * Keeps an event emitted after the call returns alive (the Worker entry passes ctx.waitUntil, which
   * a Worker needs for work after its response); the Node process runs it anyway.
   */
  background?: (task: Promise<unknown>) => void;
}

/** Where the signed events go: the app's webhook processing (the same function POST /api/webhooks/stripe calls). */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<unknown>;

const DAY_S = 86_400;
const MONTH_S = 30 * DAY_S;

/**
 * The local payment provider: Stripe-shaped objects kept in the database, hosted pages under
 * `/dev/pay/…` that honour Stripe's test cards (their steps in local-pages.ts, rendered by
 * worker/routes/dev-pay.ts), and the same webhook events, signed with the webhook secret and handed
 * to the app's webhook processing.
 */
export class LocalPayments implements PaymentProvider, LocalObjectStore {
  readonly kind = 'local' as const;
  readonly publishableKey = null;
  private deliver: WebhookDelivery | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  /** The hosted pages' steps (worker/routes/dev-pay.ts). */
  readonly pages: LocalHostedPages;
  readonly autopay: LocalAutopay;

  constructor(private readonly opts: LocalPaymentsOptions) {
    this.pages = new LocalHostedPages(this);
    this.autopay = new LocalAutopay(this);
  }

  /** @internal used by local-pages.ts */
  get appUrl() {
    return this.opts.appUrl;
  }

  /** @internal used by local-pages.ts */
  clock() {
    return this.opts.clock();
  }

  /** Connects the emitted events to the app's webhook processing (done once deps exist). */
  connect(deliver: WebhookDelivery) {
    this.deliver = deliver;
  }

  /** Waits for events emitted in the background (API calls emit after they return, like Stripe). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  // ------------------------------------------------------------ storage

  /** @internal used by local-billing.ts */
  nowS() {
    return Math.floor(this.opts.clock() / 1000);
  }

  async get(id: string): Promise<Obj | null> {
    const [row] = await this.opts.database.db.select().from(localPaymentObjects).where(eq(localPaymentObjects.id, id)).limit(1);
    return row ? JSON.parse(row.data) : null;
  }

  /** @internal used by local-pages.ts */
  async must(id: string, object: string): Promise<Obj> {
    const o = await this.get(id);
    if (!o || o.object !== object) throw new Error(`No such ${object}: '${id}'`);
    return o;
  }

  /** @internal used by local-billing.ts */
  async put(o: Obj): Promise<Obj> {
    const data = JSON.stringify(o);
    await this.opts.database.transaction((tx) =>
      tx
        .insert(localPaymentObjects)
        .values({ id: o.id, kind: o.object, data, createdAt: this.opts.clock() })
        .onConflictDoUpdate({ target: localPaymentObjects.id, set: { data } }),
    );
    return o;
  }

  /**
   * Stores `o` only while the stored object's `field` still is `expected` (null: unset). A session's
   * state changes once, as at Stripe: a page paying it and an expiry racing it cannot both win.
   * False: it had changed.
   * @internal used by local-pages.ts
   */
  async putIf(o: Obj, field: string, expected: string | null): Promise<boolean> {
    const rows = await this.opts.database.transaction((tx) =>
      tx
        .update(localPaymentObjects)
        .set({ data: JSON.stringify(o) })
        .where(and(eq(localPaymentObjects.id, o.id), sql`json_extract(${localPaymentObjects.data}, ${`$.${field}`}) IS ${expected}`))
        .returning({ id: localPaymentObjects.id }),
    );
    return rows.length > 0;
  }

  private async byIdempotencyKey(key: string): Promise<Obj | null> {
    return this.get(`idem_${key}`).then((r) => (r ? this.get(r.target) : null));
  }

  private async rememberIdempotencyKey(key: string, target: Obj) {
    await this.put({ id: `idem_${key}`, object: 'idempotency_key', target: target.id });
  }

  /** Creates an object once per idempotency key, as Stripe does. */
  private async create(key: string | null, make: () => Obj): Promise<Obj> {
    if (key) {
      const existing = await this.byIdempotencyKey(key);
      if (existing) return existing;
    }
    const o = await this.put(make());
    if (key) await this.rememberIdempotencyKey(key, o);
    return o;
  }

  /** @internal used by local-autopay.ts */
  createOnce(key: string | null, make: () => Obj): Promise<Obj> {
    return this.create(key, make);
  }

  /** @internal used by local-billing.ts */
  async list(kind: string, match: (o: Obj) => boolean): Promise<Obj[]> {
    const rows = await this.opts.database.db.select().from(localPaymentObjects).where(eq(localPaymentObjects.kind, kind));
    return rows.map((r) => JSON.parse(r.data)).filter(match);
  }

  // ------------------------------------------------------------ events

  /** Builds, signs and delivers one event. `background`: after the current call returns, like Stripe. */
  /** @internal used by local-billing.ts */
  async emit(type: string, object: Obj, opts: { account?: string; background?: boolean } = {}) {
    const event = {
      id: `evt_local_${rand()}`,
      object: 'event',
      api_version: 'local',
      created: this.nowS(),
      livemode: false,
      type,
      ...(opts.account ? { account: opts.account } : {}),
      data: { object },
    };
    const body = JSON.stringify(event);
    const signature = await signWebhookPayload(body, this.opts.webhookSecret, event.created);
    const deliver = this.deliver;
    if (!deliver) return;
    const run = async () => {
      try {
        await deliver(body, signature);
      } catch (e) {
        console.error(`local payments: delivering ${type} failed`, e);
      }
    };
    if (!opts.background) return run();
    const p = new Promise((ok) => setTimeout(ok, 0)).then(run);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
    this.opts.background?.(p);
  }

  // ------------------------------------------------------------ PaymentProvider

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

  private checkoutUrl(id: string) {
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

  async createConnectAccount({ email, businessName, metadata, idempotencyKey }: Parameters<PaymentProvider['createConnectAccount']>[0]) {
    const a = await this.create(idempotencyKey, () => ({
      id: `acct_local_${rand()}`,
      object: 'account',
      type: 'express',
      email,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      business_profile: { name: businessName, product_description: 'HOA dues and fees' },
      requirements: { currently_due: ['business_type', 'external_account', 'tos_acceptance.date'], past_due: [] },
      metadata,
      created: this.nowS(),
    }));
    return { id: a.id as string };
  }

  async createAccountLink({ accountId, refreshUrl, returnUrl }: Parameters<PaymentProvider['createAccountLink']>[0]) {
    await this.must(accountId, 'account');
    const id = `acctlink_local_${rand()}`;
    // Stripe's account links expire after a few minutes and work once.
    await this.put({ id, object: 'account_link', account: accountId, refresh_url: refreshUrl, return_url: returnUrl, expires_at: this.nowS() + 300, used: false });
    return { url: `${this.opts.appUrl}/dev/pay/connect/${id}` };
  }

  async getAccountStatus(accountId: string) {
    return toAccountStatus(await this.must(accountId, 'account'));
  }

  async createInvoiceCheckout(input: Parameters<PaymentProvider['createInvoiceCheckout']>[0]) {
    await this.must(input.connectedAccountId, 'account');
    const { methods, feeCents } = checkoutOffer(input);
    const s = await this.create(input.idempotencyKey, () => {
      const id = `cs_local_${rand()}`;
      return {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        customer: null,
        customer_email: input.customerEmail,
        amount_total: input.amountCents + feeCents,
        currency: 'usd',
        description: input.description,
        payment_method_types: methods,
        line_items: [{ description: input.description, amount_total: input.amountCents }, ...(feeCents > 0 ? [{ description: PROCESSING_FEE_MESSAGES.feeLine, amount_total: feeCents }] : [])],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { ...input.metadata, kind: 'invoice' },
        payment_intent: null,
        connected_account: input.connectedAccountId,
        url: this.checkoutUrl(id),
        created: this.nowS(),
      };
    });
    return { id: s.id as string, url: s.url as string };
  }

  async expireInvoiceCheckout({ connectedAccountId, sessionId }: Parameters<PaymentProvider['expireInvoiceCheckout']>[0]): Promise<CheckoutState> {
    const s = await this.must(sessionId, 'checkout.session');
    if (s.connected_account !== connectedAccountId) throw new Error(`No such checkout.session: '${sessionId}'`);
    if (s.status === 'open' && (await this.putIf({ ...s, status: 'expired', expires_at: this.nowS() }, 'status', 'open'))) {
      await this.emit('checkout.session.expired', { ...s, status: 'expired' }, { account: connectedAccountId, background: true });
      return { status: 'expired', paid: false, paymentIntentId: null };
    }
    // Paid (or expired) before this call: the session as it is now.
    const now = await this.must(sessionId, 'checkout.session');
    return { status: now.status, paid: now.payment_status === 'paid', paymentIntentId: now.payment_intent ?? null };
  }

  async refundInvoicePayment({ connectedAccountId, paymentIntentId, metadata, idempotencyKey }: Parameters<PaymentProvider['refundInvoicePayment']>[0]) {
    const done = await this.byIdempotencyKey(idempotencyKey);
    if (done) return { id: done.id as string, status: done.status as string };
    const pi = await this.get(paymentIntentId);
    // Stripe's words for each refusal.
    if (pi?.object !== 'payment_intent' || pi.account !== connectedAccountId) throw new PaymentRefusedError(`No such payment_intent: '${paymentIntentId}'`);
    if (!(await this.putIf({ ...pi, amount_refunded: pi.amount }, 'amount_refunded', null))) throw new PaymentRefusedError(`Charge for payment_intent ${paymentIntentId} has already been refunded.`);
    const refund = await this.create(idempotencyKey, () => ({ id: `re_local_${rand()}`, object: 'refund', amount: pi.amount, currency: pi.currency, payment_intent: pi.id, status: 'succeeded', metadata, created: this.nowS() }));
    return { id: refund.id as string, status: refund.status as string };
  }

  async describeInvoicePayment({ connectedAccountId, sessionId }: Parameters<PaymentProvider['describeInvoicePayment']>[0]) {
    const s = await this.get(sessionId);
    const pi = s?.connected_account === connectedAccountId && s.payment_intent ? await this.get(s.payment_intent) : null;
    const pm = pi?.payment_method ? await this.get(pi.payment_method) : null;
    return { ...paymentMethodDetails(pm), failureReason: pi?.last_payment_error?.message ?? null };
  }

  /** Settles processing bank payments now (tests, the local page's button); see LocalHostedPages.releaseBankPayments. */
  releaseBankPayments(opts: { all?: boolean; sessionId?: string } = { all: true }) {
    return this.pages.releaseBankPayments(opts);
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined, nowMs: number) {
    return verifyStripeSignature(rawBody, signatureHeader, this.opts.webhookSecret, nowMs);
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

export function isLocalPayments(p: PaymentProvider): p is LocalPayments {
  return p instanceof LocalPayments;
}
