import { and, count, eq, isNull } from 'drizzle-orm';
import { isPaidPlan, planDisplayName, planForUnits, PLANS, type Plan } from '../../../schema/signup';
import { needsReactivation, SUBSCRIPTION_MESSAGES, subscriptionPolicy, type ApiSubscription, type SubscriptionStatusResponse } from '../../../schema/subscriptions';
import { addresses, subscriptions } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { Actor } from '../actor';
import { AppError, forbidden } from '../errors';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** The superadmin's gate for every subscription call: others get 403 before anything is read. */
export function requireBillingRole(actor: Actor): void {
  if (!subscriptionPolicy.mayManage(actor.role)) throw forbidden(SUBSCRIPTION_MESSAGES.onlySuperadmin);
}

export async function subscriptionOf(db: DbOrTx, hoaId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.hoaId, hoaId)).limit(1);
  return row;
}

/** The row, or 409 when the HOA has none (an unfinished signup). */
export async function mustHaveSubscription(db: DbOrTx, hoaId: string): Promise<SubscriptionRow> {
  const row = await subscriptionOf(db, hoaId);
  if (!row) throw new AppError(409, SUBSCRIPTION_MESSAGES.noSubscription);
  return row;
}

export async function addressCount(db: DbOrTx, hoaId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(addresses)
    .where(and(eq(addresses.hoaId, hoaId), isNull(addresses.deletedAt)));
  return n;
}

/** When access ends: the period end of a cancellation at period end; the cancel time of an ended subscription. */
function accessExpiresAt(s: SubscriptionRow): number | null {
  if (s.status === 'canceled' || s.status === 'incomplete_expired' || s.status === 'unpaid') return s.canceledAt ?? s.currentPeriodEnd;
  return s.cancelAtPeriodEnd ? s.currentPeriodEnd : null;
}

export function toApiSubscription(s: SubscriptionRow, units: number): ApiSubscription {
  const plan: Plan | undefined = (PLANS as Record<string, Plan>)[s.plan];
  const max = plan?.max_units ?? null;
  const exceeded = max != null && units > max;
  return {
    _id: s.id,
    id: s.id,
    plan: {
      name: s.plan,
      display_name: planDisplayName(s.plan),
      price_cents: plan?.price_cents ?? 0,
      max_units: max,
    },
    status: s.status,
    trial_end: iso(s.trialEnd),
    current_period_end: iso(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: iso(s.canceledAt),
    cancellation_reason: s.cancellationReason,
    access_expires_at: iso(accessExpiresAt(s)),
    address_count: units,
    units_exceeded: exceeded,
    suggested_plan: exceeded || !isPaidPlan(s.plan) ? planForUnits(units) : null,
  };
}

/** `GET /api/subscriptions/status` and `…/reactivation-status`: the HOA's subscription for its superadmin. */
export async function subscriptionStatus(db: DbOrTx, actor: Actor): Promise<SubscriptionStatusResponse> {
  requireBillingRole(actor);
  const row = await subscriptionOf(db, actor.hoaId);
  if (!row) return { subscription: null, needsReactivation: false };
  return {
    subscription: toApiSubscription(row, await addressCount(db, actor.hoaId)),
    needsReactivation: needsReactivation(actor.role, row.status),
  };
}
