import { and, eq, inArray, isNull, ne, or, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { INVITATION_TTL_MS, PEOPLE_MESSAGES } from '../../schema/people';
import { AUTH_MESSAGES, type MembershipChoice, type activateBody, type changePasswordBody, type loginBody, type resetPasswordBody, type SessionPayload } from '../../schema/auth';
import { authTokens, sessions, users } from '../../schema/tables';
import { cachedUntilNextWrite, type Tx } from '../db';
import type { AppDeps } from '../deps';
import { passwordResetEmail } from '../emails';
import { queueEmail } from '../services/email';
import { hashPassword, needsRehash, verifyPassword } from '../services/passwords';
import { readDeviceCookie, issueDeviceCookie } from '../services/device-cookie';
import { giveBack, giveBackIn, hit, hitAll, type RateRule } from '../services/rate-limit';
import { newId, randomToken, sha256Hex, signAccessToken, successorToken } from '../services/tokens';
import type { Actor } from './actor';
import { recordActivated } from './activity';
import { accountHolder, accountMemberships, membershipChoices, setAccountPassword, signInMembership } from './accounts';
import { AppError, conflict, unauthorized } from './errors';
import { tellOwnerSignupUnfinished } from './signup/unfinished';
import { findApiUser, loadApiUser, updateUser, type UserRow } from './users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
export const RESET_TOKEN_TTL_MS = 2 * HOUR;
/** An invitation's link: as long as the invitation is pending (schema/people.ts). */
export const ACTIVATION_TOKEN_TTL_MS = INVITATION_TTL_MS;
/**
 * A refresh token just rotated is still accepted this long, answered with the family's live token:
 * the answer to a refresh can be lost (a reload while it is in flight, a phone whose connection
 * drops), and the browser then presents the old token again. Later, that is reuse (docs/decisions/176-refresh-reuse-interval.md).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** How many rotations within the grace interval a late token may follow to the live one. */
const MAX_GRACE_HOPS = 5;

export const RATE_LIMITS = {
  /** Every sign-in attempt from one address. */
  loginPerIp: { name: 'login:ip', limit: 30, windowMs: 15 * MINUTE },
  /** Failed sign-ins on one account from devices it does not know (docs/decisions/009-lock-out-device-cookies.md). */
  loginFailuresPerAccount: { name: 'login:fail', limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one device the account knows (a device cookie of that user). */
  loginFailuresPerDevice: { name: 'login:device-fail', limit: 10, windowMs: 15 * MINUTE },
  /** Wrong current passwords on change-password, per user. */
  passwordChangeFailures: { name: 'password:fail', limit: 10, windowMs: 15 * MINUTE },
  forgotPerIp: { name: 'forgot:ip', limit: 10, windowMs: HOUR },
  forgotPerEmail: { name: 'forgot:email', limit: 3, windowMs: HOUR },
} satisfies Record<string, RateRule>;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
  /** The `hoa_device` cookie, when the browser has one. */
  deviceCookie?: string;
}

/** What a successful login, refresh or activation hands to the route: the body and the new cookies. */
export interface IssuedSession extends SessionPayload {
  refreshToken: string;
  refreshExpiresAt: number;
  /** A device cookie for this browser (login and activation), so this user's lock-out spares it. */
  deviceCookie?: string;
}

// ---------------------------------------------------------------- sessions

/** Starts a session family (sign-in, activation, signup) or adds its next token (`refreshToken`, a rotation). */
export async function issueSession(
  deps: AppDeps,
  tx: Tx,
  user: UserRow,
  familyId: string,
  meta: ClientMeta,
  refreshToken = randomToken(),
): Promise<IssuedSession> {
  const now = deps.clock();
  const refreshExpiresAt = now + REFRESH_TOKEN_TTL_MS;
  await tx.insert(sessions).values({
    id: newId(),
    userId: user.id,
    hoaId: user.hoaId,
    familyId,
    tokenHash: await sha256Hex(refreshToken),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: refreshExpiresAt,
  });
  return answer(deps, tx, user, familyId, refreshToken, refreshExpiresAt);
}

/** A new access token for the family, the user and the refresh token the cookie carries. */
async function answer(deps: AppDeps, tx: Tx, user: UserRow, familyId: string, refreshToken: string, refreshExpiresAt: number): Promise<IssuedSession> {
  const accessToken = await signAccessToken(deps.config.jwtSecret, { sub: user.id, hoa: user.hoaId, role: user.role, sid: familyId }, deps.clock());
  return { accessToken, user: await loadApiUser(tx, user), refreshToken, refreshExpiresAt };
}

export async function revokeFamily(tx: Tx, familyId: string, now: number) {
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

// ---------------------------------------------------------------- login / refresh / logout

/**
 * Sign-in. Limits (OWASP Authentication Cheat Sheet): every attempt counts against the caller's
 * address; failures count against the account, except from a device where this user signed in
 * before (a valid device cookie), whose failures count against that device alone. So guessing from
 * anywhere locks the account for unknown devices only, never for the owner's own browser.
 */
export async function login(deps: AppDeps, body: z.infer<typeof loginBody>, meta: ClientMeta): Promise<IssuedSession & { memberships?: MembershipChoice[] }> {
  const { db } = deps.database;
  const now = deps.clock();
  const user = signInMembership(await accountMemberships(db, body.email), body.hoa_id);
  const device = await readDeviceCookie(deps.config.jwtSecret, meta.deviceCookie);
  const failures =
    device && user && device.userId === user.id
      ? { rule: RATE_LIMITS.loginFailuresPerDevice, subject: `${user.id}:${device.deviceId}` }
      : { rule: RATE_LIMITS.loginFailuresPerAccount, subject: body.email };
  // The attempt counts against the address; it also counts as a failure before the check
  // (concurrent guesses each take a slot), given back on success. Both in one write.
  await hitAll(deps.database, [{ rule: RATE_LIMITS.loginPerIp, subject: meta.ip }, failures], now, AUTH_MESSAGES.tooManyAttempts);

  // Invited users have no password yet, so they fail here like an unknown email.
  const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
  if (!user || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (user.status !== 'active') {
    await giveBack(deps.database, failures.rule, failures.subject);
    throw new AppError(403, 'Your account is inactive. Please contact your HOA board.');
  }

  const rehash = needsRehash(user.passwordHash!, deps.config.passwordIterations)
    ? await hashPassword(body.password, deps.config.passwordIterations)
    : null;
  const issued = await deps.database.transaction(async (tx) => {
    await giveBackIn(tx, failures.rule, failures.subject);
    if (rehash) await setAccountPassword(deps, tx, user.email, rehash);
    const signedIn = await updateUser(deps, tx, user, { lastLogin: now });
    return issueSession(deps, tx, signedIn, newId(), meta);
  });
  const memberships = await membershipChoices(db, user.email, user.hoaId);
  return { ...issued, deviceCookie: await issueDeviceCookie(deps.config.jwtSecret, user.id), ...(memberships.length > 1 ? { memberships } : {}) };
}

/**
 * Rotate the refresh token. The successor is derived from the token (`successorToken`), so the
 * server can name it again without storing it. Presenting a token rotated less than
 * REFRESH_REUSE_GRACE_MS ago (a lost answer, two tabs racing) answers with the family's live token,
 * the very one the first answer carried: whichever answer the browser keeps, it holds a valid token,
 * and the family stays one chain. Presenting it later means it leaked: the whole family is revoked
 * and everyone holding it must sign in again.
 */
export async function refresh(deps: AppDeps, refreshToken: string | undefined, meta: ClientMeta): Promise<IssuedSession> {
  if (!refreshToken) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const { jwtSecret } = deps.config;
  const tokenHash = await sha256Hex(refreshToken);
  const now = deps.clock();
  const result = await deps.database.transaction(async (tx) => {
    const bySessionToken = async (hash: string) => (await tx.select().from(sessions).where(eq(sessions.tokenHash, hash)).limit(1))[0];
    let session = await bySessionToken(tokenHash);
    if (!session || session.revokedAt != null) return null;
    const { familyId } = session;
    const reuse = async () => {
      await revokeFamily(tx, familyId, now);
      return 'reuse' as const;
    };
    // Within the grace interval, follow the rotations to the live token (each one is newer, so
    // also within it); anything off that path (revoked, missing, another family) is reuse.
    let token = refreshToken;
    if (session.rotatedAt != null) {
      if (now - session.rotatedAt > REFRESH_REUSE_GRACE_MS) return reuse();
      for (let hops = 0; session.rotatedAt != null; hops++) {
        if (hops === MAX_GRACE_HOPS) return reuse();
        token = await successorToken(jwtSecret, token);
        session = await bySessionToken(await sha256Hex(token));
        if (!session || session.revokedAt != null || session.familyId !== familyId) return reuse();
      }
    }
    if (session.expiresAt <= now) return null;
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, session.userId), isNull(users.deletedAt)))
      .limit(1);
    if (!user || user.status !== 'active') return reuse();
    // A late copy of a rotated token: the live token as it is (rotating it again would leave the
    // browser with a dead one if the answers arrive out of order).
    if (token !== refreshToken) return answer(deps, tx, user, familyId, token, session.expiresAt);
    await tx.update(sessions).set({ rotatedAt: now, lastUsedAt: now }).where(eq(sessions.id, session.id));
    const next = await successorToken(jwtSecret, token);
    return issueSession(deps, tx, user, familyId, { ...meta, userAgent: meta.userAgent ?? session.userAgent }, next);
  });
  if (!result || result === 'reuse') throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return result;
}

