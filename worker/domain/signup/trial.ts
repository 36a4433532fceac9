import { and, eq, isNull } from 'drizzle-orm';
import { SIGNUP_MESSAGES, type TrialBody, type TrialResponse } from '../../../schema/signup';
import { hoaNameColumns } from '../../../schema/hoa-name';
import { hoas, signups, subscriptions, users } from '../../../schema/tables';
import type { FieldError } from '../../../schema/validation';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { hit } from '../../services/rate-limit';
import { newId, randomToken, sha256Hex } from '../../services/tokens';
import type { ClientMeta } from '../auth';
import { AppError, notFound } from '../errors';
import { memberRows } from '../members';
import { updateUser } from '../users';
import { claimSignupFields, SIGNUP_RATE_LIMITS } from './availability';
import { attemptSignup } from './unfinished';

export type SignupRow = typeof signups.$inferSelect;

const fieldErrors = (errors: FieldError[]) => new AppError(400, errors[0].msg, errors);

/** Idempotency keys of a signup's provider objects: a retried call gets the same customer and SetupIntent. */
export const signupKeys = (hoaId: string) => ({
  customer: `signup:${hoaId}:customer`,
  setupIntent: `signup:${hoaId}:setup-intent`,
  subscription: `signup:${hoaId}:subscription`,
});

/** The unfinished (not completed) signup of this email: at most one, as one user row holds an email. */
async function unfinishedSignupOf(db: DbOrTx, email: string): Promise<SignupRow | null> {
  const [row] = await db
    .select({ signup: signups })
    .from(signups)
    .innerJoin(users, eq(users.id, signups.userId))
    .where(and(eq(users.email, email), isNull(signups.completedAt)))
    .limit(1);
  return row?.signup ?? null;
}

/** The signup a trial call found changed in its transaction (another call of this email committed first): it runs again. */
class Raced extends Error {}
const ATTEMPTS = 3;

/**
 * `POST /api/signup/trial`: the HOA, its superadmin (invited until completion) and an
 * incomplete subscription in one transaction, then the provider's customer and SetupIntent with
 * idempotency keys per HOA. A retried request (same email and password) finds the pending signup and
 * answers with the same ids and SetupIntent: nothing is created twice, even when the first attempt
 * failed between the transaction and the provider calls. So does a call with the browser's `attempt`
 * (the ids and token of its latest trial call). Another unfinished signup of the email or of the HOA
 * name, with no card yet, holds nothing: this one replaces it (./unfinished.ts).
 */
export async function startTrial(deps: AppDeps, body: TrialBody, meta: ClientMeta): Promise<TrialResponse> {
  await hit(deps.database, SIGNUP_RATE_LIMITS.trialPerIp, meta.ip, deps.clock(), SIGNUP_MESSAGES.tooManyChecks);
  for (let attempt = 1; ; attempt++) {
    try {
      return await trial(deps, body);
    } catch (e) {
      // Two copies of one request at once: the second finds the first's signup on its next attempt.
      if (e instanceof Raced && attempt < ATTEMPTS) continue;
      if (e instanceof Raced) throw new AppError(409, SIGNUP_MESSAGES.createFailed);
      throw e;
    }
  }
}

