/**
 * The payment provider as the app needs it: the HOA's own
 * subscription (customer, SetupIntent at signup, 30-day trial, plan changes, cancel, portal,
 * reactivation Checkout) and resident invoices paid into the HOA's connected account (Connect Express,
 * Checkout Session). Two implementations: Stripe (stripe.ts) and the local provider (local.ts).
 */
import type { AutopayPayments } from './autopay-types';

import { CHECKOUT_METHODS, type CheckoutMethod } from '../../../schema/processing-fees';

/** The paid plans; `free` has no provider price. */
export type PaidPlan = 'starter' | 'growth' | 'pro';
export const PAID_PLANS: readonly PaidPlan[] = ['starter', 'growth', 'pro'];
/** Monthly prices of the fixed catalogue, used by the local provider. */
export const PLAN_PRICE_CENTS: Record<PaidPlan, number> = { starter: 4900, growth: 9900, pro: 19900 };
export const TRIAL_DAYS = 30;

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete_expired' | 'paused';

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: PaidPlan | null;
  /** Milliseconds since the epoch. */
  trialEnd: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
}

export interface AccountStatus {
  accountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  capabilities: { card_payments: string | null; transfers: string | null };
  businessProfile: { name: string | null; product_description: string | null };
  requirementsDue: string[];
}

/** A verified webhook event, Stripe-shaped whichever provider sent it. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Event creation time in milliseconds (Stripe sends seconds). */
  created: number;
  /** The connected account the event is about (Connect events), if any. */
  account: string | null;
  /** `data.object` of the event. */
  object: Record<string, any>;
}

/** A Checkout Session as `expireInvoiceCheckout` leaves it. */
export interface CheckoutState {
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  paymentIntentId: string | null;
}

/** An invoice payment's method as the receipt names it: "Visa •••• 4242", "STRIPE TEST BANK •••• 6789". */
export interface InvoicePaymentDetails {
  method: CheckoutMethod | null;
  methodDetail: string | null;
  /** A bank payment's failure, in the provider's words. */
  failureReason: string | null;
}

/** The receipt's words of a Stripe-shaped payment_method object. */
export function paymentMethodDetails(pm: Record<string, any> | null | undefined): Pick<InvoicePaymentDetails, 'method' | 'methodDetail'> {
  if (pm?.type === 'card' && pm.card) {
    const brand = String(pm.card.brand ?? 'card');
    const name = ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' } as Record<string, string>)[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
    return { method: 'card', methodDetail: `${name} •••• ${pm.card.last4}` };
  }
  if (pm?.type === 'us_bank_account' && pm.us_bank_account) return { method: 'us_bank_account', methodDetail: `${pm.us_bank_account.bank_name ?? 'Bank account'} •••• ${pm.us_bank_account.last4}` };
  return { method: null, methodDetail: null };
}

/** The provider refused a call for good (retrying it cannot help); the message is the provider's reason. */
export class PaymentRefusedError extends Error {}

/** Thrown by `verifyWebhook` for a missing, malformed, wrong or too old signature. */
export class WebhookSignatureError extends Error {}

/** Every create carries an idempotency key, so a retried request never creates a second object. */
export interface Idempotent {
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  /** Saved methods and off-session charges of residents, for autopay (autopay-types.ts). */
  readonly autopay: AutopayPayments;
  /** For the browser's card form (Stripe.js); null for the local provider. */
  readonly publishableKey: string | null;

