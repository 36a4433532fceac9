import { and, eq, isNull } from 'drizzle-orm';
import { connectAccounts, hoas, invoiceCheckouts, paymentEvents, subscriptions, users } from '../../schema/tables';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import { paymentFailedEmail, paymentReceiptEmail, trialEndingEmail } from '../emails';
import { queueEmail } from '../services/email';
import { isLocalPayments } from '../services/payments/local';
import { PAID_PLANS, PLAN_PRICE_CENTS, toAccountStatus, toProviderSubscription, WebhookSignatureError, type PaidPlan, type PaymentEvent } from '../services/payments/types';
import { badRequest } from './errors';
import { platformListeners } from '../areas/listeners';

/** What a handler did with an event; recorded with the event id. */
export type EventOutcome = 'applied' | 'stale' | 'ignored';

export interface HandlerContext {
  deps: AppDeps;
  tx: Tx;
  event: PaymentEvent;
  /** Set by handlers that queued mail, so delivery is nudged after commit. */
  queuedEmail: boolean;
}
export type EventHandler = (ctx: HandlerContext) => Promise<EventOutcome>;

/**
 * Ordering rule: an event older than the state it would change is stale. Stripe's `created` has
 * one-second resolution, so an event of the same second still applies, except that nothing of the
 * same second brings a canceled subscription back.
 */
function isStale(lastEventAt: number | null, eventAt: number, current?: { status: string }, incoming?: { status: string }): boolean {
  if (lastEventAt == null) return false;
  if (eventAt < lastEventAt) return true;
  return eventAt === lastEventAt && current?.status === 'canceled' && incoming?.status !== 'canceled';
}

// ---------------------------------------------------------------- handlers

/** customer.subscription.created / updated / deleted: mirror the subscription onto the HOA's row. */
const applySubscription: EventHandler = async ({ tx, event, deps }) => {
  const sub = toProviderSubscription(event.object);
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, sub.id))
    .limit(1);
  // A subscription created at signup or reactivation is linked by the HOA id in its metadata.
  const hoaId = row?.hoaId ?? (event.object.metadata?.hoa_id as string | undefined);
  const target = row ?? (hoaId ? (await tx.select().from(subscriptions).where(eq(subscriptions.hoaId, hoaId)).limit(1))[0] : undefined);
  if (!target) return 'ignored';
  // A different subscription of the same HOA (e.g. the one replaced by a reactivation): only a newer one takes over.
  if (isStale(target.lastEventAt, event.created, target, sub)) return 'stale';
  const details = event.object.cancellation_details;
  const cancellationReason = (details?.comment as string | null | undefined) ?? (details?.reason === 'payment_failed' ? 'Payment failed' : target.cancellationReason);
  await tx
    .update(subscriptions)
    .set({
      status: sub.status,
      plan: sub.plan ?? target.plan,
      providerSubscriptionId: sub.id,
      providerCustomerId: sub.customerId ?? target.providerCustomerId,
      trialEnd: sub.trialEnd,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      canceledAt: sub.canceledAt,
      cancellationReason,
      lastEventAt: event.created,
      updatedAt: deps.clock(),
    })
    .where(eq(subscriptions.id, target.id));
  return 'applied';
};

/** customer.subscription.trial_will_end (3 days before): tell the HOA's superadmins. */
const trialWillEnd: EventHandler = async (ctx) => {
  const { tx, event, deps } = ctx;
  const sub = toProviderSubscription(event.object);
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id)).limit(1);
  if (!row || !sub.trialEnd || row.status === 'canceled') return 'ignored';
  const [hoa] = await tx.select().from(hoas).where(eq(hoas.id, row.hoaId)).limit(1);
  const owners = await billingOwners(tx, row.hoaId);
  const plan = (sub.plan ?? row.plan) as keyof typeof PLAN_PRICE_CENTS;
  for (const owner of owners) {
    const mail = await trialEndingEmail({
      hoaName: hoa?.name ?? 'your HOA',
      name: owner.name,
      planName: plan.charAt(0).toUpperCase() + plan.slice(1),
      priceCents: PLAN_PRICE_CENTS[plan] ?? 0,
      trialEnd: sub.trialEnd,
      url: `${deps.config.appUrl}/plan-selection`,
    });
    await queueEmail(tx, deps.clock(), { hoaId: row.hoaId, to: owner.email, toUserId: owner.id, ref: `subscription:${row.id}`, ...mail });
  }
  ctx.queuedEmail = owners.length > 0;
  return owners.length ? 'applied' : 'ignored';
};

/** The superadmins of an HOA who get its billing mail. */
const billingOwners = (tx: Tx, hoaId: string) => tx.select().from(users).where(and(eq(users.hoaId, hoaId), eq(users.role, 'superadmin'), eq(users.status, 'active')));

