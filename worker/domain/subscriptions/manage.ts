import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isPaidPlan, planDisplayName, type PaidPlanName } from '../../../schema/signup';
import {
  isLapsed,
  planChangeDirection,
  REACTIVATION_PLAN_PARAM,
  SUBSCRIPTION_MESSAGES,
  type cancelBody,
  type CheckoutResponse,
  type PortalResponse,
  type SubscriptionStatusResponse,
  type UpdatePlanResponse,
} from '../../../schema/subscriptions';
import { subscriptions } from '../../../schema/tables';
import type { AppDeps } from '../../deps';
import type { ProviderSubscription } from '../../services/payments/types';
import type { Actor } from '../actor';
import { recordActivity, type ActivityEntry } from '../activity';
import { AppError, invalidField } from '../errors';
import { addressCount, mustHaveSubscription, requireBillingRole, subscriptionStatus, toApiSubscription, type SubscriptionRow } from './view';

/** The provider ids a call needs; 409 while the subscription is not at the provider yet. */
function providerIds(row: SubscriptionRow) {
  if (!row.providerSubscriptionId || !row.providerCustomerId) throw new AppError(409, SUBSCRIPTION_MESSAGES.notConnected);
  return {
    subscriptionId: row.providerSubscriptionId,
    customerId: row.providerCustomerId,
  };
}

