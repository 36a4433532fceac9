/**
 * The activity trail: every board and superadmin change is recorded with the change, through REST
 * and through a sync push alike (who, when, what, which row, the changed values before and after,
 * the device and the push's client group; people and settings have no mutators: REST only); the
 * board and the superadmin read their HOA's trail (filters, search, pages, CSV), residents only their
 * own account's; nobody alters a row, and only the retention job deletes one, once it is seven years
 * old.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiActivity } from '../../schema/activity';
import { activity, documents, invoices, users } from '../../schema/tables';
import { purgeOldActivity } from '../../worker/domain/activity';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, demoDay, login } from '../helpers/http';
import { hoaIdOf } from '../helpers/money';
import { SyncTestClient } from '../sync/client';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DAY = 86_400_000;

let t: TestApp;
let ben: string, olivia: string, rita: string, cora: string;
let ritaId: string;

beforeAll(async () => {
  t = await createTestApp();
  [ben, olivia, rita, cora] = (await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident, DEMO.cedar.board].map((e) => login(t, e)))).map((s) => s.token);
  ritaId = (await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.maple.resident)))[0].id;
});
afterAll(() => t?.close());

const trail = async (query: string, token = ben) => {
  const r = await call(t, 'GET', `/api/activity${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { docs: ApiActivity[]; next_cursor: string | null };
};
/** The newest entry about a row; then a second passes (the next change is newer). */
async function latestOf(entityId: string) {
  const found = (await trail('?limit=100')).docs.find((d) => d.entity._id === entityId)!;
  t.clock.advance(1000);
  return found;
}

