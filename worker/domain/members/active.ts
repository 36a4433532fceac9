import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from '../../../schema/tables';

/**
 * The HOA's active members (not invited, not deactivated, not deleted), with more conditions: who
 * mail, audiences and pickers address, and who an address's residents are. The HOA is an id, or the
 * column of an outer row's HOA (a correlated subquery).
 */
export const activeMembers = (hoaId: string | SQLiteColumn, ...more: (SQL | undefined)[]) =>
  and(eq(users.hoaId, hoaId), eq(users.status, 'active'), isNull(users.deletedAt), ...more);
