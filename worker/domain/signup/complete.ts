import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SIGNUP_MESSAGES,
  TRIAL_DAYS,
  type completeBody,
  type CompleteResponse,
  type ConfirmPaymentResponse,
  type confirmPaymentBody,
  type hoaSetupBody,
  type SignupSubscription,
} from '../../../schema/signup';
import { hoaNameColumns } from '../../../schema/hoa-name';
import { subscriptionPolicy, SUBSCRIPTION_MESSAGES } from '../../../schema/subscriptions';
import { hoas, signups, subscriptions, users } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import { issueDeviceCookie } from '../../services/device-cookie';
import type { PaidPlan } from '../../services/payments/types';
import { newId, sha256Hex } from '../../services/tokens';
import type { Actor } from '../actor';
import { issueSession, type ClientMeta, type IssuedSession } from '../auth';
import { AppError, forbidden, invalidField, notFound } from '../errors';
import { updateUser } from '../users';
import { claimSignupFields } from './availability';
import { reachProvider, signupKeys, type SignupRow } from './trial';
import { removeHoas } from './unfinished';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A completed signup's token still answers for an hour: a retried complete signs in again instead of failing. */
const COMPLETED_GRACE_MS = HOUR;
/** Signups nobody finished are removed after a week (the wizard's saved state lasts 24 hours). */
export const ABANDONED_SIGNUP_MS = 7 * DAY;

type SignupRef = Pick<z.infer<typeof confirmPaymentBody>, 'user_id' | 'hoa_id' | 'signup_token' | 'setup_intent_id'>;

/** The signup the ids and token name; 404 for anything else (wrong token, someone else's ids, too old). */
async function findSignup(deps: AppDeps, ref: SignupRef): Promise<SignupRow> {
  const [row] = await deps.database.db
    .select()
    .from(signups)
    .where(and(eq(signups.hoaId, ref.hoa_id), eq(signups.userId, ref.user_id)))
    .limit(1);
  const fresh = row && (row.completedAt == null || deps.clock() - row.completedAt < COMPLETED_GRACE_MS);
  if (!row || !fresh || row.tokenHash !== (await sha256Hex(ref.signup_token))) throw notFound(SIGNUP_MESSAGES.signupNotFound);
  if (row.setupIntentId !== ref.setup_intent_id) throw invalidField('setup_intent_id', SIGNUP_MESSAGES.paymentSetupFailed);
  return row;
}

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

async function signupSubscription(db: DbOrTx, hoaId: string): Promise<SignupSubscription> {
  const [s] = await db.select().from(subscriptions).where(eq(subscriptions.hoaId, hoaId)).limit(1);
  return {
    id: s.id,
    plan: s.plan as SignupSubscription['plan'],
    status: s.status,
    trial_end: iso(s.trialEnd),
    current_period_end: iso(s.currentPeriodEnd),
  };
}

/**
 * The payment-method confirmation call, `POST /api/signup/confirm-payment` (the path is
 * ours): the server reads the SetupIntent from the provider itself (the browser's word is not
 * taken), and once it succeeded creates the 30-day trial charged to that card when it ends.
 * Idempotent: a second call finds the signup confirmed and answers the same.
 */
export async function confirmPayment(deps: AppDeps, body: z.infer<typeof confirmPaymentBody>): Promise<ConfirmPaymentResponse> {
  const signup = await findSignup(deps, body);
  if (!signup.confirmedAt) {
    const si = await reachProvider(() => deps.payments.getSetupIntent(signup.setupIntentId!));
    const paymentMethodId = si.paymentMethodId;
    if (si.status !== 'succeeded' || !paymentMethodId) throw invalidField('setup_intent_id', SIGNUP_MESSAGES.cardNotConfirmed);
    const sub = await reachProvider(() =>
      deps.payments.createSubscription({
        customerId: signup.customerId!,
        plan: signup.plan as PaidPlan,
        paymentMethodId,
        trialDays: TRIAL_DAYS,
        metadata: { hoa_id: signup.hoaId },
        idempotencyKey: signupKeys(signup.hoaId).subscription,
      }),
    );
    const now = deps.clock();
    const kept = await deps.database.transaction(async (tx) => {
      const [row] = await tx.update(signups).set({ paymentMethodId: si.paymentMethodId, confirmedAt: now }).where(eq(signups.id, signup.id)).returning({ id: signups.id });
      // Taken over while the card was being confirmed (./unfinished.ts): the provider's trial goes too.
      if (!row) return false;
      await tx
        .update(subscriptions)
        .set({
          status: sub.status,
          plan: sub.plan ?? signup.plan,
          providerSubscriptionId: sub.id,
          providerCustomerId: sub.customerId,
          trialEnd: sub.trialEnd,
          currentPeriodEnd: sub.currentPeriodEnd,
          updatedAt: now,
        })
        .where(eq(subscriptions.hoaId, signup.hoaId));
      return true;
    });
    if (!kept) {
      await reachProvider(() => deps.payments.cancelSubscription({ subscriptionId: sub.id, immediately: true, reason: 'Signup taken over' }));
      throw notFound(SIGNUP_MESSAGES.signupNotFound);
    }
  }
  return {
    success: true,
    payment_method_secured: true,
    subscription: await signupSubscription(deps.database.db, signup.hoaId),
  };
}

