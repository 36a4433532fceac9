/**
 * The run's database file, opened beside the Worker's local Hrana server for setting up rows and
 * reading what the Worker wrote. It waits for the server's write lock rather than failing busy.
 */
import { createClient } from '@libsql/client';
import { inject } from 'vitest';
import { sha256Hex } from '../../worker/services/tokens';

// The busy timeout as the client's option, which every connection of its pool gets (a PRAGMA reaches
// only the connection it ran on, and concurrent calls open more).
export const db = createClient({ url: `file:${inject('databasePath')}`, timeout: 10_000 });
// Kept open for the whole run (the files share one process, vitest.workerd.config.ts); it ends with it.

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