export async function logout(deps: AppDeps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const tokenHash = await sha256Hex(refreshToken);
  await deps.database.transaction(async (tx) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    if (session) await revokeFamily(tx, session.familyId, deps.clock());
  });
}

export async function profile(deps: AppDeps, actor: Actor) {
  // Read on every start of the app: kept until the next write (worker/db.ts).
  const user = await cachedUntilNextWrite(deps.database, `profile:${actor.hoaId}:${actor.userId}`, () => findApiUser(deps.database.db, actor.hoaId, actor.userId));
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return user;
}

// ---------------------------------------------------------------- single-use tokens

/** Creates a reset or activation token; returns the raw token for the email link. */
export async function createAuthToken(tx: Tx, now: number, user: UserRow, kind: 'reset' | 'activation'): Promise<string> {
  const token = randomToken();
  // A new link replaces older unused ones of the same kind.
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({
    id: newId(),
    userId: user.id,
    hoaId: user.hoaId,
    kind,
    tokenHash: await sha256Hex(token),
    createdAt: now,
    expiresAt: now + (kind === 'reset' ? RESET_TOKEN_TTL_MS : ACTIVATION_TOKEN_TTL_MS),
  });
  return token;
}

export async function findValidToken(tx: Tx, token: string, kind: 'reset' | 'activation', now: number) {
  const [row] = await tx
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, await sha256Hex(token)), eq(authTokens.kind, kind), isNull(users.deletedAt)))
    .limit(1);
  if (!row || row.token.usedAt != null || row.token.expiresAt <= now) return null;
  return row;
}

