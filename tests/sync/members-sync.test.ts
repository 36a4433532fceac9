/**
 * Members through sync (the /users screen and the people pickers): board and superadmin receive
 * every member of their HOA not deleted as `GET /api/users` shows them, residents receive only
 * themselves, no one receives another HOA's; every write the pickers see (rename, role, status, deletion, invitation
 * accepted, address assigned, edited or deleted) reaches a board device's cache by an incremental
 * pull, and a sign-in reaches none.
 */
import { readFileSync } from 'node:fs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiUser } from '../../schema/auth';
import { syncClientGroups, syncCvrEntries, users } from '../../schema/tables';
import type { SyncedMember } from '../../sync/areas/members';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { signedInClient, SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const clientFor = signedInClient;
const membersOf = (c: SyncTestClient) => c.values<SyncedMember>('member/');
const byId = (c: SyncTestClient, id: string) => c.data.get(`member/${id}`) as SyncedMember | undefined;
const userRow = async (email: string) => (await t!.deps.database.db.select().from(users).where(eq(users.email, email)))[0];

/** The management list's REST read, in the synced value's terms. */
async function restMembers(token: string) {
  const r = await call(t!, 'GET', '/api/users?page=1&limit=100&includeDeleted=false', { token });
  expect(r.status).toBe(200);
  const docs = r.json.docs as ApiUser[];
  expect(r.json.totalDocs).toBe(docs.length);
  return docs.map((u) => ({ id: u._id, name: u.name, email: u.email, phone: u.phone, role: u.role, status: u.status, address: u.address && { id: u.address._id, street: u.address.street, unitNumber: u.address.unit_number } }));
}
/** What REST shows of a member (not the version, residency or sent date). */
const withoutVersion = (members: SyncedMember[]) => members.map(({ version: _version, residency: _residency, invitedAt: _invitedAt, lastLoginDay: _lastLoginDay, hasPassword: _hasPassword, ...rest }) => rest);
const sortById = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('members pulled', () => {
  it('board and superadmin receive their HOA’s active members as REST shows them; residents only themselves; no one another HOA’s', async () => {
    t = await createTestApp();
    const [rita, ben, olivia, cedar] = await Promise.all([DEMO.maple.resident, DEMO.maple.board, DEMO.maple.superadmin, DEMO.cedar.board].map((e) => clientFor(t!, e)));
    const ray = await userRow(DEMO.maple.resident2);
    for (const c of [rita, ben, olivia, cedar]) await c.pull();

    expect(membersOf(rita).map((m) => m.id)).toEqual([rita.userId]);
    expect((await call(t, 'GET', '/api/users?status=active', { token: rita.token })).status).toBe(403);

    const active = await t.deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.hoaId, ben.hoaId), isNull(users.deletedAt)));
    expect(membersOf(ben).map((m) => m.id).sort()).toEqual(active.map((u) => u.id).sort());
    expect(byId(ben, ray.id)!.email).toBe(DEMO.maple.resident2);
    // The values that show him (his invoices, violations, requests) carry his email too.
    const showingRay = [...ben.data.entries()].filter(([key, v]) => !key.startsWith('member/') && JSON.stringify(v).includes(ray.id));
    expect(showingRay.length).toBeGreaterThan(0);
    expect(JSON.stringify(showingRay)).toContain(DEMO.maple.resident2);
    // Some have an address, so the address line is compared too.
    expect(membersOf(ben).some((m) => m.address !== null)).toBe(true);
    for (const c of [ben, olivia, cedar]) expect(sortById(withoutVersion(membersOf(c)))).toEqual(sortById(await restMembers(c.token)));

    const maple = new Set(membersOf(ben).map((m) => m.id));
    expect(membersOf(cedar).length).toBeGreaterThan(0);
    expect(membersOf(cedar).some((m) => maple.has(m.id))).toBe(false);
  });
});

