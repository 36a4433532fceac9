import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../schema/tables';
import { linkLocalSubscriptions } from '../../../worker/dev/local-payments';
import type { LocalPayments } from '../../../worker/services/payments/local';
import { cardStep, startSignup } from '../../helpers/signup';
import { all, superadminOnly, type MatrixContext, type MatrixRow, type Who } from './types';

/**
 * Signup (public: anyone may start an HOA, signed in or not) and subscriptions (the superadmin only,
 * always their own HOA's subscription: the calls name no row, so there is no other HOA's row to
 * reach; tests/api/subscriptions.test.ts checks each superadmin acts on their own).
 */
const newSignup = (ctx: MatrixContext, who: Who) =>
  startSignup(ctx.t, {
    email: `${who}@matrix.test`,
    hoa_name: `Matrix ${who} HOA`,
  });
async function savedCard(ctx: MatrixContext, who: Who) {
  const r = await newSignup(ctx, who);
  await cardStep(ctx.t, r, '4242424242424242');
  return {
    body: {
      user_id: r.user.id,
      hoa_id: r.hoa.id,
      setup_intent_id: r.setup_intent_id,
      subscription_id: r.subscription_id,
      signup_token: r.signup_token,
    },
  };
}

/** The demo subscriptions linked to the local provider (as npm start does), so the provider calls have something to act on. */
async function linked(ctx: MatrixContext, who: Who, body: unknown = {}) {
  if (who === 'superadmin') await linkLocalSubscriptions(ctx.t.deps);
  return { body };
}

/** Maple Grove's subscription ended, so a reactivation Checkout may start. */
async function lapsed(ctx: MatrixContext, who: Who) {
  if (who === 'superadmin') {
    await linkLocalSubscriptions(ctx.t.deps);
    const [row] = await ctx.t.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.hoaId, await ctx.hoaId('maple')));
    await ctx.t.deps.payments.cancelSubscription({
      subscriptionId: row.providerSubscriptionId!,
      immediately: true,
    });
    await (ctx.t.deps.payments as LocalPayments).flush();
  }
  return { body: { planName: 'growth' } };
}

export const billingRows: MatrixRow[] = [
  { route: 'GET /api/signup/plans', expect: all(200) },
  {
    route: 'POST /api/signup/check-availability',
    expect: all(200),
    request: () => ({ body: { email: 'someone@new.test' } }),
  },
  {
    route: 'POST /api/signup/trial',
    expect: all(201),
    request: (_ctx, who) => ({
      body: {
        email: `${who}@matrix.test`,
        password: 'Matrix2026',
        name: 'Matrix Owner',
        hoa_name: `Matrix ${who} HOA`,
        plan: 'starter',
      },
    }),
  },
  {
    route: 'POST /api/signup/confirm-payment',
    expect: all(200),
    request: savedCard,
  },
  { route: 'POST /api/signup/complete', expect: all(200), request: savedCard },
  // Renaming one's own HOA to its own name: only the superadmin may.
  {
    route: 'POST /api/signup/hoa-setup',
    expect: superadminOnly(200),
    request: () => ({ body: { name: 'Maple Grove HOA', city: 'Springfield' } }),
  },
  { route: 'GET /api/subscriptions/status', expect: superadminOnly(200) },
  {
    route: 'GET /api/subscriptions/reactivation-status',
    expect: superadminOnly(200),
  },
  {
    route: 'POST /api/subscriptions/cancel',
    expect: superadminOnly(200),
    request: (ctx, who) => linked(ctx, who, { reason: 'Matrix' }),
  },
  {
    route: 'POST /api/subscriptions/update-plan',
    expect: superadminOnly(200),
    request: (ctx, who) => linked(ctx, who, { planName: 'pro' }),
  },
  {
    route: 'POST /api/subscriptions/create-billing-portal',
    expect: superadminOnly(200),
    request: (ctx, who) => linked(ctx, who),
  },
  {
    route: 'POST /api/subscriptions/create-reactivation-checkout',
    expect: superadminOnly(200),
    request: lapsed,
  },
];
