/**
 * An announcement's audience size reads the active members per HOA and role that triggers on `users`
 * keep (`member_counts`, migrations/0034_member-counts.sql). The kept counts always equal counting the
 * members, whatever writes them: the API, the seed, or any statement on the table.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLES } from '../../schema/roles';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoAudience } from '../helpers/demo';
import { call, DEMO, login } from '../helpers/http';
import { seededRandom } from '../helpers/random';

type Count = { hoa_id: string; role: string; n: number };

/** Active members per HOA and role, counted from `users`, and as the triggers keep them (zeros left out). */
async function countsBothWays(t: TestApp) {
  const { client } = t.deps.database;
  const order = (rows: Count[]) => rows.map((r) => `${r.hoa_id}/${r.role}=${r.n}`).sort();
  const counted = (await client.execute(`SELECT hoa_id, role, count(*) AS n FROM users WHERE status = 'active' AND deleted_at IS NULL GROUP BY hoa_id, role`)).rows as unknown as Count[];
  const kept = (await client.execute(`SELECT hoa_id, role, active AS n FROM member_counts WHERE active <> 0`)).rows as unknown as Count[];
  return { counted: order(counted), kept: order(kept) };
}

describe('active members per role, kept by triggers', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('equal counting the members after the seed and after any mix of inserts, updates and deletes', async () => {
    t = await createTestApp();
    const first = await countsBothWays(t);
    expect(first.counted.length).toBeGreaterThan(4);
    expect(first.kept).toEqual(first.counted);

    const random = seededRandom(42);
    const { pick } = random;
    const hoaIds = (await t.deps.database.client.execute('SELECT id FROM hoas')).rows.map((r) => String(r.id));
    for (let step = 0; step < 60; step++) {
      const ids = (await t.deps.database.client.execute('SELECT id FROM users')).rows.map((r) => String(r.id));
      const id = pick(ids);
      const change = pick([
        sql`UPDATE users SET status = ${pick(['active', 'invited', 'inactive'])} WHERE id = ${id}`,
        sql`UPDATE users SET role = ${pick(ROLES)} WHERE id = ${id}`,
        sql`UPDATE users SET deleted_at = ${random.chance(0.5) ? null : 1_700_000_000_000} WHERE id = ${id}`,
        sql`UPDATE users SET hoa_id = ${pick(hoaIds)}, email = 'moved-' || ${step} || '@example.test' WHERE id = ${id}`,
        sql`UPDATE users SET status = 'active', role = ${pick(ROLES)}, deleted_at = NULL WHERE id = ${id}`,
        sql`INSERT INTO users (id, hoa_id, name, email, role, status, created_at, updated_at)
          SELECT 'copy-' || ${step}, hoa_id, name, 'copy-' || ${step} || '@example.test', role, status, created_at, updated_at FROM users WHERE id = ${id}`,
        sql`DELETE FROM users WHERE id = ${id}`,
      ]);
      await t.deps.database.transaction(async (tx) => {
        await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
        await tx.run(change);
      });
      const after = await countsBothWays(t);
      expect(after.kept, `step ${step}`).toEqual(after.counted);
    }
  });

  it('a draft’s audience follows a member deleted and restored through the API', async () => {
    t = await createTestApp();
    const board = (await login(t, DEMO.maple.board)).token;
    const body = { title: 'Pool hours', message: '<p>Open till 9.</p>', category: 'general', audience_type: 'residents', custom_recipients: [], delivery_methods: ['in_app'], attachment: null };
    const draft = await call(t, 'POST', '/api/announcements', { token: board, body });
    expect(draft.status, JSON.stringify(draft.json)).toBe(201);
    const residents = (await demoAudience(t, DEMO.maple.board, 'residents')).length;
    expect(draft.json.total_recipients).toBe(residents);

    const resident = (await call(t, 'GET', `/api/users?search=${encodeURIComponent(DEMO.maple.resident2)}`, { token: board })).json.docs[0];
    expect((await call(t, 'DELETE', `/api/users/${resident._id}`, { token: board })).status).toBe(200);
    expect((await call(t, 'GET', `/api/announcements/${draft.json._id}`, { token: board })).json.total_recipients).toBe(residents - 1);
    expect((await call(t, 'POST', `/api/users/${resident._id}/restore`, { token: board })).status).toBe(200);
    expect((await call(t, 'GET', `/api/announcements/${draft.json._id}`, { token: board })).json.total_recipients).toBe(residents);
  });
});