describe('members follow every write the pickers see', () => {
  it('rename, status, role, deletion, activation and the address line reach the board’s cache; a sign-in does not', async () => {
    t = await createTestApp();
    const [ben, olivia] = await Promise.all([DEMO.maple.board, DEMO.maple.superadmin].map((e) => clientFor(t!, e)));
    await ben.pull();
    const rita = await userRow(DEMO.maple.resident);

    // The list shows the day of the last sign-in: the first of a day reaches the board's devices, a second one nothing.
    await login(t, DEMO.maple.resident);
    await ben.pull();
    expect(byId(ben, rita.id)!.lastLoginDay).toBe(Math.floor(t.clock() / 86_400_000) * 86_400_000);
    await login(t, DEMO.maple.resident);
    await ben.pull();
    expect(ben.lastPatch).toEqual([]);
    const before = byId(ben, rita.id)!;

    const edit = (id: string, body: Record<string, unknown>) => call(t!, 'PUT', `/api/users/${id}`, { token: olivia.token, body });
    expect((await edit(rita.id, { name: 'Rita Renamed', role: 'resident', status: 'active' })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)).toMatchObject({ name: 'Rita Renamed', role: 'resident' });

    expect((await edit(rita.id, { name: 'Rita Renamed', role: 'board', status: 'active' })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)!.role).toBe('board');

    // Deactivated: the list shows it (the pickers leave her out: peoplePolicy.isPickable); active again.
    expect((await edit(rita.id, { name: 'Rita Renamed', role: 'board', status: 'inactive' })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)!.status).toBe('inactive');
    expect((await edit(rita.id, { name: 'Rita Resident', role: 'resident', status: 'active' })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)).toEqual({ ...before, version: expect.any(Number) });

    // The address line: assigned, its street edited, unassigned, and a deleted address.
    const address = (await call(t, 'POST', '/api/addresses', { token: olivia.token, body: { street: '7 Picker Lane', unit_number: '2' } })).json;
    expect((await call(t, 'POST', `/api/users/${rita.id}/assign-address`, { token: olivia.token, body: { address_id: address._id } })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)!.address).toEqual({ id: address._id, street: '7 Picker Lane', unitNumber: '2' });
    expect((await call(t, 'PUT', `/api/addresses/${address._id}`, { token: olivia.token, body: { street: '9 Picker Lane', unit_number: '2', is_rented: false, notes: '' } })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)!.address).toEqual({ id: address._id, street: '9 Picker Lane', unitNumber: '2' });
    expect((await call(t, 'PUT', `/api/addresses/${address._id}`, { token: olivia.token, body: { street: '9 Picker Lane', unit_number: '2', is_rented: true, notes: '' } })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)!.residency).toBe('renter');
    expect((await call(t, 'DELETE', `/api/addresses/${address._id}`, { token: olivia.token })).status).toBe(409);
    expect((await call(t, 'DELETE', `/api/users/${rita.id}/assign-address`, { token: olivia.token })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, rita.id)).toMatchObject({ address: null, residency: null });

    // Invited: listed with the sent date (not pickable yet); accepted: pickable.
    const invited = (await call(t, 'POST', '/api/users/invite', { token: olivia.token, body: { email: 'new.member@maplegrove.test', role: 'resident' } })).json;
    await ben.pull();
    expect(byId(ben, invited._id)).toMatchObject({ status: 'invited', invitedAt: t.clock() });
    const row = (await t.deps.database.db.select().from(users).where(eq(users.id, invited._id)))[0];
    await t.write((tx) => updateUser(t!.deps, tx, row, { name: 'Nina New', status: 'active' }));
    await ben.pull();
    expect(byId(ben, invited._id)).toMatchObject({ name: 'Nina New', email: 'new.member@maplegrove.test', status: 'active' });

    // Deleted: gone.
    expect((await call(t, 'DELETE', `/api/users/${invited._id}`, { token: olivia.token })).status).toBe(200);
    await ben.pull();
    expect(byId(ben, invited._id)).toBeUndefined();

    // The incremental cache is what a fresh pull gives.
    const fresh = new SyncTestClient(t, ben.token);
    await fresh.pull();
    expect(Object.fromEntries([...ben.data].sort())).toEqual(Object.fromEntries([...fresh.data].sort()));

    // Ben made a resident: his device loses every member but himself.
    const benRow = await userRow(DEMO.maple.board);
    await t.write((tx) => updateUser(t!.deps, tx, benRow, { role: 'resident' }));
    ben.token = (await login(t, DEMO.maple.board)).token;
    await ben.pull();
    expect(membersOf(ben).map((m) => m.id)).toEqual([ben.userId]);
  });
});

describe('migration 0016', () => {
  it('a view stored before the members area gets them on its next pull, as a difference, not a reset', async () => {
    t = await createTestApp();
    const ben = await clientFor(t, DEMO.maple.board);
    await ben.pull();
    const members = membersOf(ben);
    expect(members.length).toBeGreaterThan(0);
    // As a group's stored view was before the area existed: no member entries, and a cache without them.
    const [group] = await t.deps.database.db.select().from(syncClientGroups).where(eq(syncClientGroups.id, ben.clientGroupID));
    await t.write((tx) => tx.delete(syncCvrEntries).where(and(eq(syncCvrEntries.groupNumber, group.number), eq(syncCvrEntries.area, 'member'))));
    for (const key of ben.keys('member/')) ben.data.delete(key);
    await ben.pull();
    expect(membersOf(ben)).toEqual([]);

    const migration = readFileSync(new URL('../../migrations/0016_members-sync.sql', import.meta.url), 'utf8');
    await t.write((tx) => tx.run(sql.raw(migration)));
    await ben.pull();
    expect(ben.lastPatch.some((op) => op.op === 'clear')).toBe(false);
    expect(ben.lastPatch.every((op) => op.op === 'put' && op.key.startsWith('member/'))).toBe(true);
    expect(membersOf(ben)).toEqual(members);
  });
});
