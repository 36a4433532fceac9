/**
 * The resident directory, server half of sync (sync/areas/directory.ts): who receives which entries
 * (`visibleDirectoryEntries`: the viewer's HOA's listed, active members, none while the HOA has the
 * directory off), their value (an email or phone only when shared: the server never sends the
 * others), and the writer every write of a listing goes through.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addresses, directoryListings, hoaDirectorySettings, users } from '../../../schema/tables';
import { DIRECTORY_ENTRY_SPACE, type SyncedDirectoryEntry } from '../../../sync/areas/directory';
import type { DbOrTx } from '../../db';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { activeMembers } from '../members';

const l = directoryListings;

/** The HOA of `hoaIdSql` has the directory on (no setting row: on). */
export const directoryOnSql = (hoaIdSql: SQL | typeof l.hoaId) =>
  sql`NOT EXISTS (SELECT 1 FROM ${hoaDirectorySettings} WHERE ${hoaDirectorySettings.hoaId} = ${hoaIdSql} AND ${hoaDirectorySettings.enabled} = 0)`;

/** Every role sees the same entries: the HOA's listed, active members, while the directory is on. */
export const visibleDirectoryEntries = (viewer: Viewer): SQL =>
  and(
    eq(l.hoaId, viewer.hoaId),
    eq(l.listed, true),
    directoryOnSql(l.hoaId),
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${activeMembers(l.hoaId, eq(users.id, l.userId))})`,
  )!;

function directoryEntryValue(): SyncValueSql<SyncedDirectoryEntry> {
  return {
    fields: {
      id: l.userId,
      name: sql`coalesce(person.name, '')`,
      address: sql`CASE WHEN address.id IS NOT NULL THEN json_object('id', address.id, 'street', address.street, 'unitNumber', address.unit_number) END`,
      email: sql`CASE WHEN ${l.shareEmail} = 1 THEN ${sql.raw('person.email')} END`,
      phone: sql`CASE WHEN ${l.sharePhone} = 1 THEN nullif(person.phone, '') END`,
      version: l.version,
    },
    joins: sql`LEFT JOIN ${users} AS person ON person.id = ${l.userId} AND person.hoa_id = ${l.hoaId}
      LEFT JOIN ${addresses} AS address ON address.id = person.address_id AND address.hoa_id = ${l.hoaId} AND address.deleted_at IS NULL`,
  };
}

/** The listings of the users living at some addresses (an address edited). */
const livingAt = (hoaId: string, addressIds: string[]) =>
  inArray(l.userId, sql`(SELECT ${users.id} FROM ${users} WHERE ${and(eq(users.hoaId, hoaId), inArray(users.addressId, addressIds))})`);

export const directorySyncArea: ServerSyncArea = {
  space: DIRECTORY_ENTRY_SPACE,
  scope: 'hoa',
  table: l,
  id: l.userId,
  version: l.version,
  hoaId: l.hoaId,
  visible: visibleDirectoryEntries,
  value: directoryEntryValue,
  dependsOn: {
    // Renamed, new email, phone or address, activated, deactivated or deleted: their own entry.
    users: (_hoaId, ids) => inArray(l.userId, ids),
    // A street or unit edited: the entries of who lives there.
    addresses: livingAt,
  },
};

/** Every insert and update of a listing goes through this (version and change record in one call). */
export const directoryRows = syncedTable({ ...directorySyncArea, table: l });

/** The directory as `viewer` receives it, by name (the REST read of the same values). */
export async function directoryValues(db: DbOrTx, viewer: Viewer): Promise<SyncedDirectoryEntry[]> {
  const rows: { id: string; json: string }[] = await db.all(rowValuesSql(directorySyncArea, viewer, 'every visible row'));
  return rows.map((r) => JSON.parse(r.json) as SyncedDirectoryEntry);
}