/**
 * `POST /api/signup/complete`: confirms the card when that has not happened yet, activates the
 * superadmin with the password chosen at the trial call, and signs them in (the refresh cookie is set
 * by the route). A plan chosen again after the card was saved changes the trial's plan at once.
 */
export async function completeSignup(deps: AppDeps, body: z.infer<typeof completeBody>, meta: ClientMeta): Promise<Omit<CompleteResponse, 'user'> & IssuedSession> {
  let signup = await findSignup(deps, body);
  if (!signup.confirmedAt) {
    await confirmPayment(deps, body);
    signup = await findSignup(deps, body);
  }
  if (body.plan && body.plan !== signup.plan && !signup.completedAt) {
    const [sub] = await deps.database.db.select().from(subscriptions).where(eq(subscriptions.hoaId, signup.hoaId)).limit(1);
    // During the trial nothing is charged, so a change now is immediate in either direction.
    const changed = await deps.payments.changePlan({
      subscriptionId: sub.providerSubscriptionId!,
      plan: body.plan,
      direction: 'upgrade',
      idempotencyKey: `${signupKeys(signup.hoaId).subscription}:plan:${body.plan}`,
    });
    await deps.database.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ plan: changed.plan ?? body.plan!, updatedAt: deps.clock() })
        .where(eq(subscriptions.id, sub.id));
      await tx.update(signups).set({ plan: body.plan! }).where(eq(signups.id, signup.id));
    });
  }
  const now = deps.clock();
  const issued = await deps.database.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, signup.userId), eq(users.hoaId, signup.hoaId)))
      .limit(1);
    if (!user) throw notFound(SIGNUP_MESSAGES.signupNotFound);
    let active = user;
    if (!signup.completedAt) {
      active = await updateUser(deps, tx, user, {
        status: 'active',
        passwordHash: signup.passwordHash,
        lastLogin: now,
        updatedAt: now,
      });
      await tx.update(signups).set({ completedAt: now, passwordHash: null }).where(eq(signups.id, signup.id));
    }
    return issueSession(deps, tx, active, newId(), meta);
  });
  const [hoa] = await deps.database.db.select().from(hoas).where(eq(hoas.id, signup.hoaId)).limit(1);
  return {
    ...issued,
    token: issued.accessToken,
    hoa: { id: hoa.id, name: hoa.name, city: hoa.city, zip: hoa.zip },
    subscription: await signupSubscription(deps.database.db, signup.hoaId),
    deviceCookie: await issueDeviceCookie(deps.config.jwtSecret, signup.userId),
  };
}

/**
 * `POST /api/signup/hoa-setup` (HOA setup step 1): the new superadmin names the HOA and gives its city
 * and ZIP; the screen sends the browser's time zone, the HOA's from then on.
 */
export async function setupHoa(deps: AppDeps, actor: Actor, body: z.infer<typeof hoaSetupBody>) {
  if (!subscriptionPolicy.mayManage(actor.role)) throw forbidden(SUBSCRIPTION_MESSAGES.onlySuperadmin);
  return deps.database.transaction(async (tx) => {
    const [refused] = await claimSignupFields(tx, { name: body.name, keep: actor.hoaId });
    if (refused) throw invalidField('name', refused.msg);
    const [hoa] = await tx
      .update(hoas)
      .set({ ...hoaNameColumns(body.name), city: body.city || null, zip: body.zip || null, ...(body.time_zone ? { timeZone: body.time_zone } : {}) })
      .where(eq(hoas.id, actor.hoaId))
      .returning();
    if (!hoa) throw new AppError(404, 'HOA not found');
    return {
      hoa: { id: hoa.id, name: hoa.name, city: hoa.city, zip: hoa.zip },
    };
  });
}

/**
 * Job: signups nobody completed within a week give their email and HOA name back. A trial that was
 * already started for one (card saved, never completed) is canceled at the provider first.
 */
export async function purgeAbandonedSignups(deps: AppDeps): Promise<number> {
  const cutoff = deps.clock() - ABANDONED_SIGNUP_MS;
  const stale = await deps.database.db
    .select({
      signup: signups,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
    })
    .from(signups)
    .leftJoin(subscriptions, eq(subscriptions.hoaId, signups.hoaId))
    .where(and(isNull(signups.completedAt), lt(signups.createdAt, cutoff)))
    .limit(100);
  if (!stale.length) return 0;
  for (const { providerSubscriptionId } of stale) {
    if (providerSubscriptionId)
      await deps.payments.cancelSubscription({
        subscriptionId: providerSubscriptionId,
        immediately: true,
        reason: 'Signup not completed',
      });
  }
  await deps.database.transaction(async (tx) => {
    // Still unfinished as the transaction sees them (a completion meanwhile keeps its HOA).
    const ids = stale.map((s) => s.signup.id);
    const still = await tx.select({ hoaId: signups.hoaId }).from(signups).where(and(inArray(signups.id, ids), isNull(signups.completedAt)));
    await removeHoas(tx, still.map((s) => s.hoaId));
  });
  return stale.length;
}
