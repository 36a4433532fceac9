/**
 * What a board may learn and spend through invite, resend and bulk add
 * (docs/decisions/241-one-account-several-hoas.md, 179-per-hoa-people-limits.md): another HOA's
 * people get the answer a fresh address gets (and an invitation to join with their account), this
 * HOA's are still named; attempts are limited per HOA (429);
 * invitation mail is bounded per HOA per day and refused up front; the plan's units
 * (`max_units`, the addresses of the directory) bound what invite and bulk add may add.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../schema/auth';
import { BULK_MESSAGES } from '../../schema/bulk-users';
import { addresses, emailOutbox, subscriptions, users } from '../../schema/tables';
import { USER_MESSAGES } from '../../schema/users';
import { invitationsPerDay } from '../../worker/domain/user-admin/quotas';
import { newId } from '../../worker/services/tokens';
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

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const invite = (email: string, more: Record<string, unknown> = {}, token = owner) => call(t, 'POST', '/api/users/invite', { token, body: { email, role: 'resident', ...more } });
const resend = (id: string, token = owner) => call(t, 'POST', `/api/users/${id}/resend-invite`, { token });
const bulk = (rows: unknown[], token = owner) => call(t, 'POST', '/api/users/bulk', { token, body: { users: rows } });
const person = (n: number, more: Record<string, unknown> = {}) => ({ resident_name: `Quota Person ${n}`, resident_email: `quota${n}@example.com`, role: 'resident', ...more });
const people = (from: number, n: number, more: (i: number) => Record<string, unknown> = () => ({})) => Array.from({ length: n }, (_, i) => person(from + i, more(from + i)));
const mailsTo = async (email: string) =>
  (await t.deps.database.db.select({ text: emailOutbox.text, template: emailOutbox.template }).from(emailOutbox).where(eq(sql`lower(${emailOutbox.toEmail})`, email.toLowerCase()))).filter(
    (m) => m.template.includes('invit'),
  );
const members = async () => (await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM users WHERE hoa_id = ${hoaId} AND deleted_at IS NULL`))[0].n;
const setPlan = (plan: string, status: 'trialing' | 'active') => t.write((tx) => tx.update(subscriptions).set({ plan, status }).where(eq(subscriptions.hoaId, hoaId)));
/** Moves the clock on and signs in again (an access token lives 15 minutes). */
async function later(ms: number) {
  t.clock.advance(ms);
  owner = (await login(t, DEMO.maple.superadmin)).token;
}
/** The shape of an answer: its keys, and the values a board could tell two answers apart by. */
const shape = (json: Record<string, unknown>) => ({ keys: Object.keys(json).sort(), status: json.status, name: json.name, role: json.role, hoa_id: json.hoa_id, lastLogin: json.lastLogin });

