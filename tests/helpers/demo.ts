import { sql } from 'drizzle-orm';
import type { TestApp } from './app';

/**
 * The emails of the active members of a demo account's HOA that an audience reaches
 * (all members, residents, or board and superadmin), by email. Tests count the seeded neighbours
 * with this rather than a number that changes whenever the demo data grows.
 */
export async function demoAudience(t: TestApp, memberEmail: string, audience: 'all' | 'residents' | 'board'): Promise<string[]> {
  const role = audience === 'residents' ? sql`AND role = 'resident'` : audience === 'board' ? sql`AND role IN ('board', 'superadmin')` : sql``;
  const rows = await t.deps.database.db.all<{ email: string }>(
    sql`SELECT email FROM users WHERE hoa_id = (SELECT hoa_id FROM users WHERE email = ${memberEmail}) AND status = 'active' AND deleted_at IS NULL ${role} ORDER BY email`,
  );
  return rows.map((r) => r.email);
}
