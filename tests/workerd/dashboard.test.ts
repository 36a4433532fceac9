/**
 * The dashboard in workerd: GET /api/dashboard/metrics and /recent-activity answer what the client
 * computes from its pulled cache (the same shared function over the values SQLite builds behind
 * Hrana), figures counted here with SQL agree (open invoices, the
 * community card, Maintenance requests), a request filed over REST shows at once, and residents are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeDashboard } from '../../schema/dashboard';
import { formatUsd } from '../../schema/money';
import { dashboardSources } from '../../sync/areas';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';
import { db } from './db';

const one = async (sql: string, args: (string | number)[]) => Number((await db.execute({ sql, args })).rows[0].n);

/** What the board's own figures are, counted straight from the tables. */
async function countedWithSql(hoaId: string) {
  const liveAddress = 'a.hoa_id = ? AND a.deleted_at IS NULL';
  const activeUser = "u.hoa_id = ? AND u.deleted_at IS NULL AND u.status = 'active'";
  return {
    outstandingCents: await one("SELECT COALESCE(SUM(amount_cents), 0) AS n FROM invoices WHERE hoa_id = ? AND status IN ('pending', 'overdue')", [hoaId]),
    maintenanceRequests: await one("SELECT COUNT(*) AS n FROM requests WHERE hoa_id = ? AND category = 'Maintenance'", [hoaId]),
    community: {
      units: await one(`SELECT COUNT(*) AS n FROM addresses a WHERE ${liveAddress}`, [hoaId]),
      // Not Vacant in the directory: someone (any status) is assigned.
      occupied: await one(`SELECT COUNT(*) AS n FROM addresses a WHERE ${liveAddress} AND EXISTS (SELECT 1 FROM users u WHERE u.address_id = a.id AND u.hoa_id = a.hoa_id AND u.deleted_at IS NULL)`, [hoaId]),
      boardMembers: await one(`SELECT COUNT(*) AS n FROM users u WHERE ${activeUser} AND u.role = 'board'`, [hoaId]),
    },
  };
}

describe('dashboard in workerd', () => {
  // One sign-in each for the file: the whole workerd run shares the per-address sign-in limit.
  let owner: Awaited<ReturnType<typeof login>>, rita: typeof owner;
  beforeAll(async () => {
    [owner, rita] = await Promise.all([login(DEMO.maple.superadmin), login(DEMO.maple.resident)]);
  });
  const figures = async () => ({
    metrics: await call('GET', '/api/dashboard/metrics', { token: owner.token }),
    activity: await call('GET', '/api/dashboard/recent-activity', { token: owner.token }),
  });

  it('answers what the client computes from its pull, and what SQL counts', async () => {
    const { metrics, activity } = await figures();
    expect(metrics.status).toBe(200);
    const client = new SyncTestClient(workerApp, owner.token);
    await client.pull();
    const now = Date.now();
    const fromCache = computeDashboard(dashboardSources, (space) => client.values(`${space}/`), now);
    expect(metrics.json.metrics).toEqual(fromCache.metrics);
    expect(activity.json).toEqual(fromCache.activity);
    expect(Object.keys(metrics.json.metrics).sort()).toEqual(['announcements', 'documents', 'maintenanceRequests', 'outstandingDues']);
    expect(activity.json.length).toBeGreaterThan(0);

    const counted = await countedWithSql(owner.user.hoa_id);
    expect(metrics.json.metrics.outstandingDues.value).toBe(formatUsd(counted.outstandingCents));
    expect(metrics.json.metrics.maintenanceRequests.value).toBe(String(counted.maintenanceRequests));
    expect(metrics.json.community).toEqual(counted.community);
  });

  it('shows a request filed over REST at once: one more this month, first in the activity', async () => {
    const before = (await figures()).metrics.json.metrics.maintenanceRequests.value;
    const filed = await call('POST', '/api/requests', { token: rita.token, body: { title: 'Workerd dashboard leak', description: '<p>Drip.</p>', category: 'Maintenance', photo_url: null } });
    expect(filed.status).toBe(201);
    const { metrics, activity } = await figures();
    expect(metrics.json.metrics.maintenanceRequests.value).toBe(String(Number(before) + 1));
    expect(activity.json[0]).toMatchObject({ type: 'request', title: 'Workerd dashboard leak', description: expect.stringContaining('Rita Resident') });
  });

  it('refuses residents', async () => {
    expect(await call('GET', '/api/dashboard/metrics', { token: rita.token })).toMatchObject({ status: 403, json: { message: 'Access denied' } });
    expect((await call('GET', '/api/dashboard/recent-activity', { token: rita.token })).status).toBe(403);
    expect((await call('GET', '/api/dashboard/metrics')).status).toBe(401);
  });
});
