/**
 * Refresh tokens rotate on each use, and an answer that never reached the browser (a reload while the
 * refresh was in flight, a phone whose connection dropped) must not sign the user out: the token just
 * rotated is accepted for a short interval and answered with the family's live token, the same one
 * the lost answer carried. After the interval, presenting it is reuse and ends the whole family.
 * Access tokens are refused when they claim to live longer than the server ever issues them for.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../schema/auth';
import { sessions, users } from '../../schema/tables';
import { REFRESH_REUSE_GRACE_MS } from '../../worker/domain/auth';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../worker/services/tokens';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, refreshCookie } from '../helpers/http';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const refresh = (cookie: string) => call(t, 'POST', '/api/auth/refresh', { cookie });
/** The session family an access token belongs to (its `sid`). */
const familyOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;
/** The family's tokens that can still be exchanged: a sound family has exactly one. */
const liveTokens = (familyId: string) =>
  t.deps.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)));

describe('a refresh answer that was lost', () => {
  it('accepts the token just rotated within the interval and answers with the same successor', async () => {
    const first = await login(t, DEMO.maple.resident);
    t.clock.advance(60_000);
    const delivered = await refresh(first.cookie);
    expect(delivered.status).toBe(200);
    const successor = refreshCookie(delivered.headers)!;

    // The browser never saw that answer and presents the old token again, near the end of the interval.
    t.clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
    const again = await refresh(first.cookie);
    expect(again.status).toBe(200);
    expect(again.json.user.email).toBe(DEMO.maple.resident);
    expect(again.json.accessToken).toMatch(/^ey/);
    // The same token the lost answer carried: whichever answer the browser keeps, it holds the live one.
    expect(refreshCookie(again.headers)).toBe(successor);
    expect(await liveTokens(familyOf(again.json.accessToken))).toHaveLength(1);

    // The chain goes on from there as usual.
    const next = await refresh(successor);
    expect(next.status).toBe(200);
    expect(refreshCookie(next.headers)).not.toBe(successor);
  });

  it('answers with the newest token when the chain moved on more than once within the interval', async () => {
    const first = await login(t, DEMO.maple.resident);
    const second = refreshCookie((await refresh(first.cookie)).headers)!;
    t.clock.advance(5_000);
    const third = refreshCookie((await refresh(second)).headers)!;
    t.clock.advance(5_000);
    const late = await refresh(first.cookie);
    expect(late.status).toBe(200);
    expect(refreshCookie(late.headers)).toBe(third);
    expect((await refresh(third)).status).toBe(200);
  });

  it('revokes the whole family when the rotated token comes back after the interval', async () => {
    const first = await login(t, DEMO.maple.resident);
    const successor = refreshCookie((await refresh(first.cookie)).headers)!;
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect(await refresh(first.cookie)).toMatchObject({ status: 401, json: { message: AUTH_MESSAGES.sessionExpired } });
    // The holder of the newest token is signed out too: the old one may have leaked.
    expect((await refresh(successor)).status).toBe(401);
    // Another session of the same user is untouched.
    const other = await login(t, DEMO.maple.resident);
    expect((await refresh(other.cookie)).status).toBe(200);
  });

  it('still ends the family after the interval when the reuse came first within it', async () => {
    const first = await login(t, DEMO.maple.resident);
    const successor = refreshCookie((await refresh(first.cookie)).headers)!;
    t.clock.advance(10_000);
    expect((await refresh(first.cookie)).status).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS);
    expect((await refresh(first.cookie)).status).toBe(401);
    expect((await refresh(successor)).status).toBe(401);
  });

  it('gives two concurrent refreshes with the same token the same successor, and leaves one live chain', async () => {
    const first = await login(t, DEMO.maple.board);
    t.clock.advance(60_000);
    const answers = await Promise.all([refresh(first.cookie), refresh(first.cookie), refresh(first.cookie)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const cookies = new Set(answers.map((a) => refreshCookie(a.headers)));
    expect(cookies.size).toBe(1);
    const [successor] = cookies;
    expect(successor).not.toBe(first.cookie);
    expect(await liveTokens(familyOf(answers[0].json.accessToken))).toHaveLength(1);
    // Any of the answers the browser kept goes on working.
    expect((await refresh(successor!)).status).toBe(200);
  });

  it('does not bring back a family that was revoked (logout) within the interval', async () => {
    const first = await login(t, DEMO.maple.resident);
    const successor = refreshCookie((await refresh(first.cookie)).headers)!;
    expect((await call(t, 'POST', '/api/auth/logout', { cookie: successor })).status).toBe(204);
    expect((await refresh(first.cookie)).status).toBe(401);
    expect((await refresh(successor)).status).toBe(401);
  });

  it('does not refresh a user deactivated meanwhile, also within the interval', async () => {
    const first = await login(t, DEMO.maple.resident);
    expect((await refresh(first.cookie)).status).toBe(200);
    await t.write((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.email, DEMO.maple.resident)));
    expect((await refresh(first.cookie)).status).toBe(401);
  });
});

describe('access token lifetime', () => {
  const secret = () => new TextEncoder().encode(t.deps.config.jwtSecret);
  /** A token signed with the server's key, with the claims of a real session and the times given. */
  const signed = (session: { token: string; user: { id: string; hoa_id: string } }, times: { iat?: number; exp: number }) => {
    const jwt = new SignJWT({ hoa: session.user.hoa_id, role: 'board', sid: familyOf(session.token) }).setProtectedHeader({ alg: 'HS256' }).setSubject(session.user.id);
    if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
    return jwt.setExpirationTime(times.exp).sign(secret());
  };
  const profileWith = async (token: string) => (await call(t, 'GET', '/api/auth/profile', { token })).status;

  it('refuses a signed token whose expiry is further away than the issuing lifetime', async () => {
    const session = await login(t, DEMO.maple.board);
    const now = Math.floor(t.clock() / 1000);
    // As issued: accepted.
    expect(await profileWith(await signed(session, { iat: now, exp: now + ACCESS_TOKEN_TTL_SECONDS }))).toBe(200);
    // A year long, from now.
    expect(await profileWith(await signed(session, { iat: now, exp: now + 365 * 86_400 }))).toBe(401);
    // Fifteen minutes long, but issued "in the future" so that it outlives any real one.
    expect(await profileWith(await signed(session, { iat: now + 86_400, exp: now + 86_400 + ACCESS_TOKEN_TTL_SECONDS }))).toBe(401);
    // No issue time at all: its lifetime cannot be told.
    expect(await profileWith(await signed(session, { exp: now + 60 }))).toBe(401);
  });
});
