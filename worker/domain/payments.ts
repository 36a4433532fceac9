import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { connectAccounts, hoas, invoiceCheckouts, paymentEvents, subscriptions, users, type InvoiceCheckoutStatus } from '../../schema/tables';
import type { DbOrTx, Tx } from '../db';
import type { AppDeps } from '../deps';
import { paymentFailedEmail, paymentReceiptEmail, refundFailedEmail, trialEndingEmail } from '../emails';
import { queueEmail } from '../services/email';
import { isLocalPayments } from '../services/payments/local';
import { PAID_PLANS, PaymentRefusedError, PLAN_PRICE_CENTS, toAccountStatus, toProviderSubscription, WebhookSignatureError, type PaidPlan, type PaymentEvent } from '../services/payments/types';
import { badRequest, conflict } from './errors';
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
    const mail = trialEndingEmail({
      hoaName: hoa?.name ?? 'your HOA',
      name: owner.name,
      planName: plan.charAt(0).toUpperCase() + plan.slice(1),
      priceCents: PLAN_PRICE_CENTS[plan] ?? 0,
      trialEnd: sub.trialEnd,
      url: `${deps.config.appUrl}/plan-selection`,
    });
    await queueEmail(deps, tx, { hoaId: row.hoaId, to: owner.email, toUserId: owner.id, ref: `subscription:${row.id}`, ...mail });
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
    const mail = paymentFailedEmail({
      hoaName: hoa?.name ?? 'your HOA',
      name: owner.name,
      planName: plan.charAt(0).toUpperCase() + plan.slice(1),
      amountCents: Number(invoice.amount_due ?? PLAN_PRICE_CENTS[plan] ?? 0),
      nextAttempt: typeof invoice.next_payment_attempt === 'number' ? invoice.next_payment_attempt * 1000 : null,
      url: `${deps.config.appUrl}/plan-selection`,
    });
    await queueEmail(deps, tx, { hoaId: row.hoaId, to: owner.email, toUserId: owner.id, ref: `subscription:${row.id}`, ...mail });
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

/**
 * What an area does when an invoice's Checkout is paid (the invoices area marks the invoice paid).
 * Listed in worker/areas/listeners.ts. `false`: the invoice no longer takes this payment (paid another
 * way, canceled, another amount) and the listener changed nothing; the payment is then refunded.
 */
export type InvoicePaidListener = (deps: AppDeps, tx: Tx, paid: InvoicePayment) => Promise<boolean | void>;
export interface InvoicePayment {
  hoaId: string;
  invoiceId: string;
  checkoutId: string;
  amountCents: number;
  paidAt: number;
}

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

  const checkout = (await checkoutRow(tx, String(session.id))) ?? (await recordUnknownCheckout(ctx));
  if (!checkout) return 'ignored';
  const status = checkoutStatus(event.type, session);
  if (!status) return 'ignored';
  // A payment is settled or refunded once: a late "expired" or "failed", or a second "paid", changes nothing.
  if (MONEY_TAKEN.includes(checkout.status)) return 'stale';
  if (isStale(checkout.lastEventAt, event.created)) return 'stale';
  const title = String(session.description ?? session.metadata?.title ?? 'Invoice');
  const paymentIntentId = (session.payment_intent as string | null) ?? checkout.paymentIntentId;
  if (await settleCheckout(deps, tx, checkout, { status, paymentIntentId, eventAt: event.created, title })) ctx.queuedEmail = true;
  return 'applied';
};

/** invoice_checkouts rows whose money was taken: nothing the provider says later reopens them. */
const MONEY_TAKEN: readonly InvoiceCheckoutStatus[] = ['paid', 'refunding', 'refunded', 'refund_failed'];

type CheckoutRow = typeof invoiceCheckouts.$inferSelect;
const checkoutRow = async (tx: DbOrTx, id: string): Promise<CheckoutRow | undefined> => (await tx.select().from(invoiceCheckouts).where(eq(invoiceCheckouts.id, id)).limit(1))[0];

/**
 * An invoice Checkout the app has no row for (the provider created it but the row was never written,
 * or a second tab's session): recorded from its metadata when the HOA's own connected account took it.
 */