/**
 * invoice.payment_failed (a renewal the card did not pay): tell the HOA's superadmins, with the next
 * attempt when there is one. The status itself (past due, then canceled) arrives as
 * customer.subscription.updated / deleted. Each failed attempt is its own event, so each mails once.
 */
const paymentFailed: EventHandler = async (ctx) => {
  const { tx, event, deps } = ctx;
  const invoice = event.object;
  const subscriptionId = (invoice.subscription ?? invoice.parent?.subscription_details?.subscription) as string | undefined;
  if (!subscriptionId) return 'ignored';
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId)).limit(1);
  if (!row) return 'ignored';
  const [hoa] = await tx.select().from(hoas).where(eq(hoas.id, row.hoaId)).limit(1);
  const owners = await billingOwners(tx, row.hoaId);
  const plan = row.plan as keyof typeof PLAN_PRICE_CENTS;
  for (const owner of owners) {
    const mail = await paymentFailedEmail({
      hoaName: hoa?.name ?? 'your HOA',
      name: owner.name,
      planName: plan.charAt(0).toUpperCase() + plan.slice(1),
      amountCents: Number(invoice.amount_due ?? PLAN_PRICE_CENTS[plan] ?? 0),
      nextAttempt: typeof invoice.next_payment_attempt === 'number' ? invoice.next_payment_attempt * 1000 : null,
      url: `${deps.config.appUrl}/plan-selection`,
    });
    await queueEmail(tx, deps.clock(), { hoaId: row.hoaId, to: owner.email, toUserId: owner.id, ref: `subscription:${row.id}`, ...mail });
  }
  ctx.queuedEmail = owners.length > 0;
  return owners.length ? 'applied' : 'ignored';
};

/** account.updated: the connected account's onboarding state. */
const applyAccount: EventHandler = async ({ tx, event, deps }) => {
  const status = toAccountStatus(event.object);
  const [row] = await tx.select().from(connectAccounts).where(eq(connectAccounts.accountId, status.accountId)).limit(1);
  if (!row) return 'ignored';
  if (isStale(row.lastEventAt, event.created)) return 'stale';
  await tx
    .update(connectAccounts)
    .set({
      detailsSubmitted: status.detailsSubmitted,
      chargesEnabled: status.chargesEnabled,
      payoutsEnabled: status.payoutsEnabled,
      requirementsDue: JSON.stringify(status.requirementsDue),
      lastEventAt: event.created,
      updatedAt: deps.clock(),
    })
    .where(eq(connectAccounts.hoaId, row.hoaId));
  return 'applied';
};

/** What an area does when an invoice's Checkout is paid (the invoices area marks the invoice paid). Listed in worker/areas/listeners.ts. */
export type InvoicePaidListener = (deps: AppDeps, tx: Tx, paid: { hoaId: string; invoiceId: string; checkoutId: string; amountCents: number; paidAt: number }) => Promise<void>;

function checkoutStatus(type: string, object: Record<string, any>): 'paid' | 'failed' | 'expired' | null {
  if (type === 'checkout.session.expired') return 'expired';
  if (type === 'checkout.session.async_payment_failed') return 'failed';
  if (type === 'checkout.session.async_payment_succeeded') return 'paid';
  // completed: paid by card at once; a delayed method completes unpaid and settles later.
  return object.payment_status === 'paid' ? 'paid' : null;
}

