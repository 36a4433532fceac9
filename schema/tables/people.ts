import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { hoaId, id, ms } from './columns';

/**
 * A change of a member's email asked by the board (Edit User): the link mailed to the new address
 * confirms it; the email changes only when it is opened. Only the token's hash is kept; a newer
 * request replaces an unused older one.
 */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    id: id(),
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    /** Lower case, as users' emails are stored. */
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    usedAt: ms('used_at'),
  },
  (t) => [uniqueIndex('email_changes_hash').on(t.tokenHash), index('email_changes_user').on(t.userId)],
);
