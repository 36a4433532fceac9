/**
 * The Worker entry (worker/cloudflare.ts) in workerd, end to end over HTTP: routing, headers,
 * validation, JWT and cookies, PBKDF2 at Workers' 100,000 iterations, transactions through the
 * web libSQL client and tenant scoping.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { AUTH_MESSAGES } from '../../schema/auth';
import { REFRESH_REUSE_GRACE_MS } from '../../worker/domain/auth';
import { WORKERS_PBKDF2_MAX } from '../../worker/services/passwords';
import { call, DEMO, DEMO_PASSWORD, login, refreshCookie } from './http';
import { db } from './db';


/** A login with headers fetch() will not send (Host). */
function rawLogin(headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const body = JSON.stringify({ email: DEMO.maple.superadmin, password: DEMO_PASSWORD });
  const { port } = new URL(inject('workerUrl'));
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const passwordHashOf = async (email: string) => (await db.execute({ sql: 'SELECT password_hash FROM users WHERE email = ?', args: [email] })).rows[0].password_hash as string;

describe('the Worker under wrangler dev', () => {
  it('answers /api/health with security headers, and unknown API paths with a JSON 404', async () => {
    const health = await call('GET', '/api/health');
    expect(health).toMatchObject({ status: 200, json: { ok: true } });
    const csp = health.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('x-request-id')).toBeTruthy();

    const missing = await call('GET', '/api/no-such-thing');
    expect(missing).toMatchObject({ status: 404, json: { message: 'Not found' } });
    expect(missing.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('signs in a demo user with a refresh cookie that is not Secure on http://localhost', async () => {
    const r = await call('POST', '/api/auth/login', { body: { email: DEMO.maple.superadmin, password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.json.accessToken).toMatch(/^ey/);
    expect(r.json.user).toMatchObject({ email: DEMO.maple.superadmin, role: 'superadmin', name: 'Olivia Owner' });
    expect(r.json.user).not.toHaveProperty('passwordHash');
    const setCookie = r.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/hoa_refresh=[^;]+/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    // The Worker sees the URL the browser used (http://localhost:<port>), so the dev cookie works
    // over plain http…
    expect(setCookie).not.toMatch(/Secure/);
    // …and takes its host from the Host header: any other host gets a Secure cookie.
    const elsewhere = await rawLogin({ host: 'hoa.example.test' });
    expect(elsewhere.status).toBe(200);
    expect(String(elsewhere.headers['set-cookie'])).toMatch(/hoa_refresh=[^;]+;.*Secure/);
  });

  it('refuses a wrong password with the generic 401, and bad input with 400 and field errors', async () => {
    const wrong = await call('POST', '/api/auth/login', { body: { email: DEMO.cedar.board, password: 'WrongPass1' } });
    expect(wrong).toMatchObject({ status: 401, json: { message: AUTH_MESSAGES.invalidCredentials } });

    const invalid = await call('POST', '/api/auth/login', { body: { email: 'not-an-email', password: '123' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe(AUTH_MESSAGES.invalidEmail);
    expect(invalid.json.errors).toEqual([
      { path: 'email', msg: AUTH_MESSAGES.invalidEmail },
      { path: 'password', msg: AUTH_MESSAGES.passwordMin6 },
    ]);
    const malformed = await call('POST', '/api/auth/login', { body: '{"email":' });
    expect(malformed.status).toBe(400);
  });

  it('reads the profile with the Bearer token and refuses a missing or forged one', async () => {
    const { token } = await login(DEMO.maple.resident);
    const profile = await call('GET', '/api/auth/profile', { token });
    expect(profile).toMatchObject({ status: 200, json: { email: DEMO.maple.resident, role: 'resident' } });
    expect((await call('GET', '/api/auth/profile')).status).toBe(401);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call('GET', '/api/auth/profile', { token: forged })).status).toBe(401);
  });

  it('rotates the refresh cookie, detects reuse, and logout ends the session', async () => {
    const first = await login(DEMO.maple.resident2);
    const refreshed = await call('POST', '/api/auth/refresh', { cookie: first.cookie });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.user.email).toBe(DEMO.maple.resident2);
    const next = refreshCookie(refreshed.headers)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(first.cookie);
    // Presented again at once (an answer the browser lost), it is answered with the same successor.
    const again = await call('POST', '/api/auth/refresh', { cookie: first.cookie });
    expect(again.status).toBe(200);
    expect(refreshCookie(again.headers)).toBe(next);
    // Presented after the grace interval (aged here: the Worker keeps real time), it revokes the
    // family (the write ran in a transaction).
    await db.execute({
      sql: 'UPDATE sessions SET rotated_at = rotated_at - ? WHERE rotated_at IS NOT NULL AND user_id = (SELECT id FROM users WHERE email = ?)',
      args: [REFRESH_REUSE_GRACE_MS + 1_000, DEMO.maple.resident2],
    });
    expect(await call('POST', '/api/auth/refresh', { cookie: first.cookie })).toMatchObject({ status: 401, json: { message: AUTH_MESSAGES.sessionExpired } });
    expect((await call('POST', '/api/auth/refresh', { cookie: next })).status).toBe(401);

    const session = await login(DEMO.maple.resident2);
    const out = await call('POST', '/api/auth/logout', { cookie: session.cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/hoa_refresh=;/);
    expect((await call('POST', '/api/auth/refresh', { cookie: session.cookie })).status).toBe(401);
  });

  it('hashes with PBKDF2 at 100,000 iterations in workerd: login upgrades a seeded hash, change password works', async () => {
    // A board member no other file here signs in as: the files share one database, and a sign-in upgrades the hash.
    const email = 'tom.becker@maplegrove.test';
    expect((await passwordHashOf(email)).split('$')[1]).not.toBe(String(WORKERS_PBKDF2_MAX));
    const here = await login(email);
    // The seed's low count is below the Worker's: a successful login rehashes at Workers' maximum.
    expect((await passwordHashOf(email)).split('$')[1]).toBe(String(WORKERS_PBKDF2_MAX));
    const elsewhere = await login(email);

    const wrongCurrent = await call('PUT', '/api/auth/change-password', { token: here.token, body: { currentPassword: 'nope123', newPassword: 'Changed789' } });
    expect(wrongCurrent).toMatchObject({ status: 400, json: { errors: [{ path: 'currentPassword', msg: AUTH_MESSAGES.currentPasswordWrong }] } });

    const changed = await call('PUT', '/api/auth/change-password', { token: here.token, body: { currentPassword: DEMO_PASSWORD, newPassword: 'Changed789' } });
    expect(changed).toMatchObject({ status: 200, json: { message: AUTH_MESSAGES.passwordChanged } });
    expect((await passwordHashOf(email)).split('$')[1]).toBe(String(WORKERS_PBKDF2_MAX));
    expect((await call('POST', '/api/auth/refresh', { cookie: elsewhere.cookie })).status).toBe(401);
    expect((await call('POST', '/api/auth/refresh', { cookie: here.cookie })).status).toBe(200);
    expect((await call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })).status).toBe(401);
    await login(email, 'Changed789');
  });

  it('serves concurrent requests in one isolate: parallel logins, refresh chains and reads all succeed', async () => {
    // Write transactions are serialised inside the isolate (worker/db.ts) across requests, each one a
    // Hrana stream of its own; this is where a cross-request hang or a lost lock would show.
    const emails = [DEMO.cedar.resident, DEMO.cedar.board, DEMO.maple.resident, DEMO.maple.superadmin];
    const sessions = await Promise.all(emails.map((email) => login(email)));
    await Promise.all(
      sessions.map(async (s) => {
        let cookie = s.cookie;
        for (let i = 0; i < 3; i++) {
          const [refreshed, profile] = await Promise.all([call('POST', '/api/auth/refresh', { cookie }), call('GET', '/api/auth/profile', { token: s.token })]);
          expect(refreshed.status).toBe(200);
          expect(profile.json.email).toBe(s.user.email);
          cookie = refreshCookie(refreshed.headers)!;
        }
      }),
    );
  });

  it('scopes every token to its HOA: Maple Grove never sees Cedar Park', async () => {
    const maple = await login(DEMO.maple.superadmin);
    const cedar = await login(DEMO.cedar.superadmin);
    const mapleProfile = (await call('GET', '/api/auth/profile', { token: maple.token })).json;
    const cedarProfile = (await call('GET', '/api/auth/profile', { token: cedar.token })).json;
    expect(mapleProfile.hoa_id).toBeTruthy();
    expect(mapleProfile.hoa_id).not.toBe(cedarProfile.hoa_id);
    expect(JSON.stringify(mapleProfile)).not.toContain('Cedar');
  });
});
