/**
 * Inspection rounds, server half of sync: who sees them (`visibleRounds`, `visibleStops`: board and
 * superadmin, their HOA's; residents nothing), the cache values a pull sends (built by SQLite), the
 * synced tables every write goes through, and what those values show of other tables (people's names).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { inspectionPolicy } from '../../../schema/inspections';
import { inspectionRounds, inspectionStops, users } from '../../../schema/tables';
import { ROUND_SPACE, STOP_SPACE, type SyncedRound, type SyncedStop } from '../../../sync/areas/inspections';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';

/**
 * The HOA's rows for the roles that run rounds; none for the others, asked of the HOA index with an
 * HOA id no row has (a constant false would make SQLite plan a scan of the table).
 */
const roundsScope = (viewer: Viewer, hoaColumn: SQLiteColumn) => (inspectionPolicy.mayManage(viewer.role) ? inHoa(viewer, hoaColumn) : eq(hoaColumn, ''));

export const visibleRounds = (viewer: Viewer): SQL => roundsScope(viewer, inspectionRounds.hoaId);
export const visibleStops = (viewer: Viewer): SQL => roundsScope(viewer, inspectionStops.hoaId);

/** `{id, name}` of a user joined as `alias`, or null when the column is null. */
const personOrNull = (column: SQLiteColumn, alias: string) =>
  sql`CASE WHEN ${column} IS NOT NULL THEN json_object('id', ${column}, 'name', coalesce(${sql.raw(alias)}.name, 'Unknown User')) END`;

function roundValue(): SyncValueSql<SyncedRound> {
  const r = inspectionRounds;
  return {
    fields: {
      id: r.id,
      title: r.title,
      date: r.date,
      status: r.status,
      startedBy: sql`json_object('id', ${r.startedBy}, 'name', coalesce(starter.name, 'Unknown User'))`,
      finishedBy: sql`${personOrNull(r.finishedBy, 'finisher')}`,
      finishedAt: r.finishedAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      version: r.version,
    },
    joins: sql`LEFT JOIN ${users} AS starter ON starter.id = ${r.startedBy} AND starter.hoa_id = ${r.hoaId}
      LEFT JOIN ${users} AS finisher ON finisher.id = ${r.finishedBy} AND finisher.hoa_id = ${r.hoaId}`,
  };
}

function stopValue(): SyncValueSql<SyncedStop> {
  const s = inspectionStops;
  return {
    fields: {
      id: s.id,
      roundId: s.roundId,
      addressId: s.addressId,
      position: s.position,
      address: sql`json_object('id', ${s.addressId}, 'street', ${s.street}, 'unitNumber', ${s.unitNumber})`,
      residents: sql`json(${s.residents})`,
      outcome: s.outcome,
      violationId: s.violationId,
      doneBy: sql`${personOrNull(s.doneBy, 'doer')}`,
      doneAt: s.doneAt,
      version: s.version,
    },
    joins: sql`LEFT JOIN ${users} AS doer ON doer.id = ${s.doneBy} AND doer.hoa_id = ${s.hoaId}`,
  };
}

export const roundSyncArea: ServerSyncArea = {
  space: ROUND_SPACE,
  scope: 'hoa',
  table: inspectionRounds,
  id: inspectionRounds.id,
  version: inspectionRounds.version,
  hoaId: inspectionRounds.hoaId,
  visible: visibleRounds,
  value: roundValue,
  dependsOn: {
    users: (_hoaId, ids) => sql`(${inArray(inspectionRounds.startedBy, ids)} OR ${inArray(inspectionRounds.finishedBy, ids)})`,
  },
};

export const stopSyncArea: ServerSyncArea = {
  space: STOP_SPACE,
  scope: 'hoa',
  table: inspectionStops,
  id: inspectionStops.id,
  version: inspectionStops.version,
  hoaId: inspectionStops.hoaId,
  visible: visibleStops,
  value: stopValue,
  dependsOn: {
    // Who did it (the residents are kept as they were when the round started).
    users: (_hoaId, ids) => inArray(inspectionStops.doneBy, ids),
  },
};

export const roundValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(roundSyncArea, viewer, ids);
export const stopValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(stopSyncArea, viewer, ids);

/** Every write to rounds and stops goes through these writers (version and change record in one call). */
export const roundRows = syncedTable({ ...roundSyncArea, table: inspectionRounds });
export const stopRows = syncedTable({ ...stopSyncArea, table: inspectionStops });

/** The condition that selects one round of the actor's HOA. */
export const roundIs = (hoaId: string, id: string) => and(eq(inspectionRounds.hoaId, hoaId), eq(inspectionRounds.id, id))!;
