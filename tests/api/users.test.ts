import { and, desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../schema/users';
import { emailOutbox, users } from '../../schema/tables';
import { keepActiveSuperadmin } from '../../worker/domain/user-admin/access';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';

let t: TestApp;
let owner: string;
let board: string;
afterEach(() => t?.close());
beforeEach(async () => {
  t = await createTestApp();
  owner = (await login(t, DEMO.maple.superadmin)).token;
  board = (await login(t, DEMO.maple.board)).token;
});

const DAY = 24 * 60 * 60_000;
async function row(email: string) {
  const [u] = await t.deps.database.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return u;
}
const idOf = async (email: string) => (await row(email)).id;
const put = async (token: string, email: string, body: { name?: string; role?: string; status?: string }) => {
  const u = await row(email);
  return call(t, 'PUT', `/api/users/${u.id}`, { token, body: { name: u.name || 'Someone', role: u.role, status: u.status, ...body } });
};
/** The activation token of the newest mail to `email` (the outbox keeps the link until delivery). */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`)).limit(1);
  const m = /\/invite\/accept\?token=([^\s"&<]+)/.exec(mail.text);
  return decodeURIComponent(m![1]);
}
const activate = (token: string) => call(t, 'POST', '/api/auth/activate', { body: { token, name: 'New Neighbour', password: 'Welcome123' } });
const stats = async () => (await call(t, 'GET', '/api/users?limit=1', { token: owner })).json.statistics;

describe('POST /api/users/invite', () => {
  it('invites with the mail, names the HOA\'s own members case-insensitively (never another HOA\'s), and validates', async () => {
    const before = await stats();
    const r = await call(t, 'POST', '/api/users/invite', { token: board, body: { email: ' New.Person@Example.com ', role: 'board', address_id: 'no-address', phone: '' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ email: 'new.person@example.com', role: 'board', status: 'invited', address_id: null, phone: null });
    expect(await invitationToken('new.person@example.com')).toMatch(/.{20,}/);
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers + 1, pendingInvitations: before.pendingInvitations + 1, boardMembers: before.boardMembers + 1 });

    const taken = [' NEW.person@example.com', DEMO.maple.resident.toUpperCase()];
    for (const email of taken) {
      const again = await call(t, 'POST', '/api/users/invite', { token: owner, body: { email, role: 'resident' } });
      expect(again).toMatchObject({ status: 400, json: { errors: [{ path: 'email', msg: USER_MESSAGES.emailTaken }] } });
    }
    // Another HOA's member is not named: the answer a fresh address gets (tests/api/people-quotas.test.ts).
    const elsewhere = await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: DEMO.cedar.resident.toUpperCase(), role: 'resident' } });
    expect(elsewhere).toMatchObject({ status: 201, json: { email: DEMO.cedar.resident, status: 'invited' } });
    const empty = await call(t, 'POST', '/api/users/invite', { token: owner, body: { role: 'resident' } });
    expect(empty.json.errors).toEqual([{ path: 'email', msg: 'Email is required' }]);
    const bad = await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'nope', role: 'resident' } });
    expect(bad.json.errors).toEqual([{ path: 'email', msg: 'Please enter a valid email address' }]);
  });

  it('a board member never invites a superadmin; a superadmin may; another HOA address is a 404', async () => {
    const byBoard = await call(t, 'POST', '/api/users/invite', { token: board, body: { email: 'boss@example.com', role: 'superadmin' } });
    expect(byBoard).toMatchObject({ status: 403, json: { message: USER_MESSAGES.mayNotGrant } });
    expect(await row('boss@example.com')).toBeUndefined();
    const byOwner = await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'boss@example.com', role: 'superadmin' } });
    expect(byOwner.json).toMatchObject({ role: 'superadmin', status: 'invited' });

    const cedar = (await login(t, DEMO.cedar.superadmin)).token;
    const cedarAddress = (await call(t, 'GET', '/api/addresses', { token: cedar })).json.docs[0]._id;
    const foreign = await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'x@example.com', role: 'resident', address_id: cedarAddress } });
    expect(foreign.status).toBe(404);
    const own = (await call(t, 'GET', '/api/addresses', { token: owner })).json.docs[0];
    const placed = await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'x@example.com', role: 'resident', address_id: own._id } });
    expect(placed.json.address).toMatchObject({ _id: own._id, street: own.street });
  });
});

describe('invitations', () => {
  it('valid 7 days and once; Resend replaces the link, for invited users only; inactive blocks acceptance', async () => {
    const invited = await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'first@example.com', role: 'resident' } });
    const first = await invitationToken('first@example.com');
    const resent = await call(t, 'POST', `/api/users/${invited.json._id}/resend-invite`, { token: board });
    expect(resent).toMatchObject({ status: 200, json: { message: 'Invitation resent successfully' } });
    const second = await invitationToken('first@example.com');
    expect(second).not.toBe(first);
    expect((await activate(first)).json.message).toBe('Invalid activation token');
    expect((await activate(second)).status).toBe(200);
    expect((await activate(second)).json.message).toBe('Invalid activation token');
    const active = await call(t, 'POST', `/api/users/${invited.json._id}/resend-invite`, { token: owner });
    expect(active).toMatchObject({ status: 409, json: { message: USER_MESSAGES.notInvited } });

    await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'late@example.com', role: 'resident' } });
    const late = await invitationToken('late@example.com');
    t.clock.advance(7 * DAY + 1);
    expect((await activate(late)).json.message).toBe('Invalid activation token');

    owner = (await login(t, DEMO.maple.superadmin)).token;
    await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'blocked@example.com', role: 'resident' } });
    const blocked = await invitationToken('blocked@example.com');
    expect((await put(owner, 'blocked@example.com', { status: 'inactive' })).json.status).toBe('inactive');
    expect((await activate(blocked)).json.message).toBe('Invalid activation token');
    expect((await call(t, 'POST', `/api/users/${await idOf('blocked@example.com')}/resend-invite`, { token: owner })).status).toBe(409);
  });
});

describe('PUT /api/users/:id', () => {
  it('role grants: not one own row, a superadmin only by a superadmin, superadmin granted by a superadmin only', async () => {
    const own = await put(board, DEMO.maple.board, { name: 'Ben B.' });
    expect(own).toMatchObject({ status: 403, json: { message: USER_MESSAGES.notOwnRow } });
    expect((await put(owner, DEMO.maple.superadmin, { role: 'board' })).json.message).toBe(USER_MESSAGES.notOwnRow);
    expect((await put(board, DEMO.maple.superadmin, { name: 'Renamed' })).json.message).toBe(USER_MESSAGES.mayNotChangeSuperadmin);
    expect((await put(board, DEMO.maple.resident, { role: 'superadmin' })).json.message).toBe(USER_MESSAGES.mayNotGrant);

    const promoted = await put(board, DEMO.maple.resident, { role: 'board', name: 'Rita R.' });
    expect(promoted).toMatchObject({ status: 200, json: { role: 'board', name: 'Rita R.' } });
    expect((await put(owner, DEMO.maple.resident, { role: 'superadmin' })).json.role).toBe('superadmin');
    // Now a superadmin: the board can no longer change or delete her; the owner can.
    expect((await put(board, DEMO.maple.resident, { role: 'resident' })).status).toBe(403);
    expect((await put(owner, DEMO.maple.resident, { role: 'resident' })).json.role).toBe('resident');
  });

  it('status moves: active and inactive switch; invited stays invited or becomes inactive', async () => {
    const toInvited = await put(owner, DEMO.maple.resident, { status: 'invited' });
    expect(toInvited).toMatchObject({ status: 400, json: { errors: [{ path: 'status', msg: USER_MESSAGES.statusNotAllowed }] } });
    expect((await put(owner, DEMO.maple.resident, { status: 'inactive' })).json.status).toBe('inactive');
    expect((await put(owner, DEMO.maple.resident, { status: 'active' })).json.status).toBe('active');
    await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'inv@example.com', role: 'resident' } });
    expect((await put(owner, 'inv@example.com', { status: 'active' })).status).toBe(400);
    expect((await put(owner, 'inv@example.com', { status: 'invited', name: 'Invy' })).json).toMatchObject({ status: 'invited', name: 'Invy' });
    const noName = await put(owner, 'inv@example.com', { name: '  ' });
    expect(noName.json.errors).toEqual([{ path: 'name', msg: 'Name is required' }]);
  });

  it('deactivation ends every session at once; a role change counts from the next request', async () => {
    const rita = await login(t, DEMO.maple.resident);
    expect((await call(t, 'GET', '/api/auth/profile', { token: rita.token })).status).toBe(200);
    await put(board, DEMO.maple.resident, { status: 'inactive' });
    expect((await call(t, 'GET', '/api/auth/profile', { token: rita.token })).status).toBe(401);
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: rita.cookie })).status).toBe(401);
    const signIn = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.resident, password: 'Password123' }, ip: '10.9.9.9' });
    expect(signIn.status).toBe(403);
    await put(board, DEMO.maple.resident, { status: 'active' });
    await login(t, DEMO.maple.resident);

    // The board member's own token, unchanged, loses board work as soon as the role changes.
    expect((await call(t, 'GET', '/api/users', { token: board })).status).toBe(200);
    await put(owner, DEMO.maple.board, { role: 'resident' });
    expect((await call(t, 'GET', '/api/users', { token: board })).status).toBe(403);
    expect((await call(t, 'GET', '/api/auth/profile', { token: board })).json.role).toBe('resident');
  });

  it('the synced view follows: a demoted board member pulls away what only the board sees', async () => {
    const client = new SyncTestClient(t, board);
    const requestKeys = () => [...client.data.keys()].filter((k) => k.startsWith('request/')).sort();
    await client.pull();
    const hoaRequests = await t.deps.database.db.all<{ id: string }>(sql`SELECT id FROM requests WHERE hoa_id = ${(await row(DEMO.maple.board)).hoaId}`);
    expect(requestKeys()).toEqual(hoaRequests.map((r) => `request/${r.id}`).sort());
    await put(owner, DEMO.maple.board, { role: 'resident' });
    await client.pull();
    // As a resident, Ben sees the requests he filed only.
    const own = await t.deps.database.db.all<{ id: string }>(sql`SELECT id FROM requests WHERE user_id = ${await idOf(DEMO.maple.board)}`);
    expect(own.length).toBeLessThan(hoaRequests.length);
    expect(requestKeys()).toEqual(own.map((r) => `request/${r.id}`).sort());
  });
});

describe('DELETE /api/users/:id', () => {
  it('board deletes residents only; a superadmin anyone but themselves; the deleted user is gone at once', async () => {
    expect((await call(t, 'DELETE', `/api/users/${await idOf(DEMO.maple.superadmin)}`, { token: board })).json.message).toBe(USER_MESSAGES.mayNotDelete);
    await put(owner, DEMO.maple.resident2, { role: 'board' });
    expect((await call(t, 'DELETE', `/api/users/${await idOf(DEMO.maple.resident2)}`, { token: board })).status).toBe(403);
    expect((await call(t, 'DELETE', `/api/users/${await idOf(DEMO.maple.superadmin)}`, { token: owner })).json.message).toBe(USER_MESSAGES.notOwnRow);

    const rita = await login(t, DEMO.maple.resident);
    const ritaId = await idOf(DEMO.maple.resident);
    const gone = await call(t, 'DELETE', `/api/users/${ritaId}`, { token: board });
    expect(gone).toMatchObject({ status: 200, json: { message: 'User Rita Resident deleted successfully' } });
    expect((await call(t, 'GET', `/api/users/${ritaId}`, { token: board })).status).toBe(404);
    expect((await call(t, 'GET', '/api/auth/profile', { token: rita.token })).status).toBe(401);
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: rita.cookie })).status).toBe(401);
    const deletedList = await call(t, 'GET', '/api/users?limit=100&includeDeleted=true', { token: board });
    expect(deletedList.json.docs.map((u: { _id: string }) => u._id)).toContain(ritaId);
    const liveList = await call(t, 'GET', '/api/users?limit=100', { token: board });
    expect(liveList.json.docs.map((u: { _id: string }) => u._id)).not.toContain(ritaId);

    expect((await call(t, 'DELETE', `/api/users/${await idOf(DEMO.maple.resident2)}`, { token: owner })).status).toBe(200);
  });

  it('an HOA always keeps an active superadmin', async () => {
    // Through the API the acting superadmin is always another active one, so this guard stands
    // against a write that would leave none (checked inside the transaction).
    const only = await row(DEMO.maple.superadmin);
    const refused = t.write((tx) => keepActiveSuperadmin(tx, only, { role: 'superadmin', status: 'inactive', deleted: false }));
    await expect(refused).rejects.toMatchObject({ status: 409, message: USER_MESSAGES.lastSuperadmin });
    await expect(t.write((tx) => keepActiveSuperadmin(tx, only, { role: 'board', status: 'active', deleted: false }))).rejects.toMatchObject({ status: 409 });
    await expect(t.write((tx) => keepActiveSuperadmin(tx, only, { role: 'superadmin', status: 'active', deleted: true }))).rejects.toMatchObject({ status: 409 });

    // With a second superadmin, either may step the other down.
    await put(owner, DEMO.maple.board, { role: 'superadmin' });
    const ben = (await login(t, DEMO.maple.board)).token;
    expect((await put(ben, DEMO.maple.superadmin, { status: 'inactive' })).status).toBe(200);
    const benRow = await row(DEMO.maple.board);
    await expect(t.write((tx) => keepActiveSuperadmin(tx, benRow, { role: 'board', status: 'active', deleted: false }))).rejects.toMatchObject({ status: 409 });
    const [{ n }] = await t.deps.database.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM users WHERE hoa_id = ${benRow.hoaId} AND role = 'superadmin' AND status = 'active' AND deleted_at IS NULL`,
    );
    expect(n).toBe(1);
  });
});

