/**
 * The dashboard's figures: computed from the HOA's data (a hand-counted fixture in Cedar Park), the
 * REST answer equal to what the client computes from its pulled cache (same shared function, same
 * values), and the community card from the address directory and the users.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { computeDashboard } from '../../schema/dashboard';
import { addresses, hoas, users } from '../../schema/tables';
import { sharedSyncAreas } from '../../sync/areas';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';

const DAY = 86_400_000;
const sources = sharedSyncAreas.flatMap((area) => ('dashboard' in area ? [...area.dashboard] : []));

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
    expect(metrics.json.metrics.maintenanceRequests).toEqual({ title: 'Maintenance Requests', value: '4', change: '+100% from last month', changeType: 'increase', icon: 'wrench' });
    expect(metrics.json.metrics.announcements).toMatchObject({ value: '1', change: '+1 new this month', changeType: 'increase' });

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
      const fromCache = computeDashboard(sources, (space) => client.values(`${space}/`), t.clock());
      const metrics = await call(t, 'GET', '/api/dashboard/metrics', { token: session.token });
      const activity = await call(t, 'GET', '/api/dashboard/recent-activity', { token: session.token });
      expect(metrics.json.metrics).toEqual(fromCache.metrics);
      expect(activity.json).toEqual(fromCache.activity);
      // The demo data fills the cards and the activity list.
      expect(Object.keys(fromCache.metrics).sort()).toEqual(sources.flatMap((s) => (s.metric ? [s.metric.key] : [])).sort());
      expect(fromCache.activity.length).toBeGreaterThan(0);
    }
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
        { id: 'dash-u1', hoaId: cedar.id, email: 'dash1@example.test', name: 'Dana Board', role: 'board', status: 'active', addressId: 'dash-a1', createdAt: 0, updatedAt: 0 },
        // Invited and inactive people do not make a home occupied, nor a board member.
        { id: 'dash-u2', hoaId: cedar.id, email: 'dash2@example.test', name: 'Ivan Invited', role: 'board', status: 'invited', addressId: 'dash-a2', createdAt: 0, updatedAt: 0 },
      ]);
    });
    const after = (await call(t, 'GET', '/api/dashboard/metrics', { token: board.token })).json.community;
    expect(after).toEqual({ units: before.units + 2, occupied: before.occupied + 1, boardMembers: before.boardMembers + 1 });
  });

  it('refuses residents', async () => {
    t = await createTestApp();
    const resident = await login(t, DEMO.maple.resident);
    expect((await call(t, 'GET', '/api/dashboard/metrics', { token: resident.token })).status).toBe(403);
  });
});