async function recordUnknownCheckout({ tx, event, deps }: HandlerContext): Promise<CheckoutRow | undefined> {
  const s = event.object;
  const m = s.metadata ?? {};
  if (m.kind !== 'invoice' || !m.hoa_id || !m.invoice_id || !m.user_id || typeof s.amount_total !== 'number') return undefined;
  const [account] = await tx.select().from(connectAccounts).where(eq(connectAccounts.hoaId, String(m.hoa_id))).limit(1);
  if (!account || account.accountId !== event.account) return undefined;
  const now = deps.clock();
  const values = { id: String(s.id), hoaId: String(m.hoa_id), invoiceId: String(m.invoice_id), userId: String(m.user_id), amountCents: s.amount_total, status: 'open' as const, url: String(s.url ?? ''), createdAt: now, updatedAt: now };
  return (await tx.insert(invoiceCheckouts).values(values).returning())[0];
}

/**
 * What an invoice Checkout came to (an event, or the provider's answer to an expiry), applied to its
 * row in the caller's transaction. A payment goes to the invoices area: taken, it mails the receipt;
 * refused (the invoice stopped taking payments first), it is refunded after the commit and mails
 * nothing. Returns whether mail was queued.
 */
async function settleCheckout(
  deps: AppDeps,
  tx: Tx,
  checkout: CheckoutRow,
  result: { status: 'paid' | 'failed' | 'expired'; paymentIntentId: string | null; eventAt: number | null; title: string },
): Promise<boolean> {
  const now = deps.clock();
  const set = { status: result.status, paymentIntentId: result.paymentIntentId, lastEventAt: result.eventAt ?? checkout.lastEventAt, updatedAt: now };
  // Before the listeners: the invoice settling expires its other open Checkouts, not this one.
  await tx.update(invoiceCheckouts).set(set).where(eq(invoiceCheckouts.id, checkout.id));
  if (result.status !== 'paid') return false;
  const paid: InvoicePayment = { hoaId: checkout.hoaId, invoiceId: checkout.invoiceId, checkoutId: checkout.id, amountCents: checkout.amountCents, paidAt: now };
  let taken = true;
  for (const listener of platformListeners.invoicePaid) if ((await listener(deps, tx, paid)) === false) taken = false;
  if (!taken) {
    await tx.update(invoiceCheckouts).set({ status: 'refunding' }).where(eq(invoiceCheckouts.id, checkout.id));
    followUpAfterCommit(deps, [checkout.id]);
    return false;
  }
  const [payer] = await tx.select().from(users).where(and(eq(users.id, checkout.userId), eq(users.hoaId, checkout.hoaId))).limit(1);
  if (!payer) return false;
  const [hoa] = await tx.select().from(hoas).where(eq(hoas.id, checkout.hoaId)).limit(1);
  const mail = paymentReceiptEmail({
    hoaName: hoa?.name ?? 'your HOA',
    residentName: payer.name,
    title: result.title,
    amountCents: checkout.amountCents,
    paidAt: now,
    reference: result.paymentIntentId ?? checkout.id,
    url: `${deps.config.appUrl}/invoices/${checkout.invoiceId}`,
  });
  await queueEmail(deps, tx, { hoaId: checkout.hoaId, to: payer.email, toUserId: payer.id, ref: `invoice:${checkout.invoiceId}`, ...mail });
  return true;
}

/**
 * refund.updated / charge.refund.updated / refund.failed: a refund the provider accepted can still
 * fail later (a closed card account); the board is then told as for a refused one.
 */
const refundUpdated: EventHandler = async (ctx) => {
  const refund = ctx.event.object;
  const checkoutId = refund.metadata?.checkout_id;
  if (refund.status !== 'failed' || !checkoutId) return 'ignored';
  const checkout = await checkoutRow(ctx.tx, String(checkoutId));
  if (checkout?.status !== 'refunded' || checkout.refundId !== refund.id) return 'ignored';
  await refundFailed(ctx.deps, ctx.tx, checkout, `The refund failed after it was accepted (${refund.failure_reason ?? 'no reason given'}).`);
  ctx.queuedEmail = true;
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
  'refund.updated': refundUpdated,
  'refund.failed': refundUpdated,
  'charge.refund.updated': refundUpdated,
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
  noLongerPayable: 'This invoice can no longer be paid.',
  noPaymentReference: 'The payment has no payment reference to refund.',
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
  input: {
    hoaId: string;
    invoiceId: string;
    userId: string;
    email: string;
    amountCents: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    /** Asked again when the session is recorded: an invoice settled meanwhile gets its session expired (409). */
    stillPayable?: (tx: Tx) => Promise<boolean>;
  },
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
  const payable = await deps.database.transaction(async (tx) => {
    const payable = input.stillPayable ? await input.stillPayable(tx) : true;
    const status = payable ? 'open' : 'expiring';
    const values = { id: session.id, hoaId: input.hoaId, invoiceId: input.invoiceId, userId: input.userId, amountCents: input.amountCents, status, url: session.url, createdAt: now, updatedAt: now } as const;
    const recorded = await tx.insert(invoiceCheckouts).values(values).onConflictDoNothing().returning({ id: invoiceCheckouts.id });
    if (!payable && recorded.length) followUpAfterCommit(deps, [session.id]);
    return payable;
  });
  if (!payable) throw conflict(PAYMENT_MESSAGES.noLongerPayable);
  return session;
}

