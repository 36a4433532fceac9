/**
 * The local payment provider (worker/services/payments/local.ts) wired by the entries that use it:
 * its events go to the webhook's processing, and the seeded demo trials get its subscriptions.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { hoas, subscriptions, users } from '../../schema/tables';
import type { AppDeps } from '../deps';
import { receiveWebhook } from '../domain/payments/webhooks';
import { isLocalPayments } from '../services/payments/local';
import { PAID_PLANS, type PaidPlan } from '../services/payments/types';

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
