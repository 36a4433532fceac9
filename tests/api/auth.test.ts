import { eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../schema/auth';
import { authTokens, emailOutbox, sessions, subscriptions, users } from '../../schema/tables';
import { createAuthToken, RATE_LIMITS, REFRESH_REUSE_GRACE_MS } from '../../worker/domain/auth';
import { hashPassword } from '../../worker/services/passwords';
import { newId } from '../../worker/services/tokens';
import { createTestApp, TEST_PASSWORD_ITERATIONS, type TestApp } from '../helpers/app';
import { call, DEMO, DEMO_PASSWORD, login, refreshCookie } from '../helpers/http';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const db = () => t.deps.database.db;
const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const latestMailTo = async (email: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, email))).sort((a, b) => b.createdAt - a.createdAt)[0];
const tokenFromMail = (text: string) => decodeURIComponent(/token=([^\s&"]+)/.exec(text)![1]);

describe('POST /api/auth/login', () => {
  it('signs in a demo user and returns an access token, the user and a refresh cookie', async () => {
    const r = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.superadmin, password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.json.accessToken).toMatch(/^ey/);
    expect(r.json.user).toMatchObject({ email: DEMO.maple.superadmin, role: 'superadmin', status: 'active', name: 'Olivia Owner' });
    expect(r.json.user.address).toMatchObject({ street: '101 Maple Grove Lane' });
    expect(r.json.user).not.toHaveProperty('passwordHash');
    const setCookie = r.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/hoa_refresh=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
  });

  it('matches the email case-insensitively and records the last login', async () => {
    const r = await call(t, 'POST', '/api/auth/login', { body: { email: '  BOARD@MapleGrove.test ', password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.json.user.lastLogin).toBe(new Date(t.clock()).toISOString());
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.board, password: 'WrongPass1' } });
    const unknown = await call(t, 'POST', '/api/auth/login', { body: { email: 'nobody@maplegrove.test', password: 'WrongPass1' } });
    expect(wrong).toMatchObject({ status: 401, json: { message: AUTH_MESSAGES.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, json: { message: AUTH_MESSAGES.invalidCredentials } });
  });

  it('validates the body with the spec messages', async () => {
    const r = await call(t, 'POST', '/api/auth/login', { body: { email: 'not-an-email', password: '123' } });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { path: 'email', msg: 'Please enter a valid email address' },
      { path: 'password', msg: 'Password must be at least 6 characters' },
    ]);
    const missing = await call(t, 'POST', '/api/auth/login', { body: {} });
    expect(missing.json.errors.map((e: any) => e.path)).toEqual(['email', 'password']);
    const malformed = await call(t, 'POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });

  it('refuses inactive users and invited users who have not activated', async () => {
    await t.write((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.email, DEMO.maple.resident)));
    const inactive = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.resident, password: DEMO_PASSWORD } });
    expect(inactive.status).toBe(403);
    expect(inactive.json.message).toMatch(/inactive/);

    await t.write((tx) => tx.update(users).set({ status: 'invited', passwordHash: null }).where(eq(users.email, DEMO.maple.resident2)));
    const invited = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.resident2, password: DEMO_PASSWORD } });
    expect(invited).toMatchObject({ status: 401, json: { message: AUTH_MESSAGES.invalidCredentials } });
  });

  it('rate-limits failures per account and attempts per IP with 429 and Retry-After', async () => {
    const body = { email: DEMO.maple.board, password: 'WrongPass1' };
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccount.limit; i++) {
      expect((await call(t, 'POST', '/api/auth/login', { body, ip: `10.1.0.${i}` })).status).toBe(401);
    }
    const limited = await call(t, 'POST', '/api/auth/login', { body: { ...body, password: DEMO_PASSWORD }, ip: '10.1.1.1' });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window passes: the right password works again.
    t.clock.advance(RATE_LIMITS.loginFailuresPerAccount.windowMs + 1);
    expect((await call(t, 'POST', '/api/auth/login', { body: { ...body, password: DEMO_PASSWORD } })).status).toBe(200);

    // Per IP: many emails from one address.
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) {
      await call(t, 'POST', '/api/auth/login', { body: { email: `x${i}@example.test`, password: 'WrongPass1' }, ip: '10.9.9.9' });
    }
    const ipLimited = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.cedar.board, password: DEMO_PASSWORD }, ip: '10.9.9.9' });
    expect(ipLimited.status).toBe(429);
  });

  it('successful sign-ins do not count towards the account lock-out', async () => {
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccount.limit + 5; i++) {
      expect((await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.board, password: DEMO_PASSWORD }, ip: `10.3.0.${i}` })).status).toBe(200);
    }
  });

  it('upgrades a hash with a lower iteration count on login', async () => {
    const before = (await userByEmail(DEMO.maple.board)).passwordHash!;
    t.deps.config.passwordIterations = TEST_PASSWORD_ITERATIONS + 1;
    await login(t, DEMO.maple.board);
    const after = (await userByEmail(DEMO.maple.board)).passwordHash!;
    expect(before.split('$')[1]).toBe(String(TEST_PASSWORD_ITERATIONS));
    expect(after.split('$')[1]).toBe(String(TEST_PASSWORD_ITERATIONS + 1));
    await login(t, DEMO.maple.board);
  });
});