/** checkout.session.*: an invoice Checkout settles (receipt mail, invoices area notified); a reactivation links its subscription. */
const applyCheckout: EventHandler = async (ctx) => {
  const { tx, event, deps } = ctx;
  const session = event.object;
  if (session.metadata?.kind === 'reactivation') {
    // The new subscription's own events carry its state; here it only becomes the HOA's subscription.
    const hoaId = session.metadata?.hoa_id;
    if (!hoaId || !session.subscription || event.type !== 'checkout.session.completed') return 'ignored';
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.hoaId, hoaId)).limit(1);
    if (!row) return 'ignored';
    if (row.providerSubscriptionId === session.subscription) return 'applied';
    if (isStale(row.lastEventAt, event.created)) return 'stale';
    await tx
      .update(subscriptions)
      .set({ providerSubscriptionId: String(session.subscription), status: 'active', plan: session.metadata.plan ?? row.plan, canceledAt: null, cancelAtPeriodEnd: false, cancellationReason: null, lastEventAt: event.created, updatedAt: deps.clock() })
      .where(eq(subscriptions.id, row.id));
    return 'applied';
  }

  const [checkout] = await tx.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, String(session.id))).limit(1);
  if (!checkout) return 'ignored';
  const status = checkoutStatus(event.type, session);
  if (!status) return 'ignored';
  // Paid is final: a late "expired" or "failed" never undoes a payment.
  if (checkout.status === 'paid') return 'stale';
  if (isStale(checkout.lastEventAt, event.created)) return 'stale';
  const now = deps.clock();
  await tx
    .update(invoiceCheckouts)
    .set({ status, paymentIntentId: (session.payment_intent as string | null) ?? checkout.paymentIntentId, lastEventAt: event.created, updatedAt: now })
    .where(eq(invoiceCheckouts.id, checkout.id));
  if (status !== 'paid') return 'applied';

  const paid = { hoaId: checkout.hoaId, invoiceId: checkout.invoiceId, checkoutId: checkout.id, amountCents: checkout.amountCents, paidAt: now };
  for (const listener of platformListeners.invoicePaid) await listener(deps, tx, paid);
  const [payer] = await tx.select().from(users).where(and(eq(users.id, checkout.userId), eq(users.hoaId, checkout.hoaId))).limit(1);
  const [hoa] = await tx.select().from(hoas).where(eq(hoas.id, checkout.hoaId)).limit(1);
  if (payer) {
    const mail = await paymentReceiptEmail({
      hoaName: hoa?.name ?? 'your HOA',
      residentName: payer.name,
      title: String(session.description ?? session.metadata?.title ?? 'Invoice'),
      amountCents: checkout.amountCents,
      paidAt: now,
      reference: String(session.payment_intent ?? checkout.id),
      url: `${deps.config.appUrl}/invoices/${checkout.invoiceId}`,
    });
    await queueEmail(tx, now, { hoaId: checkout.hoaId, to: payer.email, toUserId: payer.id, ref: `invoice:${checkout.invoiceId}`, ...mail });
    ctx.queuedEmail = true;
  }
  return 'applied';
};

/**
 * The dispatch table. Events not listed are acknowledged and recorded as ignored:
 * `invoice.paid` changes the subscription's status, which arrives as `customer.subscription.updated`;
 * `setup_intent.succeeded` is confirmed by the signup call itself.
 */
export const eventHandlers: Record<string, EventHandler> = {
  'customer.subscription.created': applySubscription,
  'customer.subscription.updated': applySubscription,
  'customer.subscription.deleted': applySubscription,
  'customer.subscription.paused': applySubscription,
  'customer.subscription.resumed': applySubscription,
  'customer.subscription.trial_will_end': trialWillEnd,
  'invoice.payment_failed': paymentFailed,
  'account.updated': applyAccount,
  'checkout.session.completed': applyCheckout,
  'checkout.session.async_payment_succeeded': applyCheckout,
  'checkout.session.async_payment_failed': applyCheckout,
  'checkout.session.expired': applyCheckout,
};

export const WEBHOOK_MESSAGES = { invalidSignature: 'Invalid webhook signature' } as const;

/**
 * POST /api/webhooks/stripe and the local provider's events: verify the signature, then in one
 * transaction record the event id (a replay or duplicate stops here) and apply it. A handler error
 * rolls back both, so the provider's retry processes the event again.
 */
export async function receiveWebhook(deps: AppDeps, rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean; outcome: EventOutcome | null }> {
  let event: PaymentEvent;
  try {
    event = await deps.payments.verifyWebhook(rawBody, signature, deps.clock());
  } catch (e) {
    if (e instanceof WebhookSignatureError) throw badRequest(WEBHOOK_MESSAGES.invalidSignature);
    throw e;
  }
  const result = await deps.database.transaction(async (tx) => {
    const [seen] = await tx.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id)).limit(1);
    if (seen) return { duplicate: true, outcome: null, queuedEmail: false };
    const ctx: HandlerContext = { deps, tx, event, queuedEmail: false };
    const handler = eventHandlers[event.type];
    const outcome = handler ? await handler(ctx) : 'ignored';
    await tx.insert(paymentEvents).values({ id: event.id, type: event.type, createdAt: event.created, processedAt: deps.clock(), outcome });
    return { duplicate: false, outcome, queuedEmail: ctx.queuedEmail };
  });
  if (result.queuedEmail) deps.onEmailQueued?.();
  return { received: true, duplicate: result.duplicate, outcome: result.outcome };
}

/** Wires the local provider's events into the same processing (called where deps are built). */
export function connectLocalPayments(deps: AppDeps): void {
  if (isLocalPayments(deps.payments)) deps.payments.connect((body, signature) => receiveWebhook(deps, body, signature));
}

/**
 * Gives subscriptions without a provider subscription (the seeded demo trials) a customer and a trialing
 * subscription in the local provider, so the local billing portal shows them. Stripe: nothing to do.
 */