describe("another HOA's people are never named", () => {
  it('invite: the answer, the list, the address directory and the deletion read as for a fresh address; own members are still named', async () => {
    const address = (await call(t, 'GET', '/api/addresses', { token: owner })).json.docs[0]._id;
    const cedarMailsBefore = (await mailsTo(DEMO.cedar.resident)).length;
    const fresh = await invite('fresh.neighbour@example.com', { address_id: address });
    const other = await invite(` ${DEMO.cedar.resident.toUpperCase()} `, { address_id: address });
    expect(fresh.status).toBe(201);
    expect(other.status).toBe(201);
    expect(shape(other.json)).toEqual(shape(fresh.json));
    expect(other.json).toMatchObject({ email: DEMO.cedar.resident, status: 'invited', address_id: address });

    // The board's own views: found by its email, shown with it, never with anything else.
    const found = await call(t, 'GET', `/api/users?search=${encodeURIComponent(DEMO.cedar.resident)}`, { token: owner });
    expect(found.json.docs.map((u: { email: string }) => u.email)).toEqual([DEMO.cedar.resident]);
    expect((await call(t, 'GET', '/api/users?search=held', { token: owner })).json.totalDocs).toBe(0);
    expect((await call(t, 'GET', `/api/users/${other.json._id}`, { token: owner })).json.email).toBe(DEMO.cedar.resident);
    const everything = JSON.stringify([
      (await call(t, 'GET', '/api/users?limit=100&includeDeleted=true', { token: owner })).json,
      (await call(t, 'GET', '/api/addresses?limit=100', { token: owner })).json,
    ]);
    expect(everything).toContain(DEMO.cedar.resident);
    expect(everything).not.toMatch(/held:|\.invalid/);

    // Invited twice, either address is named now: it belongs to this HOA's list.
    for (const email of ['fresh.neighbour@example.com', DEMO.cedar.resident, DEMO.maple.resident.toUpperCase()]) {
      expect(await invite(email)).toMatchObject({ status: 400, json: { errors: [{ path: 'email', msg: USER_MESSAGES.emailTaken }] } });
    }
    // Both are mailed: the fresh address to activate, the other HOA's member to accept with the account
    // they have; their account is untouched (they still sign in to their HOA, now offered two).
    expect((await mailsTo('fresh.neighbour@example.com')).map((m) => m.text)).toEqual([expect.stringContaining('Activate Account')]);
    expect((await mailsTo(DEMO.cedar.resident)).slice(cedarMailsBefore).map((m) => m.text)).toEqual([expect.stringContaining('Accept Invitation')]);
    expect((await login(t, DEMO.cedar.resident)).user).toMatchObject({ email: DEMO.cedar.resident, status: 'active' });

    const gone = await call(t, 'DELETE', `/api/users/${other.json._id}`, { token: owner });
    expect(gone.json.message).toBe(USER_MESSAGES.deleted(DEMO.cedar.resident));
  });

  it('bulk: another HOA’s member is created like a fresh address; this HOA’s members are named by row', async () => {
    const before = await members();
    const r = await bulk([person(1), person(2, { resident_email: DEMO.cedar.board.toUpperCase() })]);
    expect(r).toMatchObject({ status: 201, json: { usersCreated: 2, addressesCreated: 0, usersReactivated: 0 } });
    expect(await members()).toBe(before + 2);
    expect((await mailsTo('quota1@example.com')).length).toBe(1);
    expect((await mailsTo(DEMO.cedar.board)).map((m) => m.text)).toEqual([expect.stringContaining('Accept Invitation')]);

    const own = await bulk([person(3), person(4, { resident_email: DEMO.maple.board.toUpperCase() }), person(5, { resident_email: DEMO.cedar.board })]);
    expect(own).toMatchObject({ status: 400 });
    expect(own.json.errors).toEqual([
      { path: 'users[1].resident_email', msg: BULK_MESSAGES.emailTaken },
      { path: 'users[2].resident_email', msg: BULK_MESSAGES.emailTaken },
    ]);
    expect(await members()).toBe(before + 2);
  });
});

describe('limits per HOA', () => {
  it('invites and resends: 60 per HOA per 15 minutes, then 429 with Retry-After; another HOA is not affected', async () => {
    for (let i = 0; i < 59; i++) expect((await invite(`limit${i}@example.com`)).status).toBe(201);
    const [last] = await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'limit0@example.com'));
    // Refused attempts count too: a 400 is an attempt.
    expect((await invite('limit1@example.com')).status).toBe(400);
    const refused = await resend(last.id);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const board = (await login(t, DEMO.maple.board)).token;
    expect((await invite('limit-board@example.com', {}, board)).status).toBe(429);

    const cedar = (await login(t, DEMO.cedar.superadmin)).token;
    expect((await invite('cedar.neighbour@example.com', {}, cedar)).status).toBe(201);
    await later(15 * MINUTE);
    expect((await invite('limit-later@example.com')).status).toBe(201);
  });

  it('bulk files: 20 per HOA per hour, refused files included', async () => {
    for (let i = 0; i < 20; i++) expect((await bulk([person(i, { resident_email: 'not-an-email' })])).status).toBe(400);
    const refused = await bulk([person(1)]);
    expect(refused).toMatchObject({ status: 429, json: { message: AUTH_MESSAGES.tooManyAttempts } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await later(60 * MINUTE);
    expect((await bulk([person(1)])).status).toBe(201);
  });
});