describe('GET /api/users', () => {
  it('pages, filters and searches the HOA members, with the counters of every member', async () => {
    const all = await call(t, 'GET', '/api/users?limit=100', { token: board });
    const mapleId = (await row(DEMO.maple.board)).hoaId;
    const [{ n }] = await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM users WHERE hoa_id = ${mapleId} AND deleted_at IS NULL`);
    expect(all.json).toMatchObject({ totalDocs: n, page: 1, statistics: { totalUsers: n } });
    const page2 = await call(t, 'GET', '/api/users?limit=2&page=2', { token: board });
    expect(page2.json.docs.map((u: { _id: string }) => u._id)).toEqual(all.json.docs.slice(2, 4).map((u: { _id: string }) => u._id));
    const board2 = await call(t, 'GET', '/api/users?role=board&limit=100', { token: board });
    expect(board2.json.docs.every((u: { role: string }) => u.role === 'board')).toBe(true);
    expect(board2.json.totalDocs).toBe(all.json.statistics.boardMembers);
    const found = await call(t, 'GET', '/api/users?search=RITA', { token: board });
    expect(found.json.docs.map((u: { email: string }) => u.email)).toEqual([DEMO.maple.resident]);
    expect((await call(t, 'GET', '/api/users?search=100%25', { token: board })).json.docs).toEqual([]);
    expect((await call(t, 'GET', '/api/users?status=bogus', { token: board })).status).toBe(400);
  });

  it('lists each member as their own profile answers them, times to the millisecond as ISO strings', async () => {
    const rita = await row(DEMO.maple.resident);
    const signedInAt = Date.UTC(2026, 10, 26, 9, 7, 5, 123);
    await t.write((tx) => tx.update(users).set({ lastLogin: signedInAt, createdAt: 1_234_567_890_001 }).where(eq(users.id, rita.id)));
    const listed = (await call(t, 'GET', '/api/users?search=rita', { token: owner })).json.docs[0];
    const { token } = await login(t, DEMO.maple.resident);
    const own = (await call(t, 'GET', '/api/auth/profile', { token })).json;
    expect(listed).toMatchObject({ _id: rita.id, createdAt: new Date(1_234_567_890_001).toISOString(), lastLogin: new Date(signedInAt).toISOString(), needsReactivation: false });
    expect(listed.address).toMatchObject({ _id: rita.addressId, street: expect.any(String) });
    // The profile also names the HOA; the rest is the same record (the sign-in just moved lastLogin).
    const { hoa_time_zone, hoa_name, hoa_count, ...profile } = own.user ?? own;
    expect({ hoa_time_zone, hoa_name, hoa_count }).toMatchObject({ hoa_name: 'Maple Grove HOA', hoa_count: 1 });
    expect({ ...profile, lastLogin: listed.lastLogin }).toEqual(listed);
  });

  it('shows a sign-in on the next read of the same page, though the page is kept between reads', async () => {
    const listedLogin = async () => (await call(t, 'GET', '/api/users?search=rita', { token: owner })).json.docs[0].lastLogin;
    const before = await listedLogin();
    expect(await listedLogin()).toBe(before);
    t.clock.advance(60_000);
    await login(t, DEMO.maple.resident);
    expect(await listedLogin()).toBe(new Date(t.clock()).toISOString());
    expect(await listedLogin()).not.toBe(before);
  });
});

describe('assign-address', () => {
  it('assigns an address of the HOA (another HOA: 404) and unassigns', async () => {
    const rita = await idOf(DEMO.maple.resident);
    const addresses = (await call(t, 'GET', '/api/addresses', { token: board })).json.docs;
    const target = addresses.find((a: { residents: unknown[] }) => a.residents.length === 0) ?? addresses[0];
    const cedar = (await login(t, DEMO.cedar.board)).token;
    const foreign = (await call(t, 'GET', '/api/addresses', { token: cedar })).json.docs[0]._id;
    expect((await call(t, 'POST', `/api/users/${rita}/assign-address`, { token: board, body: { address_id: foreign } })).status).toBe(404);

    const assigned = await call(t, 'POST', `/api/users/${rita}/assign-address`, { token: board, body: { address_id: target._id } });
    expect(assigned.json).toMatchObject({ address_id: target._id, message: 'User assigned successfully' });
    const shown = await call(t, 'GET', `/api/addresses/${target._id}`, { token: board });
    expect(shown.json.residents.map((r: { _id: string }) => r._id)).toContain(rita);
    const un = await call(t, 'DELETE', `/api/users/${rita}/assign-address`, { token: board });
    expect(un.json).toMatchObject({ address_id: null, message: 'User unassigned successfully' });
    const [u] = await t.deps.database.db.select({ a: users.addressId }).from(users).where(and(eq(users.id, rita)));
    expect(u.a).toBeNull();
  });
});

describe('who may change whom, names and reactivation', () => {
  it('10: an invited user without a name is deactivated without one; a user with a name keeps it required', async () => {
    await call(t, 'POST', '/api/users/invite', { token: board, body: { email: 'no.name@example.com', role: 'resident' } });
    const id = await idOf('no.name@example.com');
    const off = await call(t, 'PUT', `/api/users/${id}`, { token: board, body: { name: '', role: 'resident', status: 'inactive' } });
    expect(off).toMatchObject({ status: 200, json: { status: 'inactive', name: '' } });
    expect((await row('no.name@example.com')).name).toBe('');
    const named = await call(t, 'PUT', `/api/users/${await idOf(DEMO.maple.resident)}`, { token: board, body: { name: ' ', role: 'resident', status: 'active' } });
    expect(named).toMatchObject({ status: 400, json: { errors: [{ path: 'name', msg: USER_MESSAGES.nameRequired }] } });
  });

  it('11: invited → inactive → active goes back to invited with a fresh invitation that activates the account', async () => {
    await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'comeback@example.com', role: 'resident' } });
    const id = await idOf('comeback@example.com');
    const first = await invitationToken('comeback@example.com');
    await call(t, 'PUT', `/api/users/${id}`, { token: owner, body: { name: '', role: 'resident', status: 'inactive' } });
    const before = await stats();
    const back = await call(t, 'PUT', `/api/users/${id}`, { token: owner, body: { name: '', role: 'resident', status: 'active' } });
    expect(back).toMatchObject({ status: 200, json: { status: 'invited' } });
    expect(await stats()).toMatchObject({ activeUsers: before.activeUsers, pendingInvitations: before.pendingInvitations + 1 });
    const fresh = await invitationToken('comeback@example.com');
    expect(fresh).not.toBe(first);
    // Resend works again (the user is invited), and the newest link activates the account.
    expect((await call(t, 'POST', `/api/users/${id}/resend-invite`, { token: owner })).status).toBe(200);
    expect((await activate(await invitationToken('comeback@example.com'))).status).toBe(200);
    expect((await row('comeback@example.com')).status).toBe('active');
    // A member with a password is simply active again.
    await put(owner, DEMO.maple.resident, { status: 'inactive' });
    expect((await put(owner, DEMO.maple.resident, { status: 'active' })).json.status).toBe('active');
  });

  it('12: a board member changes residents only: no demoting, deactivating or renaming another board member', async () => {
    await put(owner, DEMO.maple.resident2, { role: 'board' });
    const demote = await put(board, DEMO.maple.resident2, { role: 'resident' });
    expect(demote).toMatchObject({ status: 403, json: { message: USER_MESSAGES.mayNotChange } });
    expect((await put(board, DEMO.maple.resident2, { status: 'inactive' })).status).toBe(403);
    expect((await put(board, DEMO.maple.resident2, { name: 'Renamed' })).status).toBe(403);
    expect((await call(t, 'DELETE', `/api/users/${await idOf(DEMO.maple.resident2)}`, { token: board })).status).toBe(403);
    expect(await row(DEMO.maple.resident2)).toMatchObject({ role: 'board', status: 'active', deletedAt: null });
    // A resident the board may still promote (the role after: one the board grants); then they are out of its reach.
    expect((await put(board, DEMO.maple.resident, { role: 'board' })).json.role).toBe('board');
    expect((await put(board, DEMO.maple.resident, { role: 'resident' })).status).toBe(403);
    // The superadmin changes anyone but themselves.
    expect((await put(owner, DEMO.maple.resident2, { role: 'resident', status: 'inactive' })).json).toMatchObject({ role: 'resident', status: 'inactive' });
  });

  it('15: Active Users counts accounts that can sign in, not an active row that never activated', async () => {
    const before = await stats();
    await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'never@example.com', role: 'resident' } });
    // A row left active without a password (made before reactivation invited such users again).
    const id = await idOf('never@example.com');
    await t.write((tx) => tx.update(users).set({ status: 'active' }).where(eq(users.id, id)));
    expect((await stats()).activeUsers).toBe(before.activeUsers);
  });
});
