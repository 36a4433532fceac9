/**
 * The local payment provider's hosted pages, their steps (worker/routes/dev-pay.ts renders them):
 * Checkout by card (its bank step is local-bank.ts), the SetupIntent card step (also the app's own card
 * form), the 3-D Secure challenge, the billing portal and Connect onboarding. Each step changes the objects LocalPayments keeps and emits
 * the events Stripe would.
 */
import { evaluateCard, CARD_MESSAGES, type CardDetails, type CardInput } from './cards';
import { rand, type LocalObjectStore, type Obj } from './local-store';
import { PLAN_PRICE_CENTS, type PaidPlan } from './types';

/** What a Checkout page says once its session is no longer open. */
export const CHECKOUT_PAGE_MESSAGES = {
  expired: 'This checkout has expired and can no longer take a payment. Go back to the invoice to see whether it is still due.',
  paid: 'This checkout has already been paid.',
  noCard: 'This checkout takes a bank account only.',
  noBank: 'This checkout takes a card only.',
} as const;

/** The methods a session offers (sessions made before bank payments: card). */
export const methodsOf = (s: Obj): string[] => s.payment_method_types ?? ['card'];
export const closedMessage = (s: Obj | null) => (s?.status === 'complete' ? CHECKOUT_PAGE_MESSAGES.paid : CHECKOUT_PAGE_MESSAGES.expired);

/** A Checkout Session by id, or null (its card page here, its bank page in local-bank.ts). */
export async function checkoutOf(store: LocalObjectStore, id: string): Promise<Obj | null> {
  const s = await store.get(id);
  return s?.object === 'checkout.session' ? s : null;
}

/** What a card step on a local page leads to. */
export type PageResult = { result: 'redirect'; url: string } | { result: 'authenticate'; url: string } | { result: 'error'; message: string };

export class LocalHostedPages {
  constructor(private readonly store: LocalObjectStore) {}

  /** The object a page is about (a checkout session, a SetupIntent, a portal session). */
  get(id: string): Promise<Obj | null> {
    return this.store.get(id);
  }

  /** The card step of every page: 3-D Secure cards park the card and send the browser to authenticate. */
  private async cardStep(target: Obj, card: CardInput, complete: (card: CardDetails) => Promise<string | PageResult>): Promise<PageResult> {
    const r = evaluateCard(card, this.store.clock());
    if (r.outcome === 'declined') return { result: 'error', message: r.message };
    if (r.outcome === 'requires_action') {
      // Parked only while the target is as read (a session expired meanwhile stays expired).
      if (!(await this.store.putIf({ ...target, pending_card: r.card }, 'status', target.status ?? null))) return { result: 'error', message: closedMessage(await this.store.get(target.id)) };
      return { result: 'authenticate', url: `/dev/pay/authenticate/${target.id}` };
    }
    const done = await complete(r.card);
    return typeof done === 'string' ? { result: 'redirect', url: done } : done;
  }

  /** The 3-D Secure challenge answered: completes the parked step, or fails it with Stripe's message. */
  async authenticate(targetId: string, approve: boolean): Promise<PageResult> {
    const target = await this.store.get(targetId);
    if (!target?.pending_card) return { result: 'error', message: 'This authentication request has expired.' };
    const card = target.pending_card as CardDetails;
    delete target.pending_card;
    if (!(await this.store.putIf(target, 'status', target.status ?? null))) return { result: 'error', message: closedMessage(await this.store.get(target.id)) };
    if (!approve) {
      // Like Stripe's redirect flow, a failed challenge of a card form in the app returns to it with redirect_status=failed.
      if (target.object === 'setup_intent' && target.return_url && target.confirmed_from_app) return { result: 'redirect', url: this.setupReturn(target, 'failed') };
      return { result: 'error', message: CARD_MESSAGES.authenticationFailed };
    }
    switch (target.object) {
      case 'checkout.session':
        return this.completeCheckout(target, card);
      case 'setup_intent':
        return { result: 'redirect', url: await this.completeSetup(target, card) };
      case 'billing_portal.session':
        return { result: 'redirect', url: await this.completePortalCard(target, card) };
      default:
        return { result: 'error', message: 'Unknown authentication target.' };
    }
  }

  /** Where the authenticate page's "back" goes: the page the card was entered on. */
  pageOf(target: Obj): string {
    if (target.object === 'checkout.session') return `/dev/pay/checkout/${target.id}`;
    if (target.object === 'setup_intent') return `/dev/pay/setup/${target.id}`;
    return `/dev/pay/portal/${target.id}`;
  }

  // Checkout

  getCheckout(id: string) {
    return checkoutOf(this.store, id);
  }

