import { and, eq, ne, or, sql } from 'drizzle-orm';
import { hoaNameKeys } from '../../../schema/hoa-name';
import { SIGNUP_MESSAGES, type SignupAttempt } from '../../../schema/signup';
import { hoas, signups, users } from '../../../schema/tables';
import type { FieldError } from '../../../schema/validation';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { hit, type RateRule } from '../../services/rate-limit';
import type { ClientMeta } from '../auth';
import { attemptSignup, heldBySignup, releaseUnconfirmedSignups } from './unfinished';

const MINUTE = 60_000;

export const SIGNUP_RATE_LIMITS = {
  /**
   * Availability checks per address: a person typing an email and an HOA name (checks 500 ms after
   * the last keystroke) makes a few dozen; listing the registered emails would take millions.
   */
  availabilityPerIp: {
    name: 'signup-check:ip',
    limit: 60,
    windowMs: 15 * MINUTE,
  },
  /** Trial calls per address (each answers "already registered" for a taken email too). */
  trialPerIp: { name: 'signup-trial:ip', limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

/**
 * Every user row counts, deleted ones too (the unique index on lower(email) does), except the
 * superadmin of a signup with no confirmed card: that signup holds nothing (./unfinished.ts).
 * `exceptHoaId` is the caller's own unfinished signup's HOA, whose superadmin is the caller.
 */
export async function emailTaken(db: DbOrTx, email: string, exceptHoaId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(signups, eq(signups.userId, users.id))
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), heldBySignup, exceptHoaId ? ne(users.hoaId, exceptHoaId) : undefined))
    .limit(1);
  return !!row;
}

/**
 * Whether another HOA's name looks like `name` (either of its keys, schema/hoa-name.ts; unique indexes
 * hoas_name_key and hoas_name_key_upper); `exceptHoaId` is the caller's own HOA. An unconfirmed
 * signup's HOA does not count.
 */
export async function hoaNameTaken(db: DbOrTx, name: string, exceptHoaId?: string): Promise<boolean> {
  const keys = hoaNameKeys(name);
  const [row] = await db
    .select({ id: hoas.id })
    .from(hoas)
    .leftJoin(signups, eq(signups.hoaId, hoas.id))
    .where(and(or(eq(hoas.nameKey, keys.lower), eq(hoas.nameKeyUpper, keys.upper)), heldBySignup, exceptHoaId ? ne(hoas.id, exceptHoaId) : undefined))
    .limit(1);
  return !!row;
}

/**
 * A trial call's or HOA setup's claim on an email and an HOA name, inside its transaction: the
 * unconfirmed signups holding either are removed first (except `keep`, the caller's own HOA, which
 * holds nothing against the caller either), then the field errors of what real holders keep
 * ('HOA name is required' for a name with nothing visible).
 */
export async function claimSignupFields(tx: Tx, claim: { email?: string; name: string; keep?: string }): Promise<FieldError[]> {
  await releaseUnconfirmedSignups(tx, claim);
  const errors: FieldError[] = [];
  if (claim.email && (await emailTaken(tx, claim.email, claim.keep))) errors.push({ path: 'email', msg: SIGNUP_MESSAGES.emailTaken });
  if (!hoaNameKeys(claim.name).lower) errors.push({ path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameRequired });
  else if (await hoaNameTaken(tx, claim.name, claim.keep)) errors.push({ path: 'hoa_name', msg: SIGNUP_MESSAGES.hoaNameTaken });
  return errors;
}

/**
 * `POST /api/signup/check-availability`: one field per call, rate limited per address. It answers as
 * the trial call decides: what an unconfirmed signup names (someone else's attempt) is available, and
 * so is what the visitor's own attempt holds, card confirmed or not (Back to Account, Start Over).
 */
export async function checkAvailability(deps: AppDeps, body: { email?: string; hoa_name?: string; attempt?: SignupAttempt }, meta: ClientMeta): Promise<{ available: boolean }> {
  await hit(deps.database, SIGNUP_RATE_LIMITS.availabilityPerIp, meta.ip, deps.clock(), SIGNUP_MESSAGES.tooManyChecks);
  const db = deps.database.db;
  const own = (await attemptSignup(db, body.attempt))?.hoaId;
  const taken = body.email ? await emailTaken(db, body.email, own) : await hoaNameTaken(db, body.hoa_name!, own);
  return { available: !taken };
}
