import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { users } from '../../../schema/tables';

/**
 * The HOA's active members (not invited, not deactivated, not deleted), with more conditions: who
 * mail, audiences and pickers address.
 */
export const activeMembers = (hoaId: string, ...more: (SQL | undefined)[]) =>
  and(eq(users.hoaId, hoaId), eq(users.status, 'active'), isNull(users.deletedAt), ...more);