describe('needsReactivation', () => {
  it('is true for the superadmin of an HOA whose subscription was canceled, and for nobody else', async () => {
    const owner = await login(t, DEMO.maple.superadmin);
    expect(owner.user.needsReactivation).toBe(false);
    await t.write((tx) => tx.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.hoaId, owner.user.hoa_id)));
    expect((await login(t, DEMO.maple.superadmin)).user.needsReactivation).toBe(true);
    expect((await call(t, 'GET', '/api/auth/profile', { token: owner.token })).json.needsReactivation).toBe(true);
    expect((await login(t, DEMO.maple.board)).user.needsReactivation).toBe(false);
    expect((await login(t, DEMO.cedar.superadmin)).user.needsReactivation).toBe(false);
  });
});

describe('access token', () => {
  it('reads the profile with a Bearer token and refuses missing, forged and expired ones', async () => {
    const { token } = await login(t, DEMO.maple.resident);
    const ok = await call(t, 'GET', '/api/auth/profile', { token });
    expect(ok).toMatchObject({ status: 200, json: { email: DEMO.maple.resident, role: 'resident' } });

    expect((await call(t, 'GET', '/api/auth/profile')).status).toBe(401);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call(t, 'GET', '/api/auth/profile', { token: forged })).status).toBe(401);

    t.clock.advance(15 * 60_000 + 1000);
    const expired = await call(t, 'GET', '/api/auth/profile', { token });
    expect(expired).toMatchObject({ status: 401, json: { message: 'Session expired' } });
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and issues a new access token', async () => {
    const first = await login(t, DEMO.maple.board);
    t.clock.advance(60_000);
    const r = await call(t, 'POST', '/api/auth/refresh', { cookie: first.cookie });
    expect(r.status).toBe(200);
    expect(r.json.user.email).toBe(DEMO.maple.board);
    expect(r.json.accessToken).not.toBe(first.token);
    const next = refreshCookie(r.headers)!;
    expect(next).not.toBe(first.cookie);
    // The new one works in turn.
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: next })).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again after the grace interval', async () => {
    const first = await login(t, DEMO.maple.board);
    const second = refreshCookie((await call(t, 'POST', '/api/auth/refresh', { cookie: first.cookie })).headers)!;
    // Within the interval a lost answer is forgiven (tests/api/refresh-grace.test.ts).
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await call(t, 'POST', '/api/auth/refresh', { cookie: first.cookie });
    expect(reuse).toMatchObject({ status: 401, json: { message: 'Session expired' } });
    // The legitimate holder of the newest token is signed out too.
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: second })).status).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await login(t, DEMO.maple.board);
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: other.cookie })).status).toBe(200);
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    expect((await call(t, 'POST', '/api/auth/refresh')).status).toBe(401);
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: 'hoa_refresh=garbage' })).status).toBe(401);
    const s = await login(t, DEMO.maple.board);
    t.clock.advance(31 * 24 * 60 * 60_000);
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: s.cookie })).status).toBe(401);
  });

  it('stops refreshing a user who was deactivated', async () => {
    const s = await login(t, DEMO.maple.resident);
    await t.write((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.email, DEMO.maple.resident)));
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: s.cookie })).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session so its refresh token no longer works, and clears the cookie', async () => {
    const s = await login(t, DEMO.maple.board);
    const r = await call(t, 'POST', '/api/auth/logout', { cookie: s.cookie });
    expect(r.status).toBe(204);
    expect(r.headers.get('set-cookie')).toMatch(/hoa_refresh=;/);
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: s.cookie })).status).toBe(401);
  });

  it('answers 204 without a cookie', async () => {
    expect((await call(t, 'POST', '/api/auth/logout')).status).toBe(204);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use link valid for 2 hours; the new password works and old sessions end', async () => {
    const oldSession = await login(t, DEMO.maple.resident);
    const r = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: DEMO.maple.resident } });
    expect(r.status).toBe(200);
    await t.drainBackground();
    const mail = await latestMailTo(DEMO.maple.resident);
    expect(mail).toMatchObject({ template: 'password-reset', status: 'queued' });
    const token = tokenFromMail(mail.text);

    const verify = await call(t, 'GET', `/api/auth/verify-reset-token?token=${encodeURIComponent(token)}`);
    expect(verify).toMatchObject({ status: 200, json: { email: DEMO.maple.resident } });

    const reset = await call(t, 'POST', '/api/auth/reset-password', { body: { token, password: 'NewPass456' } });
    expect(reset.status).toBe(200);
    expect((await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.resident, password: DEMO_PASSWORD } })).status).toBe(401);
    await login(t, DEMO.maple.resident, 'NewPass456');
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: oldSession.cookie })).status).toBe(401);

    // Single use.
    const again = await call(t, 'POST', '/api/auth/reset-password', { body: { token, password: 'Another789' } });
    expect(again).toMatchObject({ status: 400, json: { message: 'Invalid or expired reset token' } });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const known = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: DEMO.maple.board } });
    const unknown = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@maplegrove.test' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    await t.drainBackground();
    expect(await latestMailTo(DEMO.maple.board)).toBeDefined();
    expect(await latestMailTo('ghost@maplegrove.test')).toBeUndefined();
  });

  it('expires the link after 2 hours', async () => {
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: DEMO.maple.board } });
    await t.drainBackground();
    const token = tokenFromMail((await latestMailTo(DEMO.maple.board)).text);
    t.clock.advance(2 * 60 * 60_000 + 1);
    expect((await call(t, 'GET', `/api/auth/verify-reset-token?token=${token}`)).json).toEqual({ message: 'Invalid or expired reset token' });
    expect((await call(t, 'POST', '/api/auth/reset-password', { body: { token, password: 'NewPass456' } })).status).toBe(400);
  });

  it('validates with the spec messages', async () => {
    expect((await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'nope' } })).json.errors).toEqual([
      { path: 'email', msg: 'Please enter a valid email address' },
    ]);
    expect((await call(t, 'POST', '/api/auth/reset-password', { body: { password: '123' } })).json.errors).toEqual([
      { path: 'token', msg: 'Reset token is missing from the URL' },
      { path: 'password', msg: 'Password must be at least 6 characters' },
    ]);
    expect((await call(t, 'GET', '/api/auth/verify-reset-token')).json.errors).toEqual([
      { path: 'token', msg: 'Reset token is missing from the URL' },
    ]);
  });

  it('rate-limits forgot-password per email', async () => {
    for (let i = 0; i < RATE_LIMITS.forgotPerEmail.limit; i++) {
      expect((await call(t, 'POST', '/api/auth/forgot-password', { body: { email: DEMO.cedar.board }, ip: `10.2.0.${i}` })).status).toBe(200);
    }
    const limited = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: DEMO.cedar.board } });
    expect(limited).toMatchObject({ status: 429, json: { message: AUTH_MESSAGES.tooManyAttempts } });
  });
});

