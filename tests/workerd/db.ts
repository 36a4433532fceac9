/**
 * The run's database file, opened beside the Worker's local Hrana server for setting up rows and
 * reading what the Worker wrote. It waits for the server's write lock rather than failing busy.
 */
import { createClient } from '@libsql/client';
import { afterAll, inject } from 'vitest';

export const db = createClient({ url: `file:${inject('databasePath')}` });
await db.execute('PRAGMA busy_timeout = 10000');
afterAll(() => db.close());

/** The active board members and superadmins of the demo user's HOA, by email: every board mail goes to them. */
export async function boardEmailsOf(memberEmail: string): Promise<string[]> {
  const { rows } = await db.execute({
    sql: "SELECT email FROM users WHERE hoa_id = (SELECT hoa_id FROM users WHERE email = ?) AND role IN ('board', 'superadmin') AND status = 'active' AND deleted_at IS NULL ORDER BY email",
    args: [memberEmail],
  });
  return rows.map((r) => String(r.email));
}
