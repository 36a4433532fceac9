import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { hoaId, id, ms } from './columns';

/**
 * A self-service signup: the HOA, its superadmin and its subscription exist from the
 * trial call on; this row holds what the wizard's later calls need until it is complete. The user
 * stays `invited` with no password until completion, so an unfinished signup cannot sign in.
 */
export const signups = sqliteTable(
  'signups',
  {
    id: id(),
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    plan: text('plan').notNull(),
    /** The chosen password's hash, moved onto the user at completion (null afterwards). */
    passwordHash: text('password_hash'),
    /** SHA-256 of the signup token the trial call returned (confirm and complete must present it). */
    tokenHash: text('token_hash').notNull(),
    customerId: text('customer_id'),
    setupIntentId: text('setup_intent_id'),
    setupIntentClientSecret: text('setup_intent_client_secret'),
    paymentMethodId: text('payment_method_id'),
    createdAt: ms('created_at').notNull(),
    confirmedAt: ms('confirmed_at'),
    completedAt: ms('completed_at'),
  },
  (t) => [uniqueIndex('signups_user').on(t.userId), uniqueIndex('signups_hoa').on(t.hoaId), index('signups_pending').on(t.completedAt, t.createdAt)],
);