// ---------------------------------------------------------------- forgot / reset

/**
 * Forgot password: the same answer, in the same time, whether or not the email has an account. The
 * lookup, the token and the mail happen after the response (`afterResponse`), so the time an answer
 * takes tells nothing about the address.
 */
export async function forgotPassword(deps: AppDeps, email: string, meta: ClientMeta): Promise<{ message: string }> {
  const now = deps.clock();
  await hit(deps.database, RATE_LIMITS.forgotPerIp, meta.ip, now, AUTH_MESSAGES.tooManyAttempts);
  await hit(deps.database, RATE_LIMITS.forgotPerEmail, email, now, AUTH_MESSAGES.tooManyAttempts);
  deps.afterResponse(() => sendResetLink(deps, email, now));
  return { message: AUTH_MESSAGES.forgotPasswordSent };
}

/**
 * Queues the reset mail when the email belongs to an active account (only those get a link); an
 * address only an unfinished signup names gets word that it has no account yet.
 */
async function sendResetLink(deps: AppDeps, email: string, now: number): Promise<void> {
  const rows = await accountMemberships(deps.database.db, email);
  const user = rows.find((r) => r.status === 'active');
  if (!user) {
    for (const r of rows) if (await tellOwnerSignupUnfinished(deps, r)) return;
    return;
  }
  await deps.database.transaction(async (tx) => {
    const token = await createAuthToken(tx, now, user, 'reset');
    const url = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const mail = passwordResetEmail({ name: user.name, url });
    // The link is a key to the account: the stored copy is blanked once the provider has the mail.
    await queueEmail(deps, tx, { hoaId: user.hoaId, to: user.email, toUserId: user.id, ...mail, redactAfterDelivery: true });
  });
  deps.onEmailQueued?.();
}

export async function verifyResetToken(deps: AppDeps, token: string): Promise<{ email: string }> {
  const row = await deps.database.transaction((tx) => findValidToken(tx, token, 'reset', deps.clock()));
  if (!row || row.user.status !== 'active') throw new AppError(400, AUTH_MESSAGES.invalidResetToken);
  return { email: row.user.email };
}