describe('POST /api/auth/activate', () => {
  async function invite(email: string) {
    const maple = await userByEmail(DEMO.maple.board);
    const id = newId();
    const now = t.clock();
    return t.deps.database.transaction(async (tx) => {
      await tx.insert(users).values({ id, hoaId: maple.hoaId, name: '', email, role: 'resident', status: 'invited', createdAt: now, updatedAt: now });
      const [user] = await tx.select().from(users).where(eq(users.id, id));
      return { id, token: await createAuthToken(tx, now, user, 'activation') };
    });
  }

  it('activates an invited user, signs them in and consumes the token', async () => {
    const { id, token } = await invite('new@maplegrove.test');
    const r = await call(t, 'POST', '/api/auth/activate', { body: { token, name: '  New Neighbour ', password: 'Welcome123' } });
    expect(r.status).toBe(200);
    expect(r.json.token).toBe(r.json.accessToken);
    expect(r.json.user).toMatchObject({ id, name: 'New Neighbour', status: 'active' });
    expect(refreshCookie(r.headers)).toBeDefined();
    await login(t, 'new@maplegrove.test', 'Welcome123');
    const again = await call(t, 'POST', '/api/auth/activate', { body: { token, name: 'X', password: 'Welcome123' } });
    expect(again).toMatchObject({ status: 400, json: { message: 'Invalid activation token' } });
  });

  it('refuses an expired link (7 days) and an invitation set to inactive', async () => {
    const a = await invite('late@maplegrove.test');
    t.clock.advance(7 * 24 * 60 * 60_000 + 1);
    expect((await call(t, 'POST', '/api/auth/activate', { body: { token: a.token, name: 'Late', password: 'Welcome123' } })).status).toBe(400);

    const b = await invite('blocked@maplegrove.test');
    await t.write((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.id, b.id)));
    expect((await call(t, 'POST', '/api/auth/activate', { body: { token: b.token, name: 'Blocked', password: 'Welcome123' } })).json.message).toBe('Invalid activation token');
  });

  it('validates name and password with the spec messages', async () => {
    const r = await call(t, 'POST', '/api/auth/activate', { body: { token: '', name: '   ', password: 'abcdefgh' } });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { path: 'token', msg: 'Invalid activation link. Please check your email for the correct link.' },
      { path: 'name', msg: 'Name is required' },
      { path: 'password', msg: 'Password must contain at least one letter and one number' },
    ]);
    const short = await call(t, 'POST', '/api/auth/activate', { body: { token: 'x', name: 'A', password: 'ab1' } });
    expect(short.json.errors).toEqual([{ path: 'password', msg: 'Password must be at least 8 characters' }]);
    const long = await call(t, 'POST', '/api/auth/activate', { body: { token: 'x', name: 'A', password: 'a1'.repeat(37) } });
    expect(long.json.errors).toEqual([{ path: 'password', msg: 'Password must be at most 72 characters' }]);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password and revokes every other session, keeping this one', async () => {
    const here = await login(t, DEMO.maple.board);
    const elsewhere = await login(t, DEMO.maple.board);
    const r = await call(t, 'PUT', '/api/auth/change-password', {
      token: here.token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Changed789' },
    });
    expect(r).toMatchObject({ status: 200, json: { message: 'Password changed successfully! You remain logged in on this device.' } });
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: elsewhere.cookie })).status).toBe(401);
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: here.cookie })).status).toBe(200);
    await login(t, DEMO.maple.board, 'Changed789');
  });

  it('refuses a wrong current password on its field, and validates', async () => {
    const s = await login(t, DEMO.maple.board);
    const wrong = await call(t, 'PUT', '/api/auth/change-password', { token: s.token, body: { currentPassword: 'nope123', newPassword: 'Changed789' } });
    expect(wrong).toMatchObject({ status: 400, json: { errors: [{ path: 'currentPassword', msg: 'Current password is incorrect' }] } });
    const invalid = await call(t, 'PUT', '/api/auth/change-password', { token: s.token, body: { currentPassword: '', newPassword: '123' } });
    expect(invalid.json.errors).toEqual([
      { path: 'currentPassword', msg: 'Current password is required' },
      { path: 'newPassword', msg: 'New password must be at least 6 characters' },
    ]);
  });
});