describe('recorded through REST', () => {
  it('a role change: who, when, what, the changed fields only, the device', async () => {
    const r = await call(t, 'PUT', `/api/users/${ritaId}`, { token: ben, body: { name: 'Rita Resident', role: 'board', status: 'active' }, headers: { 'user-agent': ANDROID } });
    expect(r.status).toBe(200);
    const at = new Date(t.clock()).toISOString();
    const e = await latestOf(ritaId);
    expect(e).toMatchObject({
      action: 'user.role_changed',
      kind: 'people',
      summary: "Changed Rita Resident's role from Resident to Board Member",
      actor: { name: 'Ben Board' },
      entity: { kind: 'user', _id: ritaId },
      before: { role: 'resident' },
      after: { role: 'board' },
      device: 'Chrome on Android',
      client_group_id: null,
      at,
    });
    // Back as she was (the superadmin's to do): a second entry, the newest first.
    const back = await call(t, 'PUT', `/api/users/${ritaId}`, { token: olivia, body: { name: 'Rita Resident', role: 'resident', status: 'active' }, headers: { 'user-agent': IPHONE } });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(await latestOf(ritaId)).toMatchObject({ before: { role: 'board' }, after: { role: 'resident' }, device: 'Safari on iPhone' });
  });

  it('an invitation, an address move and a deletion', async () => {
    const invited = await call(t, 'POST', '/api/users/invite', { token: olivia, body: { email: 'trail.new@example.com', role: 'resident' } });
    expect(invited.status).toBe(201);
    const id = invited.json._id ?? invited.json.user?._id ?? invited.json.id;
    expect(await latestOf(id)).toMatchObject({ action: 'user.invited', actor: { name: 'Olivia Owner' }, after: { email: 'trail.new@example.com', role: 'resident', status: 'invited' } });
    const address = (await call(t, 'GET', '/api/addresses?limit=1', { token: ben })).json.docs[0];
    expect((await call(t, 'POST', `/api/users/${id}/assign-address`, { token: ben, body: { address_id: address._id } })).status).toBe(200);
    expect(await latestOf(id)).toMatchObject({ action: 'user.address_assigned', before: { address: null }, after: { address: expect.stringContaining(address.street) } });
    expect((await call(t, 'DELETE', `/api/users/${id}`, { token: olivia })).status).toBe(200);
    expect(await latestOf(id)).toMatchObject({ action: 'user.deleted', summary: 'Deleted trail.new@example.com' });
  });

  it('money, documents and settings', async () => {
    const due = await call(t, 'POST', '/api/dues', { token: ben, body: { title: 'Pool repair', frequency: 'one_time', recipients: [ritaId], send_date: demoDay(0, t.clock()), amount: 120, due_date_offset: 7 } });
    expect(due.status, JSON.stringify(due.json)).toBe(201);
    expect(await latestOf(due.json._id)).toMatchObject({ action: 'due.created', kind: 'money', after: { title: 'Pool repair', amount_cents: 12000, recipients: 1 } });
    await call(t, 'PUT', `/api/dues/${due.json._id}`, { token: ben, body: { status: 'inactive' } });
    expect(await latestOf(due.json._id)).toMatchObject({ action: 'due.cancelled', before: { status: 'active' }, after: { status: 'inactive' } });

    const [invoice] = await t.deps.database.db.select().from(invoices).where(eq(invoices.dueId, due.json._id));
    expect((await call(t, 'PUT', `/api/invoices/${invoice.id}/status`, { token: ben, body: { status: 'paid', payment_method: 'check' } })).status).toBe(200);
    expect(await latestOf(invoice.id)).toMatchObject({ action: 'invoice.status_set', before: { status: 'pending', payment_method: null }, after: { status: 'paid', payment_method: 'check' } });

    const hoaId = await hoaIdOf(t, 'Maple Grove HOA');
    const [doc] = await t.deps.database.db.select().from(documents).where(eq(documents.hoaId, hoaId)).limit(1);
    expect((await call(t, 'PUT', `/api/documents/${doc.id}`, { token: ben, body: { title: 'Renamed for the trail' } })).status).toBe(200);
    expect(await latestOf(doc.id)).toMatchObject({ action: 'document.edited', kind: 'documents', before: { title: doc.title }, after: { title: 'Renamed for the trail' } });

    expect((await call(t, 'PUT', '/api/hoa/time-zone', { token: olivia, body: { time_zone: 'America/Denver' } })).status).toBe(200);
    expect(await latestOf(hoaId)).toMatchObject({ action: 'settings.time_zone', kind: 'settings', before: { time_zone: 'America/Chicago' }, after: { time_zone: 'America/Denver' } });
    await call(t, 'PUT', '/api/hoa/time-zone', { token: olivia, body: { time_zone: 'America/Chicago' } });
  });

  it('a refused change leaves no entry', async () => {
    const before = (await trail('?limit=1')).docs[0]._id;
    const r = await call(t, 'PUT', `/api/users/${ritaId}`, { token: ben, body: { name: 'Rita Resident', role: 'superadmin', status: 'active' } });
    expect(r.status).toBe(403);
    expect((await trail('?limit=1')).docs[0]._id).toBe(before);
  });
});

