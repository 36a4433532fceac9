/**
 * People at scale, the rules: invitations expire after 7 days and "Resend expired invitations" sends
 * each a fresh link (and answers how many); Revoke invitation removes the invited member and their
 * link then says it is no longer valid; Edit User changes phone and address as the invitation checks
 * them, and an email only once the link mailed to the new address is opened; an address is deleted
 * only when no one lives there; a deleted member is restored within 30 days, not after.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS, invitationState, PEOPLE_MESSAGES, RESTORE_WINDOW_MS } from '../../schema/people';
import { USER_MESSAGES } from '../../schema/users';
import { emailOutbox, users } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
let owner: string;
let board: string;
let resident: string;
afterEach(() => t?.close());
/** Signs the three in again (access tokens expire as the clock moves on). */
const signIn = async () => {
  [owner, board, resident] = await Promise.all([DEMO.maple.superadmin, DEMO.maple.board, DEMO.maple.resident].map(async (e) => (await login(t, e)).token));
};
const advance = async (ms: number) => {
  t.clock.advance(ms);
  await signIn();
};
beforeEach(async () => {
  t = await createTestApp();
  await signIn();
});

const DAY = 86_400_000;
const row = async (id: string) => (await t.deps.database.db.select().from(users).where(eq(users.id, id)))[0];
const idOf = async (email: string) => (await t.deps.database.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)))[0].id;
/** The link of the newest mail to `email`. */
async function linkTo(email: string, path: string): Promise<string> {
  const [mail] = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`)).limit(1);
  const m = new RegExp(`${path.replace('/', '\\/')}\\?token=([^\\s"&<]+)`).exec(mail.text);
  return decodeURIComponent(m![1]);
}
async function invite(token: string, email: string, role = 'resident') {
  const r = await call(t, 'POST', '/api/users/invite', { token, body: { email, role } });
  expect(r.status).toBe(201);
  return r.json._id as string;
}
const cedarOwner = async () => (await login(t, DEMO.cedar.superadmin)).token;

describe('invitations expire after 7 days', () => {
  it('the sent date is kept; Resend expired invitations re-sends only the expired ones, with a fresh link, and answers how many', async () => {
    const early = await invite(board, 'early@example.com');
    await advance(3 * DAY);
    const late = await invite(board, 'late@example.com');
    const earlyRow = await row(early);
    expect(invitationState(earlyRow, t.clock())).toBe('pending');
    const oldLink = await linkTo('early@example.com', '/invite/accept');

    await advance(INVITATION_TTL_MS - 3 * DAY);
    expect(invitationState(await row(early), t.clock())).toBe('expired');
    expect(invitationState(await row(late), t.clock())).toBe('pending');
    // The seeded invitations are older than a week by now too: all the expired ones of Maple Grove go.
    const [{ n }] = await t.deps.database.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM users WHERE hoa_id = ${earlyRow.hoaId} AND status = 'invited' AND deleted_at IS NULL AND invited_at <= ${t.clock() - INVITATION_TTL_MS}`,
    );
    const r = await call(t, 'POST', '/api/users/resend-expired', { token: board });
    expect(r).toMatchObject({ status: 200, json: { resent: n, message: PEOPLE_MESSAGES.resentExpired(n) } });
    expect(n).toBeGreaterThanOrEqual(1);
    expect((await row(early)).invitedAt).toBe(t.clock());
    expect((await row(late)).invitedAt).toBe(t.clock() - INVITATION_TTL_MS + 3 * DAY);
    // The new link works, the old one does not.
    const fresh = await linkTo('early@example.com', '/invite/accept');
    expect(fresh).not.toBe(oldLink);
    expect((await call(t, 'POST', '/api/auth/activate', { body: { token: oldLink, name: 'Early Bird', password: 'Welcome123' } })).status).toBe(400);
    expect((await call(t, 'POST', '/api/auth/activate', { body: { token: fresh, name: 'Early Bird', password: 'Welcome123' } })).status).toBe(200);

    const again = await call(t, 'POST', '/api/users/resend-expired', { token: owner });
    expect(again.json).toEqual({ resent: 0, message: PEOPLE_MESSAGES.resentExpired(0) });
    expect((await call(t, 'POST', '/api/users/resend-expired', { token: resident })).status).toBe(403);
  });

  it('Revoke invitation removes the invited member; their link then says it is no longer valid; active members are not revoked', async () => {
    const id = await invite(board, 'revoked@example.com');
    const link = await linkTo('revoked@example.com', '/invite/accept');
    expect(await call(t, 'DELETE', `/api/users/${id}/invitation`, { token: resident })).toMatchObject({ status: 403 });
    const r = await call(t, 'DELETE', `/api/users/${id}/invitation`, { token: board });
    expect(r).toMatchObject({ status: 200, json: { message: PEOPLE_MESSAGES.revoked('revoked@example.com') } });
    expect((await row(id)).deletedAt).toBe(t.clock());
    const accept = await call(t, 'POST', '/api/auth/activate', { body: { token: link, name: 'Too Late', password: 'Welcome123' } });
    expect(accept).toMatchObject({ status: 400, json: { message: PEOPLE_MESSAGES.invitationRevoked } });
    expect((await call(t, 'DELETE', `/api/users/${id}/invitation`, { token: board })).status).toBe(404);

    const active = await idOf(DEMO.maple.resident2);
    expect(await call(t, 'DELETE', `/api/users/${active}/invitation`, { token: board })).toMatchObject({ status: 409, json: { message: PEOPLE_MESSAGES.notPending } });
    // A board member revokes residents only (as they delete); another HOA's is 404.
    const boardInvite = await invite(owner, 'future.board@example.com', 'board');
    expect((await call(t, 'DELETE', `/api/users/${boardInvite}/invitation`, { token: board })).status).toBe(403);
    const cedar = await invite(await cedarOwner(), 'cedar.invite@example.com');
    expect((await call(t, 'DELETE', `/api/users/${cedar}/invitation`, { token: owner })).status).toBe(404);
  });
});

describe('Edit User: phone, address and email', () => {
  it('phone and address are checked as the invitation checks them; another HOA’s address is 404', async () => {
    const id = await idOf(DEMO.maple.resident2);
    const u = await row(id);
    const base = { name: u.name, role: u.role, status: u.status };
    const addr = await call(t, 'POST', '/api/addresses', { token: board, body: { street: '77 Edit Lane' } });
    const ok = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, phone: ' 512-555-0199 ', address_id: addr.json._id } });
    expect(ok).toMatchObject({ status: 200, json: { phone: '512-555-0199', address_id: addr.json._id } });
    const long = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, phone: '5'.repeat(31) } });
    expect(long).toMatchObject({ status: 400, json: { errors: [{ path: 'phone', msg: USER_MESSAGES.phoneTooLong }] } });
    const cedarAddr = await call(t, 'POST', '/api/addresses', { token: await cedarOwner(), body: { street: '5 Cedar Court' } });
    expect(await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, address_id: cedarAddr.json._id } })).toMatchObject({ status: 404 });
    const cleared = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, phone: '', address_id: 'no-address' } });
    expect(cleared.json).toMatchObject({ phone: null, address_id: null });
    // Left out: unchanged.
    await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, phone: '1' } });
    expect((await call(t, 'PUT', `/api/users/${id}`, { token: board, body: base })).json.phone).toBe('1');
  });

  it('a new email changes only when the link mailed to it is opened, once; a member’s email is refused; a bad one is 400', async () => {
    const id = await idOf(DEMO.maple.resident2);
    const u = await row(id);
    const base = { name: u.name, role: u.role, status: u.status };
    const bad = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, email: 'nope' } });
    expect(bad).toMatchObject({ status: 400, json: { errors: [{ path: 'email', msg: USER_MESSAGES.invalidEmail }] } });
    const taken = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, email: DEMO.maple.resident } });
    expect(taken).toMatchObject({ status: 400, json: { errors: [{ path: 'email', msg: USER_MESSAGES.emailTaken }] } });

    const r = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, email: ' Ray.New@Example.com ' } });
    expect(r).toMatchObject({ status: 200, json: { email: DEMO.maple.resident2, email_change_sent_to: 'ray.new@example.com' } });
    expect((await row(id)).email).toBe(DEMO.maple.resident2);
    const token = await linkTo('ray.new@example.com', '/confirm-email');
    const confirmed = await call(t, 'POST', '/api/email-change/confirm', { body: { token } });
    expect(confirmed).toMatchObject({ status: 200, json: { message: PEOPLE_MESSAGES.emailChanged('ray.new@example.com') } });
    expect((await row(id)).email).toBe('ray.new@example.com');
    expect(await call(t, 'POST', '/api/email-change/confirm', { body: { token } })).toMatchObject({ status: 400, json: { message: PEOPLE_MESSAGES.emailChangeInvalid } });
    // A link past its 7 days is refused.
    await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { ...base, email: 'ray.later@example.com' } });
    const later = await linkTo('ray.later@example.com', '/confirm-email');
    await advance(INVITATION_TTL_MS);
    expect((await call(t, 'POST', '/api/email-change/confirm', { body: { token: later } })).status).toBe(400);
    expect((await row(id)).email).toBe('ray.new@example.com');
  });

  it('an invited member is set inactive without a name', async () => {
    const id = await invite(board, 'nameless@example.com');
    const r = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { name: '', role: 'resident', status: 'inactive' } });
    expect(r).toMatchObject({ status: 200, json: { status: 'inactive', name: '' } });
  });
});

describe('Delete Address', () => {
  it('only when no one lives there: 409 with the reason otherwise; 404 for another HOA’s; 403 for a resident', async () => {
    const a = await call(t, 'POST', '/api/addresses', { token: board, body: { street: '9 Vacant Row' } });
    const id = await invite(board, 'lives.here@example.com');
    await call(t, 'POST', `/api/users/${id}/assign-address`, { token: board, body: { address_id: a.json._id } });
    expect(await call(t, 'DELETE', `/api/addresses/${a.json._id}`, { token: board })).toMatchObject({ status: 409, json: { message: PEOPLE_MESSAGES.addressOccupied } });
    expect((await call(t, 'DELETE', `/api/addresses/${a.json._id}`, { token: resident })).status).toBe(403);
    await call(t, 'DELETE', `/api/users/${id}/assign-address`, { token: board });
    expect((await call(t, 'DELETE', `/api/addresses/${a.json._id}`, { token: board })).status).toBe(200);
    const cedar = await call(t, 'POST', '/api/addresses', { token: await cedarOwner(), body: { street: '10 Cedar Row' } });
    expect((await call(t, 'DELETE', `/api/addresses/${cedar.json._id}`, { token: board })).status).toBe(404);
  });
});

describe('restoring a deleted member', () => {
  it('Show deleted lists the last 30 days; Restore brings them back as they were; after 30 days they are gone', async () => {
    const id = await idOf(DEMO.maple.resident2);
    const before = await row(id);
    await call(t, 'DELETE', `/api/users/${id}`, { token: board });
    const shown = await call(t, 'GET', '/api/users/deleted', { token: board });
    expect(shown.json.docs.map((d: { _id: string }) => d._id)).toContain(id);
    expect((await call(t, 'GET', '/api/users/deleted', { token: resident })).status).toBe(403);
    expect((await call(t, 'POST', `/api/users/${id}/restore`, { token: resident })).status).toBe(403);
    const r = await call(t, 'POST', `/api/users/${id}/restore`, { token: board });
    expect(r).toMatchObject({ status: 200, json: { message: PEOPLE_MESSAGES.restored(before.name) } });
    expect(await row(id)).toMatchObject({ deletedAt: null, status: before.status, role: before.role, addressId: before.addressId });
    // A live member is not restored (404), nor another HOA's.
    expect((await call(t, 'POST', `/api/users/${id}/restore`, { token: board })).status).toBe(404);
    const cedarId = await idOf(DEMO.cedar.resident);
    const cedar = await cedarOwner();
    await call(t, 'DELETE', `/api/users/${cedarId}`, { token: cedar });
    expect((await call(t, 'POST', `/api/users/${cedarId}/restore`, { token: owner })).status).toBe(404);

    await call(t, 'DELETE', `/api/users/${id}`, { token: board });
    await advance(RESTORE_WINDOW_MS);
    expect((await call(t, 'GET', '/api/users/deleted', { token: board })).json.docs.map((d: { _id: string }) => d._id)).not.toContain(id);
    expect(await call(t, 'POST', `/api/users/${id}/restore`, { token: board })).toMatchObject({ status: 409, json: { message: PEOPLE_MESSAGES.restoreWindowOver } });
  });
});