  createCustomer(input: Idempotent & { email: string; name: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  /** Collects the card at signup without charging it (used for the trial's payment method). */
  createSetupIntent(input: Idempotent & { customerId: string; metadata: Record<string, string> }): Promise<{ id: string; clientSecret: string }>;
  /** The SetupIntent's outcome, read server-side before the subscription is created. */
  getSetupIntent(id: string): Promise<{ id: string; status: string; paymentMethodId: string | null; customerId: string | null }>;
  /** A subscription with a free trial, charged to the SetupIntent's payment method when the trial ends. */
  createSubscription(input: Idempotent & { customerId: string; plan: PaidPlan; paymentMethodId: string; trialDays: number; metadata: Record<string, string> }): Promise<ProviderSubscription>;
  /** Upgrade: now, prorated and invoiced at once. Downgrade: from the next billing period. */
  changePlan(input: Idempotent & { subscriptionId: string; plan: PaidPlan; direction: 'upgrade' | 'downgrade' }): Promise<ProviderSubscription>;
  /** Cancels at the end of the current period (the HOA keeps what it paid for) unless `immediately`. */
  cancelSubscription(input: { subscriptionId: string; immediately?: boolean; reason?: string }): Promise<ProviderSubscription>;
  createBillingPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Checkout (mode subscription) for a canceled HOA to subscribe again. */
  createReactivationCheckout(input: Idempotent & { customerId: string; plan: PaidPlan; successUrl: string; cancelUrl: string; metadata: Record<string, string> }): Promise<{ id: string; url: string }>;

  createConnectAccount(input: Idempotent & { email: string; businessName: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  /** A one-time onboarding link; `refreshUrl` is visited when it expired, `returnUrl` when done. */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  getAccountStatus(accountId: string): Promise<AccountStatus>;
  /** Checkout (mode payment) for a resident's invoice, paid straight into the HOA's connected account. */
  createInvoiceCheckout(
    input: Idempotent & {
      connectedAccountId: string;
      amountCents: number;
      description: string;
      /** Offered on the page: card, US bank account (default both: fees absorbed). */
      methods?: readonly CheckoutMethod[];
      /** A processing fee passed on, charged as its own line on top of `amountCents` (default 0: absorbed). */
      feeCents?: number;
      customerEmail: string;
      successUrl: string;
      cancelUrl: string;
      metadata: Record<string, string>;
    },
  ): Promise<{ id: string; url: string }>;
  /**
   * Expires an invoice Checkout so its page can no longer take a payment (its invoice stopped taking
   * payments). Answers what the session is now: `expired` (also when it already was), or `complete`
   * when it was paid first (`paid`: the money was taken, `paymentIntentId` names it; unpaid: a delayed
   * method still settles it later).
   */
  expireInvoiceCheckout(input: { connectedAccountId: string; sessionId: string }): Promise<CheckoutState>;
  /**
   * Refunds an invoice payment in full, on the connected account it was paid into. Throws
   * PaymentRefusedError when the provider refuses it (its message says why); other errors are worth
   * retrying with the same idempotency key.
   */
  refundInvoicePayment(input: Idempotent & { connectedAccountId: string; paymentIntentId: string; metadata: Record<string, string> }): Promise<{ id: string; status: string }>;
  /** How an invoice Checkout was paid (the receipt's words) and, for a failed bank payment, why; nulls while unknown. */
  describeInvoicePayment(input: { connectedAccountId: string; sessionId: string }): Promise<InvoicePaymentDetails>;

  /**
   * Verifies the `Stripe-Signature` header over the raw body (5-minute tolerance against `nowMs`, the
   * app's clock); throws WebhookSignatureError.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, nowMs: number): Promise<PaymentEvent>;
}

/** An invoice Checkout's offer with its defaults: both methods, no fee. */
export const checkoutOffer = (input: { methods?: readonly CheckoutMethod[]; feeCents?: number }) => ({ methods: [...(input.methods ?? CHECKOUT_METHODS)], feeCents: input.feeCents ?? 0 });

/** Seconds (Stripe) → milliseconds (this app), keeping null. */
export const secondsToMs = (s: number | null | undefined) => (s == null ? null : s * 1000);

/** The plan of a Stripe-shaped subscription object: metadata.plan, else the first item's price lookup key or metadata. */
export function planOfSubscription(sub: Record<string, any>, priceToPlan?: (priceId: string) => PaidPlan | null): PaidPlan | null {
  const fromMeta = sub.metadata?.plan;
  const item = sub.items?.data?.[0];
  const fromPrice = item?.price?.metadata?.plan ?? item?.price?.lookup_key ?? (item?.price?.id && priceToPlan?.(item.price.id));
  const plan = fromPrice ?? fromMeta;
  return PAID_PLANS.includes(plan) ? plan : null;
}

/** A Stripe-shaped subscription object → the app's view of it. */
export function toProviderSubscription(sub: Record<string, any>, priceToPlan?: (priceId: string) => PaidPlan | null): ProviderSubscription {
  const item = sub.items?.data?.[0];
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer?.id,
    status: sub.status,
    plan: planOfSubscription(sub, priceToPlan),
    trialEnd: secondsToMs(sub.trial_end),
    // Since API 2025-03-31 the period lives on the items; older versions had it on the subscription.
    currentPeriodEnd: secondsToMs(item?.current_period_end ?? sub.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    canceledAt: secondsToMs(sub.canceled_at),
  };
}

export function toAccountStatus(account: Record<string, any>): AccountStatus {
  return {
    accountId: account.id,
    detailsSubmitted: Boolean(account.details_submitted),
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
    capabilities: { card_payments: account.capabilities?.card_payments ?? null, transfers: account.capabilities?.transfers ?? null },
    businessProfile: { name: account.business_profile?.name ?? null, product_description: account.business_profile?.product_description ?? null },
    requirementsDue: [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])].filter((v, i, a) => a.indexOf(v) === i),
  };
}
