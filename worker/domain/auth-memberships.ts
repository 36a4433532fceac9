/**
 * An account in several HOAs (docs/decisions/241-one-account-several-hoas.md): the HOAs it belongs
 * to, switching the session to another one, and an invitation accepted with the account one has
 * (signed in, or with its password) instead of a second password. A session is one membership's:
 * switching ends it and starts the other's, so the access token, the local cache (named after the
 * membership) and the sync are never of two HOAs at once.
 */
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, type InvitationInfo, type MembershipChoice } from '../../schema/auth';
import { PEOPLE_MESSAGES } from '../../schema/people';
import { authTokens, users } from '../../schema/tables';
import type { AppDeps } from '../deps';
import { issueDeviceCookie } from '../services/device-cookie';
import { verifyPassword } from '../services/passwords';
import { giveBack, hit } from '../services/rate-limit';
import { newId } from '../services/tokens';
import { accountHolder, activeMembershipIn, membershipChoices } from './accounts';
import type { Actor } from './actor';
import { recordActivated } from './activity';
import { findValidToken, isRevokedInvitation, issueSession, RATE_LIMITS, revokeFamily, type ClientMeta, type IssuedSession } from './auth';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import { hoaNameOf } from './hoa-name';
import { updateUser, type UserRow } from './users';

/** The signed-in membership's row (its email names the account). */
async function memberOf(deps: AppDeps, actor: Actor): Promise<UserRow> {
  const [me] = await deps.database.db.select().from(users).where(and(eq(users.id, actor.userId), eq(users.hoaId, actor.hoaId))).limit(1);
  if (!me) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return me;
}

/** `GET /api/auth/memberships`: the HOAs the account belongs to, the session's marked `current`. */
export async function memberships(deps: AppDeps, actor: Actor): Promise<{ memberships: MembershipChoice[] }> {
  const me = await memberOf(deps, actor);
  return { memberships: await membershipChoices(deps.database.db, me.email, actor.hoaId) };
}

/**
 * `POST /api/auth/switch` {hoa_id}: a session of the account's membership in that HOA; this one
 * ends. 404 for an HOA the account has no active membership in (whether or not it exists).
 */
export async function switchHoa(deps: AppDeps, actor: Actor, hoaId: string, meta: ClientMeta): Promise<IssuedSession> {
  const me = await memberOf(deps, actor);
  const target = await activeMembershipIn(deps.database.db, me.email, hoaId);
  if (!target) throw notFound(AUTH_MESSAGES.hoaNotFound);
  const now = deps.clock();
  const issued = await deps.database.transaction(async (tx) => {
    await revokeFamily(tx, actor.sessionId, now);
    const signedIn = await updateUser(deps, tx, target, { lastLogin: now });
    return issueSession(deps, tx, signedIn, newId(), meta);
  });
  return { ...issued, deviceCookie: await issueDeviceCookie(deps.config.jwtSecret, target.id) };
}

/** The invitation a link names, still pending; 400 as activation answers otherwise. */
async function pendingInvitation(deps: AppDeps, token: string) {
  const row = await deps.database.transaction((tx) => findValidToken(tx, token, 'activation', deps.clock()));
  if (!row || row.user.status !== 'invited') {
    throw new AppError(400, (await isRevokedInvitation(deps, token)) ? PEOPLE_MESSAGES.invitationRevoked : AUTH_MESSAGES.invalidActivationToken);
  }
  return row;
}

/** `GET /api/auth/invitation?token=`: whom the link invites, where, and whether to accept it with an existing account. */
export async function invitationInfo(deps: AppDeps, token: string): Promise<InvitationInfo> {
  const { user } = await pendingInvitation(deps, token);
  const account = await accountHolder(deps.database.db, user.email, user.id);
  return { email: user.email, hoa_name: await hoaNameOf(deps.database.db, user.hoaId, 'your HOA'), has_account: account != null };
}

/** How the person proves the account is theirs: the session they are signed in with, or its password. */
export type JoinProof = { actor: Actor } | { password: string };

/**
 * `POST /api/auth/join` (signed in) and `/join/sign-in` {token, password}: the invited membership
 * becomes active with the account's name and password, and the session moves to it (a signed-in
 * one's ends). The link must be for the account's email (403 otherwise); a wrong password is 401
 * and counts as a failed sign-in.
 */
export async function joinHoa(deps: AppDeps, token: string, proof: JoinProof, meta: ClientMeta): Promise<IssuedSession> {
  const invited = (await pendingInvitation(deps, token)).user;
  const account = await accountHolder(deps.database.db, invited.email, invited.id);
  if (!account) throw new AppError(400, AUTH_MESSAGES.invalidActivationToken);
  const now = deps.clock();
  if ('actor' in proof) {
    const me = await memberOf(deps, proof.actor);
    if (me.email.toLowerCase() !== invited.email.toLowerCase()) throw forbidden(AUTH_MESSAGES.invitationForAnotherEmail);
  } else {
    const rule = RATE_LIMITS.loginFailuresPerAccount;
    await hit(deps.database, rule, invited.email, now, AUTH_MESSAGES.tooManyAttempts);
    if (!(await verifyPassword(proof.password, account.passwordHash))) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    await giveBack(deps.database, rule, invited.email);
  }
  const issued = await deps.database.transaction(async (tx) => {
    const row = await findValidToken(tx, token, 'activation', now);
    // Taken meanwhile (a second tab, a revocation): the link answers as a used one.
    if (!row || row.user.status !== 'invited') return null;
    await tx.update(authTokens).set({ usedAt: now }).where(eq(authTokens.id, row.token.id));
    if ('actor' in proof) await revokeFamily(tx, proof.actor.sessionId, now);
    const user = await updateUser(deps, tx, row.user, { name: account.name, passwordHash: account.passwordHash, status: 'active', updatedAt: now, lastLogin: now });
    await recordActivated(deps, tx, user, meta.userAgent);
    return issueSession(deps, tx, user, newId(), meta);
  });
  if (!issued) throw new AppError(400, AUTH_MESSAGES.invalidActivationToken);
  return { ...issued, deviceCookie: await issueDeviceCookie(deps.config.jwtSecret, issued.user.id) };
}
