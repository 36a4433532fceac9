/**
 * Members, server half of sync: the people pickers choose from (sync/areas/members.ts), as a synced
 * area on the users table. Who receives them (`visibleMembers`: board and superadmin, their HOA's
 * active members), their value (built by SQLite, as `GET /api/users?status=active` shows them), and
 * the writer every write of a user that changes it goes through (`updateUser`, the invitation's insert).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '../../../schema/days';
import { userPolicy } from '../../../schema/users';
import { addresses, users } from '../../../schema/tables';
import { MEMBER_SPACE, type SyncedMember } from '../../../sync/areas/members';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import type { SyncValueSql } from '../../sync/values';
import { activeMembers } from './active';

/**
 * Board and superadmin: every member of their HOA not deleted (the /users screen; the pickers keep the
 * active ones). Residents pick no one and never receive anyone else: their own row only (what their
 * profile shows them anyway).
 */
export function visibleMembers(viewer: Viewer): SQL {
  if (!userPolicy.mayPick(viewer.role)) return activeMembers(viewer.hoaId, eq(users.id, viewer.userId))!;
  return and(eq(users.hoaId, viewer.hoaId), isNull(users.deletedAt))!;
}

/** A member as the cache holds it (`SyncedMember`); the address (and residency) only while it is in the directory. */
function memberValue(): SyncValueSql<SyncedMember> {
  const u = users;
  return {
    fields: {
      id: u.id,
      name: u.name,
      email: users.email,
      phone: u.phone,
      role: u.role,
      status: u.status,
      address: sql`CASE WHEN address.id IS NOT NULL THEN json_object('id', address.id, 'street', address.street, 'unitNumber', address.unit_number) END`,
      residency: sql`CASE WHEN address.id IS NULL THEN NULL WHEN address.is_rented THEN 'renter' ELSE 'owner' END`,
      invitedAt: u.invitedAt,
      lastLoginDay: sql`(${u.lastLogin} / ${sql.raw(String(DAY_MS))}) * ${sql.raw(String(DAY_MS))}`,
      hasPassword: sql`json(CASE WHEN ${u.passwordHash} IS NOT NULL THEN 'true' ELSE 'false' END)`,
      version: u.version,
    },
    joins: sql`LEFT JOIN ${addresses} AS address ON address.id = ${u.addressId} AND address.hoa_id = ${u.hoaId} AND address.deleted_at IS NULL`,
  };
}

export const memberSyncArea: ServerSyncArea = {
  space: MEMBER_SPACE,
  scope: 'hoa',
  table: users,
  id: users.id,
  version: users.version,
  hoaId: users.hoaId,
  visible: visibleMembers,
  value: memberValue,
  dependsOn: {
    // The address line and residency: an edited street, unit or property type reaches the members living there.
    addresses: (_hoaId, addressIds) => inArray(users.addressId, addressIds),
  },
};

/** The write of a user that changes what a picker shows goes through this (version and change record in one call). */
export const memberRows = syncedTable({ ...memberSyncArea, table: users });

/** Fields of a user the synced member shows, or whose change makes them appear or leave (status, deletion). */
export const MEMBER_FIELDS = ['name', 'email', 'phone', 'role', 'status', 'addressId', 'invitedAt', 'passwordHash', 'deletedAt'] as const;