describe('recorded through a sync push', () => {
  it('names the client group and the device; the same entries REST makes', async () => {
    const board = new SyncTestClient(t, ben);
    const push = (name: string, args: unknown) =>
      call(t, 'POST', '/api/sync/push', {
        token: ben,
        headers: { 'user-agent': IPHONE },
        body: { pushVersion: 1, clientGroupID: board.clientGroupID, profileID: 'p1', schemaVersion: '1', mutations: [board.mutation(name, args)] },
      });
    const id = crypto.randomUUID();
    await push('issueViolation', { id, user_id: ritaId, category: 'Trash', title: 'Bins at the curb', message: '<p>Please store the bins.</p>', due_date: demoDay(5, t.clock()), photo_url: null });
    expect(await latestOf(id)).toMatchObject({
      action: 'violation.created',
      kind: 'violations',
      summary: 'Issued the violation "Bins at the curb" to Rita Resident',
      device: 'Safari on iPhone',
      client_group_id: board.clientGroupID,
      after: { title: 'Bins at the curb', status: 'open' },
    });
    await push('setViolationStatus', { id, status: 'resolved', resolution_notes: 'Bins stored.' });
    expect(await latestOf(id)).toMatchObject({ action: 'violation.resolved', before: { status: 'open' }, after: { status: 'resolved', resolution_notes: 'Bins stored.' }, client_group_id: board.clientGroupID });

    const [open] = await t.deps.database.db.select().from(invoices).where(eq(invoices.status, 'pending')).limit(1);
    await push('setInvoiceStatus', { id: open.id, status: 'canceled' });
    expect(await latestOf(open.id)).toMatchObject({ action: 'invoice.status_set', kind: 'money', before: { status: 'pending' }, after: { status: 'canceled' }, client_group_id: board.clientGroupID });

    const [doc] = await t.deps.database.db.select().from(documents).where(eq(documents.hoaId, await hoaIdOf(t, 'Maple Grove HOA'))).limit(1);
    await push('updateDocument', { id: doc.id, notes: 'Filed again from a phone' });
    expect(await latestOf(doc.id)).toMatchObject({ action: 'document.edited', kind: 'documents', after: { notes: 'Filed again from a phone' }, device: 'Safari on iPhone', client_group_id: board.clientGroupID });
  });

  it('a refused push records nothing', async () => {
    const resident = new SyncTestClient(t, rita);
    const count = async () => (await t.deps.database.db.select({ n: sql<number>`count(*)` }).from(activity))[0].n;
    const before = await count();
    await resident.push([resident.mutation('issueViolation', { id: crypto.randomUUID(), user_id: ritaId, category: 'Trash', title: 'Mine', message: '<p>x</p>', due_date: demoDay(5, t.clock()), photo_url: null })]);
    expect(await count()).toBe(before);
  });
});

describe('reading the trail', () => {
  it('filters by kind, actor, search and days; pages newest first; exports the filtered rows', async () => {
    const people = await trail('?kind=people&limit=100');
    expect(people.docs.length).toBeGreaterThan(0);
    expect(people.docs.every((d) => d.kind === 'people')).toBe(true);

    const benId = people.docs.find((d) => d.actor.name === 'Ben Board')!.actor._id!;
    const actors = (await call(t, 'GET', '/api/activity/actors', { token: ben })).json.docs;
    expect(actors).toContainEqual({ _id: benId, name: 'Ben Board' });
    expect((await trail(`?actor=${benId}&limit=100`)).docs.every((d) => d.actor._id === benId)).toBe(true);

    const found = await trail('?q=bins%20AT%20the');
    expect(found.docs.map((d) => d.summary)).toContain('Issued the violation "Bins at the curb" to Rita Resident');
    expect(found.docs.every((d) => d.summary.toLowerCase().includes('bins at the'))).toBe(true);

    // Today (the HOA's day) holds the tests' changes; the day before holds none of them.
    const today = await trail(`?from=${demoDay(0, t.clock())}&to=${demoDay(0, t.clock())}&limit=100`);
    expect(today.docs.some((d) => d.summary.startsWith('Issued the violation "Bins'))).toBe(true);
    const yesterday = await trail(`?from=${demoDay(-1, t.clock())}&to=${demoDay(-1, t.clock())}&limit=100`);
    expect(yesterday.docs.every((d) => Date.parse(d.at) < t.clock() - 60_000)).toBe(true);

    // Pages: the second begins where the first ended; together newest first, each row once.
    const first = await trail('?limit=5');
    const second = await trail(`?limit=5&cursor=${encodeURIComponent(first.next_cursor!)}`);
    const all = [...first.docs, ...second.docs];
    expect(new Set(all.map((d) => d._id)).size).toBe(10);
    expect(all.map((d) => d.at)).toEqual([...all.map((d) => d.at)].sort().reverse());

    const csv = await call(t, 'GET', '/api/activity?kind=violations&format=csv', { token: ben });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (csv.json as string).trim().split('\r\n');
    expect(lines[0]).toBe('Time,Actor,Kind,Action,Summary,Entity,Entity ID,Before,After,Device,Client group');
    expect(lines.slice(1).every((l) => l.includes(',Violations,'))).toBe(true);
    expect(lines.some((l) => l.includes('"Issued the violation ""Bins at the curb"" to Rita Resident"'))).toBe(true);
    const exported = await call(t, 'GET', '/api/activity/export?kind=violations', { token: ben });
    expect(exported.json).toBe(csv.json);

    expect((await call(t, 'GET', '/api/activity?kind=rent', { token: ben })).json.errors).toContainEqual({ path: 'kind', msg: 'Kind must be people, money, documents, violations or settings' });
  });

  it('residents get 403; another HOA never sees these rows', async () => {
    expect((await call(t, 'GET', '/api/activity', { token: rita })).status).toBe(403);
    expect((await call(t, 'GET', '/api/activity/export', { token: rita })).status).toBe(403);
    const cedar = await trail('?limit=100', cora);
    const mapleId = await hoaIdOf(t, 'Maple Grove HOA');
    expect(cedar.docs.length).toBeGreaterThan(0);
    expect(cedar.docs.some((d) => d.entity._id === ritaId || d.entity._id === mapleId)).toBe(false);
    expect((await trail(`?q=Bins%20at%20the%20curb`, cora)).docs).toEqual([]);
  });

  it("a member reads their own account's trail, without the board's devices", async () => {
    const mine = (await call(t, 'GET', '/api/activity/mine', { token: rita })).json.docs as ApiActivity[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.entity._id === ritaId && d.device === null)).toBe(true);
    expect(mine[0]).toMatchObject({ action: 'user.role_changed', after: { role: 'resident' } });
    // Ben's own trail holds nothing of Rita's.
    const bens = (await call(t, 'GET', '/api/activity/mine', { token: ben })).json.docs as ApiActivity[];
    expect(bens.some((d) => d.entity._id === ritaId)).toBe(false);
  });

  it('an activation is the member’s own entry', async () => {
    const raw = await t.deps.database.db.select().from(activity).where(eq(activity.action, 'user.activated')).limit(1);
    expect(raw[0]).toMatchObject({ kind: 'people' });
    expect(raw[0].actorId).toBe(raw[0].subjectUserId);
  });
});