export async function resetPassword(deps: AppDeps, body: z.infer<typeof resetPasswordBody>): Promise<{ message: string }> {
  const now = deps.clock();
  const passwordHash = await hashPassword(body.password, deps.config.passwordIterations);
  const done = await deps.database.transaction(async (tx) => {
    const row = await findValidToken(tx, body.token, 'reset', now);
    if (!row || row.user.status !== 'active') return false;
    await tx.update(authTokens).set({ usedAt: now }).where(eq(authTokens.id, row.token.id));
    // The account's password, in every HOA it belongs to.
    const members = await setAccountPassword(deps, tx, row.user.email, passwordHash);
    // A reset means the old password may be known to someone else: end every session.
    await tx.update(sessions).set({ revokedAt: now }).where(and(inArray(sessions.userId, members.map((m) => m.id)), isNull(sessions.revokedAt)));
    return true;
  });
  if (!done) throw new AppError(400, AUTH_MESSAGES.invalidResetToken);
  return { message: AUTH_MESSAGES.passwordResetDone };
}

// ---------------------------------------------------------------- activation

/** An invitation link whose invited member was removed (Revoke invitation, schema/people.ts): it says so. */
export async function isRevokedInvitation(deps: AppDeps, token: string): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ status: users.status, deletedAt: users.deletedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, await sha256Hex(token)), eq(authTokens.kind, 'activation')))
    .limit(1);
  return row != null && row.status === 'invited' && row.deletedAt != null;
}

export async function activate(deps: AppDeps, body: z.infer<typeof activateBody>, meta: ClientMeta): Promise<IssuedSession & { token: string }> {
  const now = deps.clock();
  const passwordHash = await hashPassword(body.password, deps.config.passwordIterations);
  const issued = await deps.database.transaction(async (tx) => {
    const row = await findValidToken(tx, body.token, 'activation', now);
    // An invited user set to inactive can no longer accept the invitation.
    if (!row || row.user.status !== 'invited') return null;
    // The person signs in elsewhere already: they accept with that account (auth-memberships.ts), no second password.
    if (await accountHolder(tx, row.user.email, row.user.id)) throw conflict(AUTH_MESSAGES.invitationHasAccount);
    await tx.update(authTokens).set({ usedAt: now }).where(eq(authTokens.id, row.token.id));
    // Active now: audiences count the new member, and the name the user chose shows wherever they appear.
    const user = await updateUser(deps, tx, row.user, { name: body.name, passwordHash, status: 'active', updatedAt: now, lastLogin: now });
    await recordActivated(deps, tx, user, meta.userAgent);
    return issueSession(deps, tx, user, newId(), meta);
  });
  if (!issued) throw new AppError(400, (await isRevokedInvitation(deps, body.token)) ? PEOPLE_MESSAGES.invitationRevoked : AUTH_MESSAGES.invalidActivationToken);
  return { ...issued, token: issued.accessToken, deviceCookie: await issueDeviceCookie(deps.config.jwtSecret, issued.user.id) };
}

// ---------------------------------------------------------------- change password

export async function changePassword(deps: AppDeps, actor: Actor, body: z.infer<typeof changePasswordBody>): Promise<{ message: string }> {
  const { db } = deps.database;
  const now = deps.clock();
  const [user] = await db.select().from(users).where(and(eq(users.id, actor.userId), eq(users.hoaId, actor.hoaId))).limit(1);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  // A stolen access token must not become an unlimited password oracle: failures are limited like sign-ins.
  await hit(deps.database, RATE_LIMITS.passwordChangeFailures, user.id, now, AUTH_MESSAGES.tooManyAttempts);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new AppError(400, AUTH_MESSAGES.currentPasswordWrong, [{ path: 'currentPassword', msg: AUTH_MESSAGES.currentPasswordWrong }]);
  }
  await giveBack(deps.database, RATE_LIMITS.passwordChangeFailures, user.id);
  const passwordHash = await hashPassword(body.newPassword, deps.config.passwordIterations);
  await deps.database.transaction(async (tx) => {
    // The account's password, in every HOA it belongs to.
    const members = await setAccountPassword(deps, tx, user.email, passwordHash);
    // Every other device signs out (in each of those HOAs); this one keeps its session family.
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(inArray(sessions.userId, members.map((m) => m.id)), ne(sessions.familyId, actor.sessionId), isNull(sessions.revokedAt)));
  });
  return { message: AUTH_MESSAGES.passwordChanged };
}

/** Housekeeping for the jobs runner: expired sessions and tokens. */
export async function purgeExpiredAuthRows(deps: AppDeps): Promise<void> {
  const now = deps.clock();
  await deps.database.transaction(async (tx) => {
    await tx.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, now - DAY)));
    await tx.delete(authTokens).where(or(lt(authTokens.expiresAt, now - DAY), lt(authTokens.usedAt, now - DAY)));
  });
}

