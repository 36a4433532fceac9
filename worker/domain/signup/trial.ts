import { and, eq, isNull } from "drizzle-orm";
import {
  SIGNUP_MESSAGES as M,
  type TrialBody,
  type TrialResponse,
} from "../../../schema/signup";
import { hoas, signups, subscriptions, users } from "../../../schema/tables";
import type { FieldError } from "../../../schema/validation";
import type { AppDeps } from "../../deps";
import { hashPassword, verifyPassword } from "../../services/passwords";
import { hit } from "../../services/rate-limit";
import { newId, randomToken, sha256Hex } from "../../services/tokens";
import type { ClientMeta } from "../auth";
import { AppError } from "../errors";
import { emailTaken, hoaNameTaken, SIGNUP_RATE_LIMITS } from "./availability";

export type SignupRow = typeof signups.$inferSelect;

const fieldErrors = (errors: FieldError[]) =>
  new AppError(400, errors[0].msg, errors);

/** Idempotency keys of a signup's provider objects: a retried call gets the same customer and SetupIntent. */
export const signupKeys = (hoaId: string) => ({
  customer: `signup:${hoaId}:customer`,
  setupIntent: `signup:${hoaId}:setup-intent`,
  subscription: `signup:${hoaId}:subscription`,
});

/**
 * The unfinished signup of this email, when `password` is the one it was started with: a retried or
 * resumed trial call continues it instead of failing on "already registered".
 */
async function pendingSignupOf(
  deps: AppDeps,
  email: string,
  password: string,
): Promise<SignupRow | null> {
  const [row] = await deps.database.db
    .select({ signup: signups })
    .from(signups)
    .innerJoin(users, eq(users.id, signups.userId))
    .where(and(eq(users.email, email), isNull(signups.completedAt)))
    .limit(1);
  if (!row?.signup.passwordHash) return null;
  return (await verifyPassword(password, row.signup.passwordHash))
    ? row.signup
    : null;
}

/**
 * `POST /api/signup/trial` (platform §7): the HOA, its superadmin (invited until completion) and an
 * incomplete subscription in one transaction, then the provider's customer and SetupIntent with
 * idempotency keys per HOA. A retried request (same email and password) finds the pending signup and
 * answers with the same ids and SetupIntent: nothing is created twice, even when the first attempt
 * failed between the transaction and the provider calls.
 */
export async function startTrial(
  deps: AppDeps,
  body: TrialBody,
  meta: ClientMeta,
): Promise<TrialResponse> {
  await hit(
    deps.database,
    SIGNUP_RATE_LIMITS.trialPerIp,
    meta.ip,
    deps.clock(),
    M.tooManyChecks,
  );
  try {
    return await trial(deps, body);
  } catch (e) {
    // Two copies of one request at once: the second finds the first's signup once it committed.
    if (
      e instanceof AppError &&
      e.errors?.some((f) => f.path === "email") &&
      (await pendingSignupOf(deps, body.email, body.password))
    )
      return trial(deps, body);
    throw e;
  }
}

async function trial(deps: AppDeps, body: TrialBody): Promise<TrialResponse> {
  const now = deps.clock();
  const token = randomToken();
  const tokenHash = await sha256Hex(token);

  const pending = await pendingSignupOf(deps, body.email, body.password);
  const passwordHash = pending
    ? null
    : await hashPassword(body.password, deps.config.passwordIterations);
  const signup = await deps.database.transaction(async (tx) => {
    if (pending) {
      // A resumed signup may correct the name, the HOA's name and the plan before paying.
      if (await hoaNameTaken(tx, body.hoa_name, pending.hoaId))
        throw fieldErrors([{ path: "hoa_name", msg: M.hoaNameTaken }]);
      await tx
        .update(hoas)
        .set({ name: body.hoa_name })
        .where(eq(hoas.id, pending.hoaId));
      await tx
        .update(users)
        .set({ name: body.name, updatedAt: now })
        .where(eq(users.id, pending.userId));
      const plan = pending.confirmedAt ? pending.plan : body.plan;
      await tx
        .update(subscriptions)
        .set({ plan, updatedAt: now })
        .where(
          and(
            eq(subscriptions.hoaId, pending.hoaId),
            eq(subscriptions.status, "incomplete"),
          ),
        );
      const [row] = await tx
        .update(signups)
        .set({ tokenHash, plan })
        .where(eq(signups.id, pending.id))
        .returning();
      return row;
    }
    const errors: FieldError[] = [];
    if (await emailTaken(tx, body.email))
      errors.push({ path: "email", msg: M.emailTaken });
    if (await hoaNameTaken(tx, body.hoa_name))
      errors.push({ path: "hoa_name", msg: M.hoaNameTaken });
    if (errors.length) throw fieldErrors(errors);
    const hoaId = newId();
    const userId = newId();
    await tx
      .insert(hoas)
      .values({ id: hoaId, name: body.hoa_name, createdAt: now });
    await tx
      .insert(users)
      .values({
        id: userId,
        hoaId,
        name: body.name,
        email: body.email,
        role: "superadmin",
        status: "invited",
        createdAt: now,
        updatedAt: now,
      });
    await tx
      .insert(subscriptions)
      .values({
        id: newId(),
        hoaId,
        plan: body.plan,
        status: "incomplete",
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
  const [sub] = await deps.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.hoaId, signup.hoaId))
    .limit(1);
  return {
    user: {
      id: signup.userId,
      name: body.name,
      email: body.email,
      role: "superadmin",
    },
    hoa: { id: signup.hoaId, name: body.hoa_name },
    plan: signup.plan as TrialResponse["plan"],
    subscription_id: sub.id,
    setup_intent_id: withCard.setupIntentId!,
    setup_intent_client_secret: withCard.setupIntentClientSecret!,
    signup_token: token,
    payment: {
      provider: deps.payments.kind,
      publishable_key: deps.payments.publishableKey,
    },
  };
}

/** The provider's customer and SetupIntent of a signup, created once (outside any transaction) and recorded. */
async function ensureSetupIntent(
  deps: AppDeps,
  signup: SignupRow,
  who: { email: string; name: string; hoa_name: string },
): Promise<SignupRow> {
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
    await tx
      .update(subscriptions)
      .set({ providerCustomerId: customer.id, updatedAt: deps.clock() })
      .where(eq(subscriptions.hoaId, signup.hoaId));
    const [row] = await tx
      .update(signups)
      .set({
        customerId: customer.id,
        setupIntentId: si.id,
        setupIntentClientSecret: si.clientSecret,
      })
      .where(eq(signups.id, signup.id))
      .returning();
    return row;
  });
}