describe('append-only', () => {
  /** A raw write, as a bug would make it: the trigger's words, whatever wraps them. */
  const raw = (q: ReturnType<typeof sql>) =>
    t.write((tx) => tx.run(q)).catch((e: Error & { cause?: Error }) => {
      throw new Error(`${e.message} ${e.cause?.message ?? ''}`);
    });

  it('refuses UPDATE and DELETE of a row', async () => {
    const [row] = await t.deps.database.db.select().from(activity).limit(1);
    await expect(raw(sql`UPDATE activity SET summary = 'Nothing happened' WHERE id = ${row.id}`)).rejects.toThrow(/append-only/);
    await expect(raw(sql`DELETE FROM activity WHERE id = ${row.id}`)).rejects.toThrow(/append-only/);
    const [kept] = await t.deps.database.db.select().from(activity).where(eq(activity.id, row.id));
    expect(kept.summary).toBe(row.summary);
  });

  it('the retention job deletes rows older than seven years, no others', async () => {
    const hoaId = await hoaIdOf(t, 'Maple Grove HOA');
    const row = (id: string, at: number) => ({ id, hoaId, at, actorName: 'Old Board', action: 'user.edited' as const, kind: 'people' as const, summary: 'Old change', entityKind: 'user' as const, entityId: null });
    const years = (n: number) => Date.now() - n * 365.25 * DAY;
    await t.write((tx) => tx.insert(activity).values([row('eight-years', years(8)), row('six-years', years(6))]));
    await expect(raw(sql`DELETE FROM activity WHERE id = 'six-years'`)).rejects.toThrow(/append-only/);
    expect(await purgeOldActivity(t.deps)).toBe(1);
    const left = await t.deps.database.db.select({ id: activity.id }).from(activity).where(sql`${activity.id} IN ('eight-years', 'six-years')`);
    expect(left).toEqual([{ id: 'six-years' }]);
  });
});
