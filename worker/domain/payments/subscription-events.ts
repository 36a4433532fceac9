/** The HOA's subscription at the provider, mirrored from its events: its state, its trial's end, a failed renewal, a reactivation. */
import { and, eq } from 'drizzle-orm';
import { hoas, subscriptions, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import { paymentFailedEmail, trialEndingEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { PLAN_PRICE_CENTS, toProviderSubscription } from '../../services/payments/types';
import { isStale, type EventHandler } from './events';

/** customer.subscription.created / updated / deleted: mirror the subscription onto the HOA's row. */
export const applySubscription: EventHandler = async ({ tx, event, deps }) => {
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
export const trialWillEnd: EventHandler = async (ctx) => {
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
export const paymentFailed: EventHandler = async (ctx) => {
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

/** checkout.session.completed of a reactivation: the new subscription becomes the HOA's. */
export const linkReactivation: EventHandler = async ({ tx, event, deps }) => {
  const session = event.object;
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
};
