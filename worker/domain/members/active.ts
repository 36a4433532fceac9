import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Role } from '../../../schema/roles';
import { memberCounts, users } from '../../../schema/tables';

/**
 * The HOA's active members (not invited, not deactivated, not deleted), with more conditions: who
 * mail, audiences and pickers address, and who an address's residents are. The HOA is an id, or the
 * column of an outer row's HOA (a correlated subquery).
 */
export const activeMembers = (hoaId: string | SQLiteColumn, ...more: (SQL | undefined)[]) =>
  and(eq(users.hoaId, hoaId), eq(users.status, 'active'), isNull(users.deletedAt), ...more);

/**
 * How many of the HOA's active members hold one of `roles`, as a scalar subquery: read from the
 * counts the triggers on `users` keep (`member_counts`), so it costs one row per role however many
 * members the HOA has. Equal to counting `activeMembers` with those roles (tests/api/member-counts.test.ts).
 */
export const activeMemberCount = (hoaId: string, roles: readonly Role[]): SQL =>
  sql`(SELECT coalesce(sum(${memberCounts.active}), 0) FROM ${memberCounts} WHERE ${eq(memberCounts.hoaId, hoaId)} AND ${inArray(memberCounts.role, [...roles])})`;