describe('tenant isolation', () => {
  it('a Maple Grove token never reads a Cedar Park row', async () => {
    const { token } = await login(t, DEMO.maple.superadmin);
    const profile = await call(t, 'GET', '/api/auth/profile', { token });
    const cedar = await userByEmail(DEMO.cedar.resident);
    expect(profile.json.hoa_id).not.toBe(cedar.hoaId);
    // The tenant helper the domain uses for every row lookup scopes by the actor's HOA.
    const { getUser } = await import('../../worker/domain/users');
    const actor = { userId: profile.json.id, hoaId: profile.json.hoa_id, role: 'superadmin' as const, sessionId: 'x' };
    await expect(getUser(db(), actor, cedar.id)).rejects.toMatchObject({ status: 404 });
    await expect(getUser(db(), actor, profile.json.id)).resolves.toMatchObject({ email: DEMO.maple.superadmin });
  });
});

describe('housekeeping', () => {
  it('purges expired sessions and used tokens', async () => {
    await login(t, DEMO.maple.board);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: DEMO.maple.board } });
    await t.drainBackground();
    t.clock.advance(40 * 24 * 60 * 60_000);
    const { runJobs } = await import('../../worker/jobs/runner');
    await runJobs(t.deps);
    expect(await db().select().from(sessions)).toHaveLength(0);
    expect(await db().select().from(authTokens).where(isNull(authTokens.usedAt))).toHaveLength(0);
  });

  it('hashes with a per-user salt', async () => {
    const a = await hashPassword('same-password1', 1000);
    const b = await hashPassword('same-password1', 1000);
    expect(a).not.toBe(b);
  });
});