  /** An expired (or already paid) session takes no payment: its page says so. */
  async payCheckout(id: string, card: CardInput): Promise<PageResult> {
    const s = await this.getCheckout(id);
    if (!s || s.status !== 'open') return { result: 'error', message: closedMessage(s) };
    if (!methodsOf(s).includes('card')) return { result: 'error', message: CHECKOUT_PAGE_MESSAGES.noCard };
    return this.cardStep(s, card, (c) => this.completeCheckout(s, c));
  }


  /** Pays the session if it is still open (the same moment's expiry wins or loses as a whole). */
  private async completeCheckout(s: Obj, card: CardDetails): Promise<PageResult> {
    const piId = `pi_local_${rand()}`;
    if (!(await this.store.putIf({ ...s, status: 'complete', payment_status: 'paid', payment_intent: piId }, 'status', 'open'))) return { result: 'error', message: closedMessage(await this.getCheckout(s.id)) };
    const pm = await this.store.newPaymentMethod(card, s.customer);
    // The connected account it was paid into: refunds are made there.
    await this.store.put({ id: piId, object: 'payment_intent', amount: s.amount_total, currency: 'usd', status: 'succeeded', payment_method: pm.id, account: s.connected_account ?? null, metadata: s.metadata, created: this.store.nowS() });
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = piId;
    if (s.mode === 'subscription') {
      const sub = await this.store.put(this.store.newSubscription(s.customer, s.plan, { trialDays: 0, paymentMethodId: pm.id, metadata: s.metadata }));
      s.subscription = sub.id;
      await this.store.put(s);
      await this.store.emit('customer.subscription.created', sub);
      await this.store.emit('checkout.session.completed', s);
      await this.store.emit('invoice.paid', { id: `in_local_${rand()}`, object: 'invoice', customer: s.customer, subscription: sub.id, amount_paid: s.amount_total, currency: 'usd', status: 'paid', billing_reason: 'subscription_create' });
    } else {
      await this.store.put(s);
      await this.store.emit('checkout.session.completed', s, { account: s.connected_account });
    }
    return { result: 'redirect', url: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id) };
  }

  // SetupIntent (the card step of the trial signup)

  async getSetupIntentObject(id: string) {
    const si = await this.store.get(id);
    return si?.object === 'setup_intent' ? si : null;
  }

  async confirmSetup(id: string, card: CardInput, returnUrl: string): Promise<PageResult> {
    const si = await this.getSetupIntentObject(id);
    if (!si) return { result: 'error', message: 'No such SetupIntent.' };
    if (si.status === 'succeeded') return { result: 'redirect', url: si.return_url ?? returnUrl };
    si.return_url = returnUrl;
    await this.store.put(si);
    return this.cardStep(si, card, (c) => this.completeSetup(si, c));
  }

  private async completeSetup(si: Obj, card: CardDetails): Promise<string> {
    const pm = await this.store.newPaymentMethod(card, si.customer);
    si.status = 'succeeded';
    si.payment_method = pm.id;
    await this.store.put(si);
    await this.store.emit('setup_intent.succeeded', si);
    return this.setupReturn(si, 'succeeded');
  }

  private setupReturn(si: Obj, status: 'succeeded' | 'failed'): string {
    const url = new URL(si.return_url, this.store.appUrl);
    url.searchParams.set('setup_intent', si.id);
    url.searchParams.set('redirect_status', status);
    return url.toString();
  }

  /**
   * The app's own card form (the local stand-in for Stripe Elements' confirmCardSetup): the same card
   * rules as the hosted page, answered as JSON. 3-D Secure answers with the challenge page to visit,
   * which returns to `returnUrl` with `redirect_status`, as Stripe's redirect does.
   */
  async confirmSetupFromApp(id: string, card: CardInput, returnUrl: string): Promise<{ status: 'succeeded' } | { error: { message: string } } | { next_action: { redirect_to_url: string } }> {
    const si = await this.getSetupIntentObject(id);
    if (!si) return { error: { message: 'No such SetupIntent.' } };
    if (si.status === 'succeeded') return { status: 'succeeded' };
    si.return_url = returnUrl;
    si.confirmed_from_app = true;
    await this.store.put(si);
    const r = await this.cardStep(si, card, (c) => this.completeSetup(si, c));
    if (r.result === 'error') return { error: { message: r.message } };
    if (r.result === 'authenticate') return { next_action: { redirect_to_url: r.url } };
    return { status: 'succeeded' };
  }

  // Billing portal

  async getPortal(id: string) {
    const session = await this.store.get(id);
    if (session?.object !== 'billing_portal.session') return null;
    const customer = await this.store.get(session.customer);
    const subscriptions = (await this.store.list('subscription', (s) => s.customer === session.customer)).sort((a, b) => b.created - a.created);
    const pmId = customer?.invoice_settings?.default_payment_method ?? subscriptions.find((s) => s.default_payment_method)?.default_payment_method ?? null;
    const paymentMethod = pmId ? await this.store.get(pmId) : null;
    return { session, customer, subscriptions, paymentMethod };
  }

  /** `immediately`: Stripe's portal configured to cancel at once (`subscription_cancel.mode`); otherwise at the period end. */
  async portalCancel(sessionId: string, subscriptionId: string, immediately = false): Promise<PageResult> {
    const portal = await this.getPortal(sessionId);
    if (!portal?.subscriptions.some((s) => s.id === subscriptionId && s.status !== 'canceled')) return { result: 'error', message: 'No such subscription.' };
    const sub = await this.store.cancel(subscriptionId, { immediately, reason: null });
    await this.store.emit(immediately ? 'customer.subscription.deleted' : 'customer.subscription.updated', sub);
    return { result: 'redirect', url: `/dev/pay/portal/${sessionId}` };
  }

  async portalRenew(sessionId: string, subscriptionId: string): Promise<PageResult> {
    const portal = await this.getPortal(sessionId);
    const sub = portal?.subscriptions.find((s) => s.id === subscriptionId);
    if (!sub || sub.status === 'canceled') return { result: 'error', message: 'No such subscription.' };
    sub.cancel_at_period_end = false;
    sub.canceled_at = null;
    await this.store.put(sub);
    await this.store.emit('customer.subscription.updated', sub);
    return { result: 'redirect', url: `/dev/pay/portal/${sessionId}` };
  }

  async portalUpdateCard(sessionId: string, card: CardInput): Promise<PageResult> {
    const portal = await this.getPortal(sessionId);
    if (!portal) return { result: 'error', message: 'This portal session has expired.' };
    return this.cardStep(portal.session, card, (c) => this.completePortalCard(portal.session, c));
  }

  private async completePortalCard(session: Obj, card: CardDetails): Promise<string> {
    const pm = await this.store.newPaymentMethod(card, session.customer);
    const customer = await this.store.must(session.customer, 'customer');
    customer.invoice_settings = { default_payment_method: pm.id };
    await this.store.put(customer);
    for (const sub of await this.store.list('subscription', (s) => s.customer === session.customer && s.status !== 'canceled')) {
      sub.default_payment_method = pm.id;
      await this.store.put(sub);
      await this.store.emit('customer.subscription.updated', sub);
    }
    return `/dev/pay/portal/${session.id}?updated=1`;
  }

  /** The portal's plan switch: an upgrade at once, a downgrade from the next period. */
  async portalChangePlan(sessionId: string, subscriptionId: string, plan: PaidPlan): Promise<PageResult> {
    const portal = await this.getPortal(sessionId);
    const sub = portal?.subscriptions.find((s) => s.id === subscriptionId);
    if (!sub || sub.status === 'canceled') return { result: 'error', message: 'No such subscription.' };
    const current = sub.items.data[0].price.lookup_key as PaidPlan;
    if (current === plan) return { result: 'redirect', url: `/dev/pay/portal/${sessionId}` };
    this.store.applyPlanChange(sub, plan, PLAN_PRICE_CENTS[plan] > PLAN_PRICE_CENTS[current] ? 'upgrade' : 'downgrade');
    await this.store.put(sub);
    await this.store.emit('customer.subscription.updated', sub);
    return { result: 'redirect', url: `/dev/pay/portal/${sessionId}?plan=${plan}` };
  }

  // Connect onboarding

  async getAccountLink(id: string) {
    const link = await this.store.get(id);
    if (link?.object !== 'account_link') return null;
    return { link, account: await this.store.get(link.account), expired: link.used || link.expires_at < this.store.nowS() };
  }

  /** `complete`: the owner filled in everything; otherwise they left with requirements still due. */
  async finishOnboarding(linkId: string, input: { complete: boolean; businessName?: string }): Promise<PageResult> {
    const found = await this.getAccountLink(linkId);
    if (!found?.account) return { result: 'error', message: 'This onboarding link is invalid.' };
    if (found.expired) return { result: 'redirect', url: found.link.refresh_url };
    const { link, account } = found;
    link.used = true;
    await this.store.put(link);
    if (input.businessName?.trim()) account.business_profile = { ...account.business_profile, name: input.businessName.trim() };
    if (input.complete) {
      account.details_submitted = true;
      account.charges_enabled = true;
      account.payouts_enabled = true;
      account.capabilities = { card_payments: 'active', transfers: 'active' };
      account.requirements = { currently_due: [], past_due: [] };
    } else {
      account.details_submitted = true;
      account.requirements = { currently_due: ['external_account'], past_due: [] };
      account.capabilities = { card_payments: 'pending', transfers: 'pending' };
    }
    await this.store.put(account);
    await this.store.emit('account.updated', account, { account: account.id });
    return { result: 'redirect', url: link.return_url };
  }
}