export async function linkLocalSubscriptions(deps: Pick<AppDeps, 'database' | 'clock' | 'payments'>): Promise<number> {
  const payments = deps.payments;
  if (!isLocalPayments(payments)) return 0;
  const rows = await deps.database.db
    .select({ sub: subscriptions, hoaName: hoas.name })
    .from(subscriptions)
    .innerJoin(hoas, eq(hoas.id, subscriptions.hoaId))
    .where(isNull(subscriptions.providerSubscriptionId));
  for (const { sub, hoaName } of rows) {
    const [owner] = await deps.database.db
      .select()
      .from(users)
      .where(and(eq(users.hoaId, sub.hoaId), eq(users.role, 'superadmin')))
      .limit(1);
    const plan = (PAID_PLANS as readonly string[]).includes(sub.plan) ? (sub.plan as PaidPlan) : 'growth';
    const days = Math.max(1, Math.ceil(((sub.trialEnd ?? deps.clock()) - deps.clock()) / 86_400_000));
    const created = await payments.seedTrial({ email: owner?.email ?? `billing@${sub.hoaId}.test`, name: hoaName, plan, trialEndsInDays: days, metadata: { hoa_id: sub.hoaId } });
    await deps.database.transaction((tx) =>
      tx
        .update(subscriptions)
        .set({ providerSubscriptionId: created.id, providerCustomerId: created.customerId, trialEnd: created.trialEnd, currentPeriodEnd: created.currentPeriodEnd, updatedAt: deps.clock() })
        .where(and(eq(subscriptions.id, sub.id), isNull(subscriptions.providerSubscriptionId))),
    );
  }
  return rows.length;
}

// ---------------------------------------------------------------- building blocks for the billing and invoice issues

export const PAYMENT_MESSAGES = {
  accountNotReady: 'Online payments are not set up for this HOA yet. Please contact your HOA board.',
} as const;

/**
 * The HOA's connected account: created at the provider once (idempotency key per HOA) and recorded.
 * Provider calls stay outside transactions (ARCHITECTURE.md, side effects).
 */
export async function ensureConnectAccount(deps: AppDeps, hoa: { id: string; name: string }, ownerEmail: string): Promise<typeof connectAccounts.$inferSelect> {
  const [existing] = await deps.database.db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, hoa.id)).limit(1);
  if (existing) return existing;
  const { id } = await deps.payments.createConnectAccount({ email: ownerEmail, businessName: hoa.name, metadata: { hoa_id: hoa.id }, idempotencyKey: `connect:${hoa.id}` });
  const now = deps.clock();
  return deps.database.transaction(async (tx) => {
    await tx.insert(connectAccounts).values({ hoaId: hoa.id, accountId: id, createdAt: now, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(connectAccounts).where(eq(connectAccounts.hoaId, hoa.id)).limit(1);
    return row;
  });
}

/**
 * A Checkout Session paying one invoice into the HOA's connected account. An open session of the same
 * invoice is reused (a second click does not create a second payment); its row is what the webhook
 * settles. The caller (invoices area) has already checked that the actor is the invoice's recipient.
 */
export async function startInvoiceCheckout(
  deps: AppDeps,
  input: { hoaId: string; invoiceId: string; userId: string; email: string; amountCents: number; description: string; successUrl: string; cancelUrl: string },
): Promise<{ id: string; url: string }> {
  const db = deps.database.db;
  const [account] = await db.select().from(connectAccounts).where(eq(connectAccounts.hoaId, input.hoaId)).limit(1);
  if (!account?.chargesEnabled) throw badRequest(PAYMENT_MESSAGES.accountNotReady);
  const previous = await db.select().from(invoiceCheckouts).where(and(eq(invoiceCheckouts.hoaId, input.hoaId), eq(invoiceCheckouts.invoiceId, input.invoiceId)));
  const open = previous.find((c) => c.status === 'open' && c.amountCents === input.amountCents && c.userId === input.userId);
  if (open) return { id: open.id, url: open.url };
  const session = await deps.payments.createInvoiceCheckout({
    connectedAccountId: account.accountId,
    amountCents: input.amountCents,
    description: input.description,
    customerEmail: input.email,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    metadata: { hoa_id: input.hoaId, invoice_id: input.invoiceId, user_id: input.userId },
    idempotencyKey: `invoice:${input.invoiceId}:checkout:${previous.length + 1}`,
  });
  const now = deps.clock();
  await deps.database.transaction((tx) =>
    tx
      .insert(invoiceCheckouts)
      .values({ id: session.id, hoaId: input.hoaId, invoiceId: input.invoiceId, userId: input.userId, amountCents: input.amountCents, status: 'open', url: session.url, createdAt: now, updatedAt: now })
      .onConflictDoNothing(),
  );
  return session;
}
