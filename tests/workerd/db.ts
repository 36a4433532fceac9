/**
 * The run's database file, opened beside the Worker's local Hrana server for setting up rows and
 * reading what the Worker wrote. It waits for the server's write lock rather than failing busy.
 */
import { createClient } from '@libsql/client';
import { afterAll, inject } from 'vitest';
import { sha256Hex } from '../../worker/services/tokens';

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

/**
 * A reset or activation link's token for `userId`, stored as the Worker stores one (its hash). The mail's
 * own link is blanked once the provider refused it (no mail provider in this run), so checks make their own.
 */
export async function plantAuthToken(userId: string, hoaId: string, kind: 'reset' | 'activation'): Promise<string> {
  const token = `workerd-${crypto.randomUUID()}`;
  const now = Date.now();
  await db.execute({
    sql: 'INSERT INTO auth_tokens (id, user_id, hoa_id, kind, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    args: [crypto.randomUUID(), userId, hoaId, kind, await sha256Hex(token), now, now + 3_600_000],
  });
  return token;
}
