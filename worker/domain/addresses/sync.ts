/**
 * The address directory, server half of sync (sync/areas/addresses.ts): who receives it
 * (`visibleAddresses`: board and superadmin, their HOA's live addresses; residents nothing), its value
 * (built by SQLite), the writer every write of an address goes through, and what the value shows of
 * the users table (the address's residents: its members not deleted, by name).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { userPolicy } from '../../../schema/users';
import { addresses, users } from '../../../schema/tables';
import { DIRECTORY_SPACE, type SyncedDirectoryAddress } from '../../../sync/areas/addresses';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import type { DbOrTx } from '../../db';
import { inHoa } from '../actor';
import { shownNameSql } from '../users';

/**
 * The HOA's live addresses for the roles that manage them; none for residents, asked of the HOA index
 * with an HOA id no row has (a constant false would make SQLite plan a scan of the table).
 */
export const visibleAddresses = (viewer: Viewer): SQL =>
  userPolicy.mayManage(viewer.role) ? inHoa(viewer, addresses.hoaId, isNull(addresses.deletedAt)) : eq(addresses.hoaId, '');

/** The address as the screens show it (schema/addresses.ts `addressLabel`: "street, Unit unit"). */
export const addressLineSql = () => sql`${addresses.street} || coalesce(', Unit ' || nullif(${addresses.unitNumber}, ''), '')`;

/**
 * Who lives at the address: its members not deleted, whatever their status (the REST directory's
 * residents and `addressStatistics`' Occupied). A round's stops keep the active ones (`roundStopsOf`).
 */
const livesHere = (...more: SQL[]) => and(eq(users.hoaId, addresses.hoaId), eq(users.addressId, addresses.id), isNull(users.deletedAt), ...more);

/** The address's residents by shown name (an invited one's is their email) then id, as `{id, name, status}`. */
const residentsSql = () => sql`(SELECT json_group_array(json_object('id', id, 'name', name, 'status', status)) FROM (
  SELECT ${users.id} AS id, ${shownNameSql()} AS name, ${users.status} AS status FROM ${users}
  WHERE ${livesHere()}
  ORDER BY lower(${shownNameSql()}), ${users.id}))`;

function directoryValue(): SyncValueSql<SyncedDirectoryAddress> {
  const a = addresses;
  return {
    fields: {
      id: a.id,
      street: a.street,
      unitNumber: a.unitNumber,
      line: addressLineSql(),
      residents: residentsSql(),
      boardIds: sql`(SELECT json_group_array(${users.id}) FROM ${users} WHERE ${livesHere(eq(users.role, 'board'))})`,
      isRented: sql`json(CASE WHEN ${a.isRented} THEN 'true' ELSE 'false' END)`,
      notes: a.notes,
      version: a.version,
    },
  };
}

export const addressSyncArea: ServerSyncArea = {
  space: DIRECTORY_SPACE,
  scope: 'hoa',
  table: addresses,
  id: addresses.id,
  version: addresses.version,
  hoaId: addresses.hoaId,
  visible: visibleAddresses,
  value: directoryValue,
  dependsOn: {
    // A resident renamed, activated, deactivated or deleted: the address they live at.
    users: (hoaId, ids) => inArray(addresses.id, sql`(SELECT ${users.addressId} FROM ${users} WHERE ${and(eq(users.hoaId, hoaId), inArray(users.id, ids))})`),
    // A member moved in or out: both addresses (updateUser names them).
    residents: (_hoaId, addressIds) => inArray(addresses.id, addressIds),
  },
};

/** Every insert and update of an address goes through this (version and change record in one call). */
export const addressRows = syncedTable({ ...addressSyncArea, table: addresses });

/** The directory as `viewer` receives it, in no order (the callers sort with `directoryCompare`). */
export async function directoryValues(db: DbOrTx, viewer: Viewer): Promise<SyncedDirectoryAddress[]> {
  const rows: { id: string; json: string }[] = await db.all(rowValuesSql(addressSyncArea, viewer, 'every visible row'));
  return rows.map((r) => JSON.parse(r.json) as SyncedDirectoryAddress);
}