/** Writes what the provider answered onto the row at once; its webhook brings the same later. */
async function mirror(deps: AppDeps, row: SubscriptionRow, sub: ProviderSubscription, extra: Partial<SubscriptionRow> = {}, trail?: { actor: Actor; entry: ActivityEntry }): Promise<SubscriptionRow> {
  const [updated] = await deps.database.transaction(async (tx) => {
    // The trail's entry rides with the mirrored row: the provider's change is the HOA's from then on.
    if (trail) await recordActivity(deps, tx, trail.actor, trail.entry);
    return tx
      .update(subscriptions)
      .set({
        status: sub.status,
        plan: sub.plan ?? row.plan,
        trialEnd: sub.trialEnd,
        currentPeriodEnd: sub.currentPeriodEnd,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        canceledAt: sub.canceledAt,
        updatedAt: deps.clock(),
        ...extra,
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
  });
  return updated;
}

/**
 * `POST /api/subscriptions/cancel {reason?, immediately?}`: at the end of the period already paid for
 * (or of the trial) unless `immediately`. The HOA keeps working until then.
 */
export async function cancelSubscription(deps: AppDeps, actor: Actor, body: z.infer<typeof cancelBody>): Promise<SubscriptionStatusResponse> {
  requireBillingRole(actor);
  const row = await mustHaveSubscription(deps.database.db, actor.hoaId);
  if (isLapsed(row.status)) throw new AppError(409, SUBSCRIPTION_MESSAGES.alreadyCanceled);
  const { subscriptionId } = providerIds(row);
  const sub = await deps.payments.cancelSubscription({
    subscriptionId,
    immediately: body.immediately,
    reason: body.reason,
  });
  const summary = `Cancelled the subscription${body.immediately ? ' at once' : ' at the end of the period'}${body.reason ? `: ${body.reason}` : ''}`;
  await mirror(deps, row, sub, { cancellationReason: body.reason || null }, { actor, entry: { action: 'subscription.cancelled', summary, entity: 'subscription', entityId: row.id, before: { status: row.status }, after: { status: sub.status, cancel_at_period_end: sub.cancelAtPeriodEnd } } });
  return subscriptionStatus(deps.database.db, actor);
}

/**
 * `POST /api/subscriptions/update-plan {planName}`: an upgrade at once (prorated, invoiced now), a
 * downgrade from the next billing cycle. The idempotency key is the change from this
 * state, so a retried request changes the plan once.
 */
export async function updatePlan(deps: AppDeps, actor: Actor, planName: PaidPlanName): Promise<UpdatePlanResponse> {
  requireBillingRole(actor);
  const row = await mustHaveSubscription(deps.database.db, actor.hoaId);
  if (isLapsed(row.status)) throw new AppError(409, SUBSCRIPTION_MESSAGES.canceledUseReactivation);
  if (row.plan === planName) throw invalidField('planName', SUBSCRIPTION_MESSAGES.samePlan);
  const { subscriptionId } = providerIds(row);
  // From the free plan (testing) any paid plan is an upgrade.
  const direction = isPaidPlan(row.plan) ? planChangeDirection(row.plan, planName) : 'upgrade';
  const sub = await deps.payments.changePlan({
    subscriptionId,
    plan: planName,
    direction,
    idempotencyKey: `plan:${subscriptionId}:${row.plan}->${planName}:${row.lastEventAt ?? row.createdAt}`,
  });
  const entry: ActivityEntry = { action: 'subscription.plan_changed', summary: `Changed the plan from ${planDisplayName(row.plan)} to ${planDisplayName(planName)}`, entity: 'subscription', entityId: row.id, before: { plan: row.plan }, after: { plan: planName } };
  const updated = await mirror(deps, row, sub, {}, { actor, entry });
  return {
    subscription: toApiSubscription(updated, await addressCount(deps.database.db, actor.hoaId)),
    change: {
      plan: planName,
      direction,
      effective_at: direction === 'upgrade' ? new Date(deps.clock()).toISOString() : updated.currentPeriodEnd ? new Date(updated.currentPeriodEnd).toISOString() : null,
    },
    message: `${direction === 'upgrade' ? SUBSCRIPTION_MESSAGES.upgradeNote : SUBSCRIPTION_MESSAGES.downgradeNote}: ${planDisplayName(planName)}`,
  };
}

/** Query flag the billing portal returns with: the profile then checks whether the plan changed. */
export const PORTAL_RETURN_FLAG = 'billing_return';

/** `POST /api/subscriptions/create-billing-portal` → `{portal_url}`; the portal returns to the profile. */
export async function createBillingPortal(deps: AppDeps, actor: Actor): Promise<PortalResponse> {
  requireBillingRole(actor);
  const row = await mustHaveSubscription(deps.database.db, actor.hoaId);
  const { customerId } = providerIds(row);
  const { url } = await deps.payments.createBillingPortalSession({
    customerId,
    returnUrl: `${deps.config.appUrl}/profile?${PORTAL_RETURN_FLAG}=1`,
  });
  return { portal_url: url };
}

/**
 * `POST /api/subscriptions/create-reactivation-checkout {planName}` → `{checkout_url}`: Checkout for a
 * new subscription of a lapsed HOA; its webhook makes it the HOA's
 * (worker/domain/payments/subscription-events.ts). The key includes the cancel time, so a second lapse gets a Checkout of its own, and the return origin (a key
 * stands for one set of parameters). Leaving Checkout comes back with the chosen plan, to choose again.
 */
export async function createReactivationCheckout(deps: AppDeps, actor: Actor, planName: PaidPlanName): Promise<CheckoutResponse> {
  requireBillingRole(actor);
  const row = await mustHaveSubscription(deps.database.db, actor.hoaId);
  if (!isLapsed(row.status)) throw new AppError(409, SUBSCRIPTION_MESSAGES.nothingToReactivate);
  if (!row.providerCustomerId) throw new AppError(409, SUBSCRIPTION_MESSAGES.notConnected);
  const session = await deps.payments.createReactivationCheckout({
    customerId: row.providerCustomerId,
    plan: planName,
    successUrl: `${deps.config.appUrl}/reactivation?checkout=success`,
    cancelUrl: `${deps.config.appUrl}/reactivation?checkout=canceled&${REACTIVATION_PLAN_PARAM}=${planName}`,
    metadata: { hoa_id: actor.hoaId },
    idempotencyKey: `reactivate:${actor.hoaId}:${row.canceledAt ?? row.updatedAt}:${planName}:${deps.config.appUrl}`,
  });
  return { checkout_url: session.url };
}