// ---------------------------------------------------------------- an invoice is paid once

/**
 * An invoice stopped taking payments (paid by check, canceled, paid through another Checkout): its
 * open Checkouts are marked `expiring` in the caller's transaction and expired at the provider after
 * the commit, so their pages take no card. A payment that still comes is refunded (settleCheckout).
 */
export async function closeInvoiceCheckouts(deps: AppDeps, tx: Tx, invoice: { hoaId: string; invoiceId: string }): Promise<void> {
  const open = and(eq(invoiceCheckouts.invoiceId, invoice.invoiceId), eq(invoiceCheckouts.hoaId, invoice.hoaId), eq(invoiceCheckouts.status, 'open'));
  const rows = await tx.update(invoiceCheckouts).set({ status: 'expiring', updatedAt: deps.clock() }).where(open).returning({ id: invoiceCheckouts.id });
  if (rows.length) followUpAfterCommit(deps, rows.map((r) => r.id));
}

/** How long a row waits before the job tries its provider call again (the first try follows its commit). */
export const CHECKOUT_FOLLOW_UP_RETRY_MS = 10 * 60_000;

/** The provider calls of rows just committed: after the commit, after the response, never in the transaction. */
function followUpAfterCommit(deps: AppDeps, ids: string[]) {
  deps.database.afterCommit(() => deps.afterResponse(() => finishInvoiceCheckouts(deps, ids)));
}

/** Rows whose provider call is under way in this process (the after-commit run and the job do not both make it). */
const inFlight = new Set<string>();

/**
 * The provider calls invoice Checkouts wait for, made outside any transaction: expire the sessions of
 * invoices that stopped taking payments (`expiring`), refund the payments that came anyway
 * (`refunding`). `ids`: those rows, right after their commit; none: the job's retry of every row that
 * has waited CHECKOUT_FOLLOW_UP_RETRY_MS (a crash, a provider outage). The calls are idempotent
 * (the refund's key is the row's), and an outcome is recorded only while its row still waits.
 */
export async function finishInvoiceCheckouts(deps: AppDeps, ids?: string[]): Promise<void> {
  const waiting = inArray(invoiceCheckouts.status, ['expiring', 'refunding']);
  const which = ids ? inArray(invoiceCheckouts.id, ids) : lt(invoiceCheckouts.updatedAt, deps.clock() - CHECKOUT_FOLLOW_UP_RETRY_MS);
  const rows = await deps.database.db.select().from(invoiceCheckouts).where(and(waiting, which)).limit(100);
  for (const row of rows) {
    if (inFlight.has(row.id)) continue;
    inFlight.add(row.id);
    try {
      await (row.status === 'expiring' ? expireCheckout(deps, row) : refundCheckout(deps, row));
    } catch (e) {
      console.error(`invoice checkout ${row.id}: the provider call for ${row.status} failed; the job tries again`, e);
      await deps.database.transaction((tx) => tx.update(invoiceCheckouts).set({ updatedAt: deps.clock() }).where(and(eq(invoiceCheckouts.id, row.id), eq(invoiceCheckouts.status, row.status))));
    } finally {
      inFlight.delete(row.id);
    }
  }
}

async function connectedAccountOf(deps: AppDeps, hoaId: string): Promise<string | null> {
  const [account] = await deps.database.db.select({ id: connectAccounts.accountId }).from(connectAccounts).where(eq(connectAccounts.hoaId, hoaId)).limit(1);
  return account?.id ?? null;
}

