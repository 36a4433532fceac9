/**
 * Subscriptions REST, the superadmin only (others 403), always the caller's own HOA:
 * - `GET /status` and `GET /reactivation-status` → `{subscription, needsReactivation}`.
 * - `POST /cancel {reason?, immediately?}` → the same, after cancelling (at the period end by default).
 * - `POST /update-plan {planName}` → `{subscription, change: {plan, direction, effective_at}, message}`.
 * - `POST /create-billing-portal` → `{portal_url}`.
 * - `POST /create-reactivation-checkout {planName}` → `{checkout_url}` (409 unless the subscription lapsed).
 */
import { Hono } from 'hono';
import { cancelBody, reactivationCheckoutBody, subscriptionPolicy, SUBSCRIPTION_MESSAGES, updatePlanBody } from '../../schema/subscriptions';
import { cancelSubscription, createBillingPortal, createReactivationCheckout, subscriptionStatus, updatePlan } from '../domain/subscriptions';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

export const subscriptionRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .use(allow(subscriptionPolicy.mayManage, SUBSCRIPTION_MESSAGES.onlySuperadmin))
  .get('/status', async (c) => c.json(await subscriptionStatus(c.var.deps.database.db, c.var.actor)))
  .get('/reactivation-status', async (c) => c.json(await subscriptionStatus(c.var.deps.database.db, c.var.actor)))
  .post('/cancel', validate('json', cancelBody), async (c) => c.json(await cancelSubscription(c.var.deps, c.var.actor, c.req.valid('json'))))
  .post('/update-plan', validate('json', updatePlanBody), async (c) => c.json(await updatePlan(c.var.deps, c.var.actor, c.req.valid('json').planName)))
  .post('/create-billing-portal', async (c) => c.json(await createBillingPortal(c.var.deps, c.var.actor)))
  .post('/create-reactivation-checkout', validate('json', reactivationCheckoutBody), async (c) => c.json(await createReactivationCheckout(c.var.deps, c.var.actor, c.req.valid('json').planName)));
