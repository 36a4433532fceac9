/**
 * Architectural applications, server half of sync: who sees what (`visibleApplications`: the board the
 * HOA's, a resident their own; the settings: the board), the cache values a pull sends (built by
 * SQLite: the application with its request's title and description, its files, reviews, letter and
 * history), the synced tables every write goes through, and what those values show of other tables.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { applicationPolicy } from '../../../schema/applications';
import { addresses, applicationFiles, applicationHistory, applicationReviews, applicationSettings, architecturalApplications, requests, users } from '../../../schema/tables';
import { APPLICATION_SETTINGS_SPACE, APPLICATION_SPACE, type SyncedApplication, type SyncedApplicationSettings } from '../../../sync/areas/applications';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';
import { emailOf } from '../members';
import { threadHistoryJson, threadRecordsShowing } from '../threads';

const a = architecturalApplications;

export function visibleApplications(viewer: Viewer): SQL {
  if (applicationPolicy.seesReviews(viewer.role)) return inHoa(viewer, a.hoaId);
  return inHoa(viewer, a.hoaId, eq(a.userId, viewer.userId));
}

/** The board's settings row; none for the others (an HOA id no row has keeps the plan on the index). */
const settingsScope = (viewer: Viewer, hoaColumn: SQLiteColumn) => (applicationPolicy.mayManage(viewer.role) ? inHoa(viewer, hoaColumn) : eq(hoaColumn, ''));
export const visibleApplicationSettings = (viewer: Viewer): SQL => settingsScope(viewer, applicationSettings.hoaId);

const filesJson = (kind: 'photo' | 'plan') => sql`(SELECT json_group_array(json(f)) FROM (
  SELECT json_object('s3Key', ${applicationFiles.s3Key}, 'filename', ${applicationFiles.fileName}, 'fileSize', ${applicationFiles.fileSize}, 'fileType', ${applicationFiles.fileType}) AS f
  FROM ${applicationFiles} WHERE ${applicationFiles.applicationId} = ${a.id} AND +${applicationFiles.hoaId} = ${a.hoaId} AND ${applicationFiles.kind} = ${kind}
  ORDER BY ${applicationFiles.position}))`;

const r = applicationReviews;
const reviewsJson = sql`(SELECT json_group_array(json(v)) FROM (
  SELECT json_object('reviewer', json_object('id', ${r.reviewerId}, 'name', coalesce(reviewer.name, 'Unknown User')), 'decision', ${r.decision},
    'conditions', ${r.conditions}, 'reasons', ${r.reasons}, 'at', ${r.at}) AS v
  FROM ${r} LEFT JOIN ${users} AS reviewer ON reviewer.id = ${r.reviewerId} AND reviewer.hoa_id = ${r.hoaId}
  WHERE ${r.applicationId} = ${a.id} AND +${r.hoaId} = ${a.hoaId} ORDER BY ${r.at}, ${r}.rowid))`;

function applicationValue(viewer: Viewer): SyncValueSql<SyncedApplication> {
  return {
    fields: {
      id: a.id,
      title: sql`coalesce(req.title, '')`,
      description: sql`coalesce(req.description, '')`,
      resident: sql`json_object('id', ${a.userId}, 'name', coalesce(resident.name, 'Unknown User'), 'email', ${emailOf('resident')})`,
      address: sql`CASE WHEN address.id IS NOT NULL THEN json_object('id', address.id, 'street', address.street, 'unitNumber', address.unit_number) END`,
      startDate: a.startDate,
      submittedAt: a.submittedAt,
      deadline: a.deadline,
      status: a.status,
      decidedBy: a.decidedBy,
      decidedAt: a.decidedAt,
      photos: sql`json(${filesJson('photo')})`,
      plans: sql`json(${filesJson('plan')})`,
      photosRefused: sql`json(coalesce(${a.photosRefused}, '[]'))`,
      reviews: applicationPolicy.seesReviews(viewer.role) ? sql`json(${reviewsJson})` : sql`json('[]')`,
      letter: sql`CASE WHEN ${a.letterSentAt} IS NOT NULL THEN json_object('html', ${a.letter}, 'sentAt', ${a.letterSentAt},
        'sentBy', json_object('id', ${a.letterSentBy}, 'name', coalesce(sender.name, 'Unknown User'))) END`,
      history: sql`json(${threadHistoryJson(applicationHistory, a, viewer)})`,
      updatedAt: a.updatedAt,
      version: a.version,
    },
    joins: sql`LEFT JOIN ${requests} AS req ON req.id = ${a.id} AND req.hoa_id = ${a.hoaId}
      LEFT JOIN ${users} AS resident ON resident.id = ${a.userId} AND resident.hoa_id = ${a.hoaId}
      LEFT JOIN ${addresses} AS address ON address.id = req.address_id AND address.hoa_id = ${a.hoaId}
      LEFT JOIN ${users} AS sender ON sender.id = ${a.letterSentBy} AND sender.hoa_id = ${a.hoaId}`,
  };
}

export const applicationSyncArea: ServerSyncArea = {
  space: APPLICATION_SPACE,
  scope: 'hoa',
  table: a,
  id: a.id,
  version: a.version,
  hoaId: a.hoaId,
  visible: visibleApplications,
  value: applicationValue,
  dependsOn: {
    // The address line of the request.
    addresses: (hoaId, ids) => sql`${a.id} IN (SELECT ${requests.id} FROM ${requests} WHERE ${requests.hoaId} = ${hoaId} AND ${inArray(requests.addressId, ids)})`,
    // The resident's, the reviewers', the letter's sender's and the history's names.
    users: (_hoaId, ids) => {
      const showing = [
        sql`SELECT ${a.id} FROM ${a} WHERE ${inArray(a.userId, ids)}`,
        sql`SELECT ${a.id} FROM ${a} WHERE ${inArray(a.letterSentBy, ids)}`,
        sql`SELECT ${r.applicationId} FROM ${r} WHERE ${inArray(r.reviewerId, ids)}`,
        ...threadRecordsShowing({ history: applicationHistory }, ids),
      ];
      return sql`${a.id} IN (${sql.join(showing, sql` UNION ALL `)})`;
    },
  },
};

const s = applicationSettings;
function settingsValue(): SyncValueSql<SyncedApplicationSettings> {
  return { fields: { id: s.id, reviewDays: s.reviewDays, deadlineRule: s.deadlineRule, version: s.version } };
}

export const applicationSettingsSyncArea: ServerSyncArea = {
  space: APPLICATION_SETTINGS_SPACE,
  scope: 'hoa',
  table: s,
  id: s.id,
  version: s.version,
  hoaId: s.hoaId,
  visible: visibleApplicationSettings,
  value: settingsValue,
};

export const applicationValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(applicationSyncArea, viewer, ids);

/** Every write to applications and settings goes through these writers (version and change record in one call). */
export const applicationRows = syncedTable({ ...applicationSyncArea, table: a });
export const applicationSettingsRows = syncedTable({ ...applicationSettingsSyncArea, table: s });

/** The condition that selects one application of an HOA. */
export const applicationIs = (hoaId: string, id: string) => and(eq(a.hoaId, hoaId), eq(a.id, id))!;