describe('invitation mail per HOA per day', () => {
  it('follows the plan, and refuses a file or an invite over the day’s budget up front (nothing created, nothing mailed), with a clear message', async () => {
    // By the plan: a trial at most 100 (its units when fewer), a paying HOA two per unit.
    expect(invitationsPerDay({ plan: 'starter', status: 'trialing' })).toBe(50);
    expect(invitationsPerDay({ plan: 'pro', status: 'trialing' })).toBe(100);
    expect(invitationsPerDay({ plan: 'starter', status: 'active' })).toBe(100);
    expect(invitationsPerDay({ plan: 'pro', status: 'past_due' })).toBe(800);
    expect(invitationsPerDay({ plan: 'free', status: 'active' })).toBe(1000);
    expect(invitationsPerDay(undefined)).toBe(100);

    // The demo HOA is on a Growth trial: 100 a day.
    const before = await members();
    const over = await bulk(people(1, 101));
    expect(over.status).toBe(429);
    expect(over.json.message).toBe(USER_MESSAGES.invitationsPerDay(100, 100, 101, 24));
    expect(Number(over.headers.get('retry-after'))).toBe(24 * 3600);
    expect(await members()).toBe(before);
    expect((await mailsTo('quota1@example.com')).length).toBe(0);

    // 99 fresh addresses and one of another HOA's members: counted alike, so the budget tells nothing either.
    const full = await bulk([...people(1, 99), person(100, { resident_email: DEMO.cedar.resident })]);
    expect(full.status).toBe(201);
    expect(await members()).toBe(before + 100);
    await later(6 * 60 * MINUTE);
    const one = await invite('one.more@example.com');
    expect(one).toMatchObject({ status: 429, json: { message: USER_MESSAGES.invitationsPerDay(100, 0, 1, 18) } });
    expect(Number(one.headers.get('retry-after'))).toBe(18 * 3600);
    const [quota1] = await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'quota1@example.com'));
    expect((await resend(quota1.id)).status).toBe(429);
    expect(await mailsTo('one.more@example.com')).toEqual([]);

    // A returning member with a password gets no mail and spends nothing.
    const rita = (await login(t, DEMO.maple.resident)).user;
    await call(t, 'DELETE', `/api/users/${rita._id}`, { token: owner });
    expect((await bulk([{ resident_name: 'Rita Back', resident_email: DEMO.maple.resident, role: 'resident' }])).json).toMatchObject({ usersReactivated: 1 });

    await later(18 * 60 * MINUTE);
    expect((await invite('one.more@example.com')).status).toBe(201);
    // Paying on Pro: 800 a day.
    await setPlan('pro', 'active');
    await later(DAY);
    expect((await bulk(people(200, 101))).status).toBe(201);
  });
});

describe("the plan's units", () => {
  it('bulk add and invite keep the address directory within max_units, with a clear message', async () => {
    await setPlan('starter', 'active');
    const units = async () => (await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM addresses WHERE hoa_id = ${hoaId} AND deleted_at IS NULL`))[0].n;
    const start = await units();
    expect(start).toBeLessThan(48);
    const room = 50 - start;
    const withAddress = (i: number) => ({ street: `${100 + i} Quota Lane`, is_rented: false });

    const before = await members();
    const over = await bulk(people(1, room + 1, withAddress));
    expect(over).toMatchObject({ status: 403, json: { message: USER_MESSAGES.unitLimit('Starter', 50, 51, room + 1) } });
    expect({ units: await units(), members: await members() }).toEqual({ units: start, members: before });

    // Exactly full, and a second resident at an address already in the directory: allowed.
    const full = await bulk([...people(1, room, withAddress), person(room + 1, withAddress(1))]);
    expect(full).toMatchObject({ status: 201, json: { addressesCreated: room } });
    expect((await invite('fits@example.com')).status).toBe(201);

    // The directory grew past the plan another way: no more people until it fits again.
    await t.write((tx) => tx.insert(addresses).values({ id: newId(), hoaId, street: '1 Extra Street', createdAt: t.clock(), updatedAt: t.clock() }));
    expect(await invite('late@example.com')).toMatchObject({ status: 403, json: { message: USER_MESSAGES.unitLimit('Starter', 50, 51, 0) } });
    expect((await bulk([person(900)])).json.message).toBe(USER_MESSAGES.unitLimit('Starter', 50, 51, 0));
    await t.write((tx) => tx.update(addresses).set({ deletedAt: t.clock() }).where(and(eq(addresses.hoaId, hoaId), eq(addresses.street, '1 Extra Street'))));
    expect((await invite('late@example.com')).status).toBe(201);
  });
});
