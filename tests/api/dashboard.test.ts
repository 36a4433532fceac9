/**
 * The dashboard's figures: computed from the HOA's data (a hand-counted fixture in Cedar Park), the
 * REST answer equal to what the client computes from its pulled cache (same shared function, same
 * values), and the community card from the address directory and the users.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { changeBetween, computeDashboard, newThisMonth } from '../../schema/dashboard';
import { dayOf, formatUsd } from '../../schema/money';
import { addresses, hoas, users } from '../../schema/tables';
import { dashboardSources } from '../../sync/areas';
import { openInvoicesLine } from '../../sync/areas/invoices';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';
import { memberRows } from '../../worker/domain/members';

const DAY = 86_400_000;

describe('dashboard', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('counts the last 30 days against the 30 before, and lists the last 7 days of activity, newest first', async () => {
    t = await createTestApp();
    // Far past the seeded rows: only what this test files counts. Sessions are signed in at each
    // moment (an access token lives 15 minutes).
    const now = t.clock() + 200 * DAY;
    const at = async (daysAgo: number, email: string) => {
      t.clock.set(now - daysAgo * DAY);
      return (await login(t, email)).token;
    };
    const file = async (title: string, daysAgo: number) => {
      const token = await at(daysAgo, DEMO.cedar.resident);
      const r = await call(t, 'POST', '/api/requests', { token, body: { title, description: '<p>Details.</p>', category: 'Maintenance', photo_url: null } });
      expect(r.status).toBe(201);
    };
    await file('Older A', 45);
    await file('Older B', 50);
    for (const d of [10, 12, 20]) await file(`This month ${d}`, d);
    await file('Leaking tap', 2);
    let board = { token: await at(3, DEMO.cedar.board) };
    const draft = await call(t, 'POST', '/api/announcements', { token: board.token, body: { title: 'Pool opens', message: '<p>Saturday.</p>', audience_type: 'all' } });
    expect((await call(t, 'POST', `/api/announcements/${draft.json._id}/send`, { token: board.token, body: {} })).status).toBe(200);
    board = { token: await at(0, DEMO.cedar.board) };

    const metrics = await call(t, 'GET', '/api/dashboard/metrics', { token: board.token });
    expect(metrics.status).toBe(200);
    // Maintenance Requests is a total (the Requests page's counter): its line says what it gained.
    expect(metrics.json.metrics.maintenanceRequests).toMatchObject({ title: 'Maintenance Requests', change: '+4 new this month', changeType: 'increase', icon: 'wrench' });
    expect(metrics.json.metrics.announcements).toMatchObject({ value: '1', change: '+1 new this month', changeType: 'increase', tone: 'neutral' });

    const activity = await call(t, 'GET', '/api/dashboard/recent-activity', { token: board.token });
    expect(activity.json.map((a: { type: string; title: string }) => [a.type, a.title])).toEqual([
      ['request', 'Leaking tap'],
      ['announcement', 'Pool opens'],
    ]);
    expect(activity.json[0]).toMatchObject({ description: expect.stringContaining('Maintenance request from'), time: new Date(now - 2 * DAY).toISOString() });
  });

  it('answers over REST exactly what the client computes from its pulled cache', async () => {
    t = await createTestApp();
    for (const email of [DEMO.maple.board, DEMO.maple.superadmin]) {
      const session = await login(t, email);
      const client = new SyncTestClient(t, session.token);
      await client.pull();
      const fromCache = computeDashboard(dashboardSources, (space) => client.values(`${space}/`), t.clock());
      const metrics = await call(t, 'GET', '/api/dashboard/metrics', { token: session.token });
      const activity = await call(t, 'GET', '/api/dashboard/recent-activity', { token: session.token });
      expect(metrics.json.metrics).toEqual(fromCache.metrics);
      expect(activity.json).toEqual(fromCache.activity);
      // The demo data fills the cards and the activity list.
      expect(Object.keys(fromCache.metrics).sort()).toEqual(dashboardSources.flatMap((s) => (s.metric ? [s.metric.key] : [])).sort());
      expect(fromCache.activity.length).toBeGreaterThan(0);
    }
  });

  it('counts Maintenance Requests as the Requests page counts Maintenance: every request of that category, any status', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const maintenance = async () => (await call(t, 'GET', '/api/requests?category=Maintenance&limit=1', { token: board.token })).json.totalDocs as number;
    const card = async () => (await call(t, 'GET', '/api/dashboard/metrics', { token: board.token })).json.metrics.maintenanceRequests;
    const before = await card();
    expect(before.value).toBe(String(await maintenance()));
    for (const category of ['Maintenance', 'Inquiry', 'Other']) {
      const r = await call(t, 'POST', '/api/requests', { token: resident.token, body: { title: `A ${category} request`, description: '<p>Details.</p>', category, photo_url: null } });
      expect(r.status).toBe(201);
    }
    const after = await card();
    // One more Maintenance request, the others not counted; its line says what the total gained, in red.
    expect(after.value).toBe(String(Number(before.value) + 1));
    expect(after.value).toBe(String(await maintenance()));
    expect(after).toMatchObject({ change: expect.stringMatching(/^\+\d+ new this month$/), changeType: 'increase', tone: 'bad' });
  });

  it('says what Outstanding Dues counts (open invoices, the overdue ones), in red when any is overdue', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const [maple] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
    const day = dayOf(t.clock());
    const [{ cents, open, overdue }] = await t.deps.database.db.all<{ cents: number; open: number; overdue: number }>(
      sql`SELECT COALESCE(SUM(amount_cents), 0) AS cents, COUNT(*) AS open, SUM(status = 'overdue' OR due_date < ${day}) AS overdue
          FROM invoices WHERE hoa_id = ${maple.id} AND status IN ('pending', 'overdue')`,
    );
    expect(overdue).toBeGreaterThan(0);
    const dues = (await call(t, 'GET', '/api/dashboard/metrics', { token: board.token })).json.metrics.outstandingDues;
    expect(dues).toEqual({ title: 'Outstanding Dues', icon: 'dollar', value: formatUsd(cents), change: `${open} open invoices, ${overdue} overdue`, changeType: 'neutral', tone: 'bad' });
    expect(openInvoicesLine(0, 0)).toBe('No open invoices');
    expect(openInvoicesLine(1, 0)).toBe('1 open invoice');
  });

  it('colours each change by whether it is good for the HOA, not by its direction', () => {
    // More owed or more trouble is bad news; fewer is good; counts of news and files are neither.
    expect(changeBetween(5, 3, 'bad')).toEqual({ change: '+67% from last month', changeType: 'increase', tone: 'bad' });
    expect(changeBetween(3, 5, 'bad')).toEqual({ change: '-40% from last month', changeType: 'decrease', tone: 'good' });
    expect(changeBetween(5, 3, 'good')).toMatchObject({ tone: 'good' });
    expect(changeBetween(5, 3, 'neutral')).toMatchObject({ tone: 'neutral' });
    expect(changeBetween(4, 4, 'bad')).toEqual({ change: 'No change from last month', changeType: 'neutral', tone: 'neutral' });
    expect(newThisMonth(0, 'bad')).toEqual({ change: 'None new this month', changeType: 'neutral', tone: 'neutral' });
  });

  it('counts Occupied as the address directory does: an address with a member, whatever their status', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const community = async () => (await call(t, 'GET', '/api/dashboard/metrics', { token: board.token })).json.community;
    const directory = async () => (await call(t, 'GET', '/api/addresses?limit=1', { token: board.token })).json.statistics;
    expect(await community()).toMatchObject({ units: (await directory()).totalAddresses, occupied: (await directory()).occupied });
  });

  it('counts units, occupied homes and board members from the directory', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.cedar.board);
    const before = (await call(t, 'GET', '/api/dashboard/metrics', { token: board.token })).json.community;
    const [cedar] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Cedar Park HOA'));
    await t.write(async (tx) => {
      await tx.insert(addresses).values([
        { id: 'dash-a1', hoaId: cedar.id, street: '1 Dashboard Lane', isRented: false, createdAt: 0, updatedAt: 0 },
        { id: 'dash-a2', hoaId: cedar.id, street: '2 Dashboard Lane', isRented: true, createdAt: 0, updatedAt: 0 },
      ]);
      await tx.insert(users).values([
        { id: 'dash-u1', hoaId: cedar.id, email: 'dash1@example.test', name: 'Dana Board', role: 'board', status: 'active', passwordHash: 'x', addressId: 'dash-a1', createdAt: 0, updatedAt: 0 },
        // An invited member makes a home occupied (the directory lists them: not Vacant), not a board member.
        { id: 'dash-u2', hoaId: cedar.id, email: 'dash2@example.test', name: 'Ivan Invited', role: 'board', status: 'invited', addressId: 'dash-a2', createdAt: 0, updatedAt: 0 },
      ]);
    });
    const after = (await call(t, 'GET', '/api/dashboard/metrics', { token: board.token })).json.community;
    expect(after).toEqual({ units: before.units + 2, occupied: before.occupied + 2, boardMembers: before.boardMembers + 1 });
  });

  it('counts as board members only active board members with a password, as Active Users counts users', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.cedar.board);
    const boardMembers = async () => (await call(t, 'GET', '/api/dashboard/metrics', { token: board.token })).json.community.boardMembers;
    const activeUsers = async () => (await call(t, 'GET', '/api/users?limit=1', { token: board.token })).json.statistics.activeUsers;
    const before = { boardMembers: await boardMembers(), activeUsers: await activeUsers() };
    const [cedar] = await t.deps.database.db.select({ id: hoas.id }).from(hoas).where(eq(hoas.name, 'Cedar Park HOA'));
    // Through the members' writer, as every insert of the app: the counters the lists keep their counts under move.
    await t.write(async (tx) => {
      await memberRows.insert(t.deps, tx, { id: 'dash-p1', hoaId: cedar.id, email: 'dash-p1@example.test', name: 'Pat Password', role: 'board', status: 'active', passwordHash: 'x', createdAt: 0, updatedAt: 0 });
      // Active but never given a password: nobody can sign in to it.
      await memberRows.insert(t.deps, tx, { id: 'dash-p2', hoaId: cedar.id, email: 'dash-p2@example.test', name: 'Nora Nopassword', role: 'board', status: 'active', createdAt: 0, updatedAt: 0 });
    });
    expect({ boardMembers: await boardMembers(), activeUsers: await activeUsers() }).toEqual({ boardMembers: before.boardMembers + 1, activeUsers: before.activeUsers + 1 });
  });

  it('refuses residents', async () => {
    t = await createTestApp();
    const resident = await login(t, DEMO.maple.resident);
    expect((await call(t, 'GET', '/api/dashboard/metrics', { token: resident.token })).status).toBe(403);
  });
});
