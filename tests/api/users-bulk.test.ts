import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '../../schema/bulk-users';
import { emailOutbox, users } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
let owner: string;
let hoaId: string;
afterEach(() => t?.close());
beforeEach(async () => {
  t = await createTestApp();
  const o = await login(t, DEMO.maple.superadmin);
  owner = o.token;
  hoaId = o.user.hoa_id;
});

const count = async (table: 'users' | 'addresses') =>
  (await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE hoa_id = ${hoaId} AND deleted_at IS NULL`))[0].n;
const bulk = (rows: unknown[], token = owner) => call(t, 'POST', '/api/users/bulk', { token, body: { users: rows } });
const person = (n: number, more: Record<string, unknown> = {}) => ({ resident_name: `Bulk Person ${n}`, resident_email: `bulk${n}@example.com`, role: 'resident', ...more });
/** The user row of `email`: in `hoa` when given (an email may be a member of several HOAs), else the first. */
const row = async (email: string, hoa?: string) => (await t.deps.database.db.select().from(users).where(and(eq(users.email, email), hoa ? eq(users.hoaId, hoa) : undefined)))[0];

describe('POST /api/users/bulk', () => {
  it('creates nothing while any row breaks a rule, and names the rows', async () => {
    const before = { users: await count('users'), addresses: await count('addresses') };
    const rows = [
      person(1, { street: '500 New Street', is_rented: false }),
      person(2),
      person(3, { resident_email: 'not-an-email' }),
      person(4, { role: 'admin', street: 'ab', is_rented: true }),
      person(5, { resident_email: 'BULK1@example.com', unit: 'ABCDEFGHIJK', street: '9 Lone Street' }),
    ];
    const r = await bulk(rows);
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { path: 'users[2].resident_email', msg: 'Please enter a valid email address' },
      { path: 'users[3].role', msg: BULK_MESSAGES.roleInvalid },
      { path: 'users[3].street', msg: BULK_MESSAGES.streetTooShort },
      { path: 'users[4].resident_email', msg: BULK_MESSAGES.duplicateEmail },
      { path: 'users[4].is_rented', msg: BULK_MESSAGES.addressPair },
      { path: 'users[4].unit', msg: BULK_MESSAGES.unitTooLong },
    ]);
    // An email of a member of this HOA, found only after the rows pass: still nothing created. (Another
    // HOA's member is not named: tests/api/people-quotas.test.ts.)
    const taken = await bulk([person(1, { street: '500 New Street', is_rented: false }), person(2, { resident_email: DEMO.maple.board.toUpperCase() })]);
    expect(taken.json.errors).toEqual([{ path: 'users[1].resident_email', msg: BULK_MESSAGES.emailTaken }]);
    expect({ users: await count('users'), addresses: await count('addresses') }).toEqual(before);
    expect((await bulk([])).json.errors).toEqual([{ path: 'users', msg: BULK_MESSAGES.empty }]);
  });

  it('creates users and addresses in one go, reuses an address of the directory, and mails each new user', async () => {
    const before = { users: await count('users'), addresses: await count('addresses') };
    const existing = (await call(t, 'GET', '/api/addresses', { token: owner })).json.docs[0];
    const rows = [
      person(1, { street: '500 New Street', unit: '1', is_rented: false, phone: '512-555-0199' }),
      person(2, { street: '500 new street ', unit: '1', is_rented: false }),
      person(3, { street: '502 New Street', is_rented: true, role: 'board' }),
      person(4, { street: existing.street, unit: existing.unit_number ?? undefined, is_rented: existing.is_rented }),
      person(5),
    ];
    const board = (await login(t, DEMO.maple.board)).token;
    const r = await bulk(rows, board);
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ usersCreated: 5, addressesCreated: 2, usersReactivated: 0, message: 'Successfully created 5 users and 2 addresses' });
    expect({ users: await count('users'), addresses: await count('addresses') }).toEqual({ users: before.users + 5, addresses: before.addresses + 2 });
    const one = await row('bulk1@example.com');
    expect(one).toMatchObject({ name: 'Bulk Person 1', status: 'invited', role: 'resident', phone: '512-555-0199' });
    expect((await row('bulk2@example.com')).addressId).toBe(one.addressId);
    expect((await row('bulk3@example.com')).role).toBe('board');
    expect((await row('bulk4@example.com')).addressId).toBe(existing._id);
    expect((await row('bulk5@example.com')).addressId).toBeNull();
    const mails = await t.deps.database.db.select({ to: emailOutbox.toEmail, text: emailOutbox.text }).from(emailOutbox).where(sql`${emailOutbox.toEmail} LIKE 'bulk%'`);
    expect(mails.map((m) => m.to).sort()).toEqual(rows.map((p) => p.resident_email));
    // Each mail carries its own link.
    expect(new Set(mails.map((m) => /token=([^\s"&<]+)/.exec(m.text)![1])).size).toBe(5);
  });

  it('brings back a deleted member with their credentials, and invites again one who never activated', async () => {
    const rita = await row(DEMO.maple.resident);
    await call(t, 'DELETE', `/api/users/${rita.id}`, { token: owner });
    await call(t, 'POST', '/api/users/invite', { token: owner, body: { email: 'never@example.com', role: 'resident' } });
    await call(t, 'DELETE', `/api/users/${(await row('never@example.com')).id}`, { token: owner });
    // A Cedar Park member deleted there: a new member of Maple Grove, invited (no account to join).
    const cedarOwner = (await login(t, DEMO.cedar.superadmin)).token;
    const chris = await row(DEMO.cedar.resident);
    await call(t, 'DELETE', `/api/users/${chris.id}`, { token: cedarOwner });

    const r = await bulk([
      { resident_name: 'Rita Returning', resident_email: DEMO.maple.resident, role: 'board' },
      { resident_name: 'Never Before', resident_email: 'never@example.com', role: 'resident' },
      { resident_name: 'Chris Moved', resident_email: DEMO.cedar.resident, role: 'resident' },
    ]);
    expect(r.json).toMatchObject({ usersCreated: 3, addressesCreated: 0, usersReactivated: 2 });
    expect(await row(DEMO.maple.resident)).toMatchObject({ id: rita.id, status: 'active', role: 'board', name: 'Rita Returning', deletedAt: null });
    expect((await login(t, DEMO.maple.resident)).user.role).toBe('board');
    expect(await row('never@example.com')).toMatchObject({ status: 'invited', deletedAt: null });
    const moved = await row(DEMO.cedar.resident, hoaId);
    expect(moved).toMatchObject({ hoaId, status: 'invited' });
    expect(moved.id).not.toBe(chris.id);
    const [old] = await t.deps.database.db.select().from(users).where(eq(users.id, chris.id));
    expect(old.deletedAt).not.toBeNull();
  });
});