async function trial(deps: AppDeps, body: TrialBody): Promise<TrialResponse> {
  const now = deps.clock();
  const token = randomToken();
  const tokenHash = await sha256Hex(token);

  // The password is checked before the transaction (hashing never holds the writer), and the
  // transaction then makes sure it still sees the same unfinished signup.
  const seen = await unfinishedSignupOf(deps.database.db, body.email);
  const samePassword = seen?.passwordHash && (await verifyPassword(body.password, seen.passwordHash)) ? seen : null;
  // The browser's own attempt resumes too, whatever password it is given now (Start Over).
  const pending = samePassword ?? (await attemptSignup(deps.database.db, body.attempt));
  const passwordHash = samePassword ? null : await hashPassword(body.password, deps.config.passwordIterations);
  const signup = await deps.database.transaction(async (tx) => {
    if ((await unfinishedSignupOf(tx, body.email))?.id !== seen?.id) throw new Raced();
    if (pending) {
      // A resumed signup may correct the email, the password, the name, the HOA's name and the plan before paying.
      const errors = await claimSignupFields(tx, { email: body.email, name: body.hoa_name, keep: pending.hoaId });
      if (errors.length) throw fieldErrors(errors);
      await tx.update(hoas).set(hoaNameColumns(body.hoa_name)).where(eq(hoas.id, pending.hoaId));
      await updateUser(deps, tx, { id: pending.userId, hoaId: pending.hoaId }, { email: body.email, name: body.name, updatedAt: now });
      const plan = pending.confirmedAt ? pending.plan : body.plan;
      await tx
        .update(subscriptions)
        .set({ plan, updatedAt: now })
        .where(and(eq(subscriptions.hoaId, pending.hoaId), eq(subscriptions.status, 'incomplete')));
      const [row] = await tx
        .update(signups)
        .set({ tokenHash, plan, ...(passwordHash && { passwordHash }) })
        .where(and(eq(signups.id, pending.id), isNull(signups.completedAt)))
        .returning();
      // Completed or taken over since it was read: the next attempt sees what is left.
      if (!row) throw new Raced();
      return row;
    }
    const errors = await claimSignupFields(tx, { email: body.email, name: body.hoa_name });
    if (errors.length) throw fieldErrors(errors);
    const hoaId = newId();
    const userId = newId();
    await tx.insert(hoas).values({ id: hoaId, ...hoaNameColumns(body.hoa_name), createdAt: now });
    await memberRows.insert(deps, tx, {
      id: userId,
      hoaId,
      name: body.name,
      email: body.email,
      role: 'superadmin',
      status: 'invited',
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(subscriptions).values({
      id: newId(),
      hoaId,
      plan: body.plan,
      status: 'incomplete',
      createdAt: now,
      updatedAt: now,
    });
    const [row] = await tx
      .insert(signups)
      .values({
        id: newId(),
        hoaId,
        userId,
        plan: body.plan,
        passwordHash,
        tokenHash,
        createdAt: now,
      })
      .returning();
    return row;
  });
  const withCard = await ensureSetupIntent(deps, signup, body);
  const [sub] = await deps.database.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.hoaId, signup.hoaId)).limit(1);
  if (!sub) throw notFound(SIGNUP_MESSAGES.signupNotFound);
  return {
    user: {
      id: signup.userId,
      name: body.name,
      email: body.email,
      role: 'superadmin',
    },
    hoa: { id: signup.hoaId, name: body.hoa_name },
    plan: signup.plan as TrialResponse['plan'],
    subscription_id: sub.id,
    setup_intent_id: withCard.setupIntentId!,
    setup_intent_client_secret: withCard.setupIntentClientSecret!,
    signup_token: token,
    payment_method_secured: withCard.confirmedAt != null,
    payment: {
      provider: deps.payments.kind,
      publishable_key: deps.payments.publishableKey,
    },
  };
}

export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached. Please try again.';

/**
 * A provider call whose failure is not the visitor's: a refusal the app raised passes through, anything
 * else (no answer, an outage) is a 503 the wizard can retry — the signup's rows stay, and the retry
 * resumes them with the same idempotency keys.
 */
export async function reachProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof AppError) throw e;
    console.error('payment provider call failed', e);
    throw new AppError(503, PROVIDER_UNREACHABLE);
  }
}

/** The provider's customer and SetupIntent of a signup, created once (outside any transaction) and recorded. */
async function ensureSetupIntent(deps: AppDeps, signup: SignupRow, who: { email: string; name: string; hoa_name: string }): Promise<SignupRow> {
  if (signup.setupIntentId && signup.setupIntentClientSecret) return signup;
  const keys = signupKeys(signup.hoaId);
  const metadata = { hoa_id: signup.hoaId, user_id: signup.userId };
  const customer = await deps.payments.createCustomer({
    email: who.email,
    name: who.hoa_name,
    metadata,
    idempotencyKey: keys.customer,
  });
  const si = await deps.payments.createSetupIntent({
    customerId: customer.id,
    metadata,
    idempotencyKey: keys.setupIntent,
  });
  return deps.database.transaction(async (tx) => {
    await tx.update(subscriptions).set({ providerCustomerId: customer.id, updatedAt: deps.clock() }).where(eq(subscriptions.hoaId, signup.hoaId));
    const [row] = await tx
      .update(signups)
      .set({
        customerId: customer.id,
        setupIntentId: si.id,
        setupIntentClientSecret: si.clientSecret,
      })
      .where(eq(signups.id, signup.id))
      .returning();
    // Taken over meanwhile (an invitation or another signup claimed its email or HOA name).
    if (!row) throw notFound(SIGNUP_MESSAGES.signupNotFound);
    return row;
  });
}