/** `expiring` → expired at the provider. A session paid first is settled as its event would (refunded: the invoice no longer takes it). */
async function expireCheckout(deps: AppDeps, row: CheckoutRow): Promise<void> {
  const account = await connectedAccountOf(deps, row.hoaId);
  const state = account ? await deps.payments.expireInvoiceCheckout({ connectedAccountId: account, sessionId: row.id }) : { status: 'expired' as const, paid: false, paymentIntentId: null };
  if (state.status === 'open') throw new Error('the provider left the session open');
  await deps.database.transaction(async (tx) => {
    const now = await checkoutRow(tx, row.id);
    if (now?.status !== 'expiring') return;
    if (state.status === 'expired') await tx.update(invoiceCheckouts).set({ status: 'expired', updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, row.id));
    else if (state.paid) {
      if (await settleCheckout(deps, tx, now, { status: 'paid', paymentIntentId: state.paymentIntentId, eventAt: null, title: 'Invoice' })) deps.database.afterCommit(() => deps.onEmailQueued?.());
    }
    // Complete but unpaid (a delayed method): its async event settles it; the job looks again later.
    else await tx.update(invoiceCheckouts).set({ updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, row.id));
  });
}

/** `refunding` → refunded at the provider, or `refund_failed` and the board told when the provider refuses. */
async function refundCheckout(deps: AppDeps, row: CheckoutRow): Promise<void> {
  const account = await connectedAccountOf(deps, row.hoaId);
  let refund: { id: string; status: string };
  try {
    if (!row.paymentIntentId || !account) throw new PaymentRefusedError(PAYMENT_MESSAGES.noPaymentReference);
    const metadata = { hoa_id: row.hoaId, invoice_id: row.invoiceId, checkout_id: row.id };
    refund = await deps.payments.refundInvoicePayment({ connectedAccountId: account, paymentIntentId: row.paymentIntentId, metadata, idempotencyKey: `refund:${row.id}` });
  } catch (e) {
    if (!(e instanceof PaymentRefusedError)) throw e;
    return deps.database.transaction(async (tx) => {
      const now = await checkoutRow(tx, row.id);
      if (now?.status === 'refunding') await refundFailed(deps, tx, now, e.message);
    });
  }
  const failed = refund.status === 'failed' || refund.status === 'canceled';
  await deps.database.transaction(async (tx) => {
    const now = await checkoutRow(tx, row.id);
    if (now?.status !== 'refunding') return;
    await tx.update(invoiceCheckouts).set({ status: 'refunded', refundId: refund.id, updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, row.id));
    if (failed) await refundFailed(deps, tx, { ...now, refundId: refund.id }, `The refund ${refund.id} was ${refund.status}.`);
  });
}

/**
 * A refund the provider refused (or that failed later): the row says why, and the HOA's board and
 * superadmins get a mail asking them to refund it themselves. Nothing changes on the invoice.
 */
async function refundFailed(deps: AppDeps, tx: Tx, checkout: CheckoutRow, reason: string): Promise<void> {
  await tx.update(invoiceCheckouts).set({ status: 'refund_failed', refundError: reason, updatedAt: deps.clock() }).where(eq(invoiceCheckouts.id, checkout.id));
  const [hoa] = await tx.select().from(hoas).where(eq(hoas.id, checkout.hoaId)).limit(1);
  const [payer] = await tx.select().from(users).where(and(eq(users.id, checkout.userId), eq(users.hoaId, checkout.hoaId))).limit(1);
  const board = await tx.select().from(users).where(and(eq(users.hoaId, checkout.hoaId), inArray(users.role, ['board', 'superadmin']), eq(users.status, 'active'), isNull(users.deletedAt)));
  for (const member of board) {
    const mail = refundFailedEmail({
      hoaName: hoa?.name ?? 'your HOA',
      name: member.name,
      payerName: payer?.name ?? 'A resident',
      amountCents: checkout.amountCents,
      paymentReference: checkout.paymentIntentId ?? checkout.id,
      reason,
      url: `${deps.config.appUrl}/invoices/${checkout.invoiceId}`,
    });
    await queueEmail(deps, tx, { hoaId: checkout.hoaId, to: member.email, toUserId: member.id, ref: `invoice:${checkout.invoiceId}`, ...mail });
  }
  if (board.length) deps.database.afterCommit(() => deps.onEmailQueued?.());
}
