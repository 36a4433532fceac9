import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { hoaId, id, ms } from './columns';

/** Webhook events already processed: an event id is handled at most once. */
export const paymentEvents = sqliteTable('payment_events', {
  /** The provider's event id (evt_…). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own creation time (ms), used to refuse older events over newer state. */
  createdAt: ms('created_at').notNull(),
  processedAt: ms('processed_at').notNull(),
  /** What the handler did: 'applied', 'stale' (older than the stored state), 'ignored' (no handler or no matching row). */
  outcome: text('outcome', { enum: ['applied', 'stale', 'ignored'] }).notNull(),
});

/** The HOA's platform subscription, mirrored from the payment provider's webhooks. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: id(),
    hoaId: hoaId(),
    plan: text('plan').notNull(),
    status: text('status', { enum: ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete_expired', 'paused'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    trialEnd: ms('trial_end'),
    currentPeriodEnd: ms('current_period_end'),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    canceledAt: ms('canceled_at'),
    cancellationReason: text('cancellation_reason'),
    /** `created` of the newest provider event applied to this row; older events are ignored. */
    lastEventAt: ms('last_event_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [uniqueIndex('subscriptions_hoa').on(t.hoaId), uniqueIndex('subscriptions_provider').on(t.providerSubscriptionId)],
);

/** The HOA's connected payment account (Stripe Connect Express) that resident invoices pay into. */
export const connectAccounts = sqliteTable(
  'connect_accounts',
  {
    hoaId: text('hoa_id').primaryKey(),
    accountId: text('account_id').notNull(),
    detailsSubmitted: integer('details_submitted', { mode: 'boolean' }).notNull().default(false),
    chargesEnabled: integer('charges_enabled', { mode: 'boolean' }).notNull().default(false),
    payoutsEnabled: integer('payouts_enabled', { mode: 'boolean' }).notNull().default(false),
    /** JSON array of requirement names still due. */
    requirementsDue: text('requirements_due').notNull().default('[]'),
    lastEventAt: ms('last_event_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [uniqueIndex('connect_accounts_account').on(t.accountId)],
);

/**
 * What became of an invoice Checkout. `processing`: completed with a bank payment still in flight (its
 * async event settles or fails it). `expiring`: its invoice stopped taking payments, the session is
 * to be expired at the provider (after the commit; retried until done). `paid`: its payment settled
 * the invoice. `refunding`: it was paid after the invoice stopped taking payments, the refund is to be
 * made; `refunded` (refund_id) or `refund_failed` (refund_error, told to the board) once it was tried.
 */
export const INVOICE_CHECKOUT_STATUSES = ['open', 'processing', 'expiring', 'expired', 'failed', 'paid', 'refunding', 'refunded', 'refund_failed'] as const;
export type InvoiceCheckoutStatus = (typeof INVOICE_CHECKOUT_STATUSES)[number];

/** One Checkout Session paying a resident's invoice into the HOA's connected account. */
export const invoiceCheckouts = sqliteTable(
  'invoice_checkouts',
  {
    /** The provider's Checkout Session id (cs_…). */
    id: id(),
    hoaId: hoaId(),
    invoiceId: text('invoice_id').notNull(),
    userId: text('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: INVOICE_CHECKOUT_STATUSES }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** The provider's refund (re_…) of a payment that came after its invoice stopped taking payments. */
    refundId: text('refund_id'),
    /** Why the provider refused that refund (status `refund_failed`). */
    refundError: text('refund_error'),
    url: text('url').notNull(),
    /** The processing fee passed on to the resident, charged on top of `amountCents` (what the invoice asks); 0 when the HOA absorbs it. */
    feeCents: integer('fee_cents').notNull().default(0),
    /** The method the resident paid with (card, us_bank_account), once known. */
    method: text('method'),
    /** "Visa •••• 4242" or the bank's name and last four, once known (the receipt's words). */
    methodDetail: text('method_detail'),
    lastEventAt: ms('last_event_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  // `_status`: the follow-up job finds the few rows still waiting for a provider call.
  (t) => [index('invoice_checkouts_hoa').on(t.hoaId), index('invoice_checkouts_invoice').on(t.invoiceId, t.status), index('invoice_checkouts_status').on(t.status)],
);

/**
 * State of the local payment provider (customers, subscriptions, checkout sessions, connected
 * accounts), used only when no Stripe key is set. Stripe-shaped JSON, one row per object.
 */
export const localPaymentObjects = sqliteTable(
  'local_payment_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: text('data').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('local_payment_objects_kind').on(t.kind)],
);
