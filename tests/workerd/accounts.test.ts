/**
 * One account, several HOAs in workerd: a person with a membership in each demo HOA signs in and is
 * offered both, switches to the other (the old session ends), and a Maple-only member is refused a
 * switch to Cedar Park. The invitation accepted with the account is followed in tests/api (here the
 * outbox blanks a single-use link once a delivery is tried).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../schema/auth';
import { call, DEMO, DEMO_PASSWORD, login } from './http';
import { db } from './db';

const PAT = 'workerd.two.hoas@example.com';
const hoaOf = async (email: string) => String((await db.execute({ sql: 'SELECT hoa_id FROM users WHERE email = ?', args: [email] })).rows[0].hoa_id);

describe('an account in two HOAs in workerd', () => {
  let maple: string;
  let cedar: string;
  beforeAll(async () => {
    [maple, cedar] = [await hoaOf(DEMO.maple.superadmin), await hoaOf(DEMO.cedar.superadmin)];
    // Pat manages both: a membership in each, with the account's password (the demo's, as a hash).
    const { rows } = await db.execute({ sql: 'SELECT password_hash FROM users WHERE email = ?', args: [DEMO.maple.superadmin] });
    const now = Date.now();
    for (const [hoa, role] of [
      [maple, 'board'],
      [cedar, 'resident'],
    ]) {
      await db.execute({
        sql: "INSERT INTO users (id, hoa_id, name, email, role, status, password_hash, created_at, updated_at) VALUES (?, ?, 'Pat Manager', ?, ?, 'active', ?, ?, ?)",
        args: [crypto.randomUUID(), hoa, PAT, role, rows[0].password_hash, now, now],
      });
    }
  });

  // The other files count the demo HOAs' members: Pat leaves with this file.
  afterAll(() => db.execute({ sql: "UPDATE users SET status = 'inactive', deleted_at = ? WHERE email = ?", args: [Date.now(), PAT] }));

  it('signs in offered both HOAs, switches, and refuses an HOA the account is not in', async () => {
    const ip = { 'CF-Connecting-IP': '10.7.7.7' };
    const signedIn = await call('POST', '/api/auth/login', { body: { email: PAT, password: DEMO_PASSWORD, hoa_id: maple }, headers: ip });
    expect(signedIn).toMatchObject({ status: 200, json: { user: { hoa_id: maple, role: 'board', hoa_count: 2 } } });
    expect(signedIn.json.memberships.map((m: { hoa_id: string }) => m.hoa_id).sort()).toEqual([maple, cedar].sort());

    const token = signedIn.json.accessToken as string;
    const listed = await call('GET', '/api/auth/memberships', { token });
    expect(listed.json.memberships.find((m: { current: boolean }) => m.current).hoa_id).toBe(maple);
    const switched = await call('POST', '/api/auth/switch', { token, body: { hoa_id: cedar } });
    expect(switched).toMatchObject({ status: 200, json: { user: { hoa_id: cedar, role: 'resident' } } });
    expect(switched.headers.get('set-cookie')).toContain('hoa_refresh=');
    expect((await call('GET', '/api/auth/profile', { token })).status).toBe(401);
    expect((await call('GET', '/api/auth/profile', { token: switched.json.accessToken })).json.hoa_id).toBe(cedar);

    const board = await login(DEMO.maple.board);
    expect(await call('POST', '/api/auth/switch', { token: board.token, body: { hoa_id: cedar } })).toMatchObject({ status: 404, json: { message: AUTH_MESSAGES.hoaNotFound } });
    expect(await call('GET', '/api/auth/invitation?token=not-a-token')).toMatchObject({ status: 400, json: { message: AUTH_MESSAGES.invalidActivationToken } });
  });
});
