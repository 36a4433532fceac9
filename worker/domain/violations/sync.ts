/**
 * Violations, server half of sync: who sees what (`visibleViolations`, shared with the REST reads),
 * the cache values a pull sends (built by SQLite: the violation with its people, resolution, thread
 * and history), the synced table every writer goes through, and what those values show of other tables.
 */
import { emailOf } from '../members/emails';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addresses, hoas, users, violationFineSchedules, violationHearings, violationHistory, violationLetters, violationMessages, violationPhotos, violations } from '../../../schema/tables';
import { DEFAULT_FINE_SCHEDULE } from '../../../schema/violation-fines';
import { violationPolicy } from '../../../schema/violations';
import { VIOLATION_SPACE, type SyncedViolation } from '../../../sync/areas/violations';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';
import { threadHistoryJson, threadMessagesJson, threadRecordsShowing, type ThreadOptions } from '../threads';
import { attachmentJson } from '../uploads';

/** Board and superadmin: every violation of their HOA. Residents: the ones issued to them. */
export function visibleViolations(viewer: Viewer): SQL {
  if (violationPolicy.mayChangeStatus(viewer.role)) return inHoa(viewer, violations.hoaId);
  return inHoa(viewer, violations.hoaId, eq(violations.userId, viewer.userId));
}

/** Residents read the board's names in a violation's thread: it names its issuer anyway (docs/decisions/122-violation-messages.md). */
const THREAD: ThreadOptions = { staffNames: 'shown' };


const bool = (column: SQL, fallback: boolean) => sql`json(iif(coalesce(${column}, ${fallback ? 1 : 0}), 'true', 'false'))`;
const D = DEFAULT_FINE_SCHEDULE;
/** A whole number written into the statement: a bound JS number reaches SQLite as a float ("5000.0" in JSON). */
const whole = (n: number) => sql.raw(String(Math.trunc(n)));
/** The category's schedule: the HOA's row, or the defaults while the board has set none. */
const scheduleJson = sql`json_object('courtesyNotice', ${bool(sql`sched.courtesy_notice`, D.courtesyNotice)}, 'warning', ${bool(sql`sched.warning`, D.warning)},
  'fineCents', coalesce(sched.fine_cents, ${whole(D.fineCents)}), 'repeatDays', coalesce(sched.repeat_days, ${whole(D.repeatDays)}),
  'capCents', coalesce(sched.cap_cents, ${whole(D.capCents)}), 'cureDays', coalesce(sched.cure_days, ${whole(D.cureDays)}))`;
/** The case's letters, oldest first, through their (violation, sent_at) index. */
const lettersJson = sql`(SELECT json_group_array(json(l)) FROM (
  SELECT json_object('id', ${violationLetters.id}, 'stage', ${violationLetters.stage}, 'sentAt', ${violationLetters.sentAt},
    'cureBy', ${violationLetters.cureBy}, 'fineCents', ${violationLetters.fineCents}) AS l
  FROM ${violationLetters} WHERE ${violationLetters.violationId} = ${violations.id} AND +${violationLetters.hoaId} = ${violations.hoaId}
  ORDER BY ${violationLetters.sentAt}, ${violationLetters}.rowid))`;
/** The case's hearing (one per case), or null. */
const hearingJson = sql`(SELECT json_object('id', ${violationHearings.id}, 'note', ${violationHearings.note}, 'requestedAt', ${violationHearings.requestedAt},
    'scheduledFor', ${violationHearings.scheduledFor}, 'decision', ${violationHearings.decision}, 'reason', ${violationHearings.reason}, 'decidedAt', ${violationHearings.decidedAt})
  FROM ${violationHearings} WHERE ${violationHearings.violationId} = ${violations.id} AND +${violationHearings.hoaId} = ${violations.hoaId}
  ORDER BY ${violationHearings.requestedAt} DESC LIMIT 1)`;

/** The case's photos in order, through the (violation, position) key. */
const photosJson = sql`(SELECT json_group_array(json(p)) FROM (
  SELECT json_object('s3Key', ${violationPhotos.s3Key}, 'filename', ${violationPhotos.fileName}, 'fileSize', ${violationPhotos.fileSize}, 'fileType', ${violationPhotos.fileType}) AS p
  FROM ${violationPhotos} WHERE ${violationPhotos.violationId} = ${violations.id} AND +${violationPhotos.hoaId} = ${violations.hoaId}
  ORDER BY ${violationPhotos.position}))`;

/**
 * A violation as the cache holds it (`SyncedViolation`), built and serialised by SQLite: the pull
 * sends it as it is and the REST answers (read.ts) are built from it. People are joined by primary key; thread and
 * history are read per row through their indexes. Internal messages and lines never reach residents.
 */
function violationValue(viewer: Viewer): SyncValueSql<SyncedViolation> {
  const v = violations;
  return {
    fields: {
      id: v.id,
      title: v.title,
      message: v.message,
      category: v.category,
      status: v.status,
      dueDate: v.dueDate,
      attachment: attachmentJson(v),
      photos: sql`json(${photosJson})`,
      photosRefused: sql`json(coalesce(${v.photosRefused}, '[]'))`,
      resident: sql`json_object('id', ${v.userId}, 'name', coalesce(resident.name, 'Unknown User'), 'email', ${emailOf('resident')})`,
      address: sql`CASE WHEN address.id IS NOT NULL THEN json_object('id', address.id, 'street', address.street, 'unitNumber', address.unit_number) END`,
      issuedBy: sql`json_object('id', ${v.issuedBy}, 'name', coalesce(issuer.name, 'Unknown User'), 'email', ${emailOf('issuer')})`,
      resolution: sql`CASE WHEN ${v.resolvedAt} IS NOT NULL THEN json_object(
        'by', json_object('id', ${v.resolvedBy}, 'name', coalesce(resolver.name, 'Unknown User')), 'at', ${v.resolvedAt}, 'notes', ${v.resolutionNotes}) END`,
      messages: sql`json(${threadMessagesJson(violationMessages, v, viewer, THREAD)})`,
      history: sql`json(${threadHistoryJson(violationHistory, v, viewer, THREAD)})`,
      hoaName: sql`coalesce(hoa.name, '')`,
      stage: v.stage,
      cureBy: v.cureBy,
      finedCents: v.finedCents,
      nextFineAt: v.nextFineAt,
      schedule: scheduleJson,
      letters: sql`json(${lettersJson})`,
      hearing: sql`json(${hearingJson})`,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
      version: v.version,
    },
    joins: sql`LEFT JOIN ${users} AS resident ON resident.id = ${v.userId} AND resident.hoa_id = ${v.hoaId}
      LEFT JOIN ${addresses} AS address ON address.id = ${v.addressId} AND address.hoa_id = ${v.hoaId}
      LEFT JOIN ${users} AS issuer ON issuer.id = ${v.issuedBy} AND issuer.hoa_id = ${v.hoaId}
      LEFT JOIN ${users} AS resolver ON resolver.id = ${v.resolvedBy} AND resolver.hoa_id = ${v.hoaId}
      LEFT JOIN ${hoas} AS hoa ON hoa.id = ${v.hoaId}
      LEFT JOIN ${violationFineSchedules} AS sched ON sched.hoa_id = ${v.hoaId} AND sched.category = ${v.category}`,
  };
}

export const violationSyncArea: ServerSyncArea = {
  space: VIOLATION_SPACE,
  scope: 'hoa',
  table: violations,
  id: violations.id,
  version: violations.version,
  hoaId: violations.hoaId,
  visible: visibleViolations,
  value: violationValue,
  dependsOn: {
    // The address line (an edited street or unit).
    addresses: (_hoaId, addressIds) => inArray(violations.addressId, addressIds),
    // The resident's, the issuer's and the resolver's names, and every author and actor in the thread
    // and history: ids found through their indexes, joined with UNION ALL.
    users: (_hoaId, userIds) => {
      const showing = [
        sql`SELECT ${violations.id} FROM ${violations} WHERE ${inArray(violations.userId, userIds)}`,
        sql`SELECT ${violations.id} FROM ${violations} WHERE ${inArray(violations.issuedBy, userIds)}`,
        sql`SELECT ${violations.id} FROM ${violations} WHERE ${inArray(violations.resolvedBy, userIds)}`,
        ...threadRecordsShowing({ messages: violationMessages, history: violationHistory }, userIds),
      ];
      return sql`${violations.id} IN (${sql.join(showing, sql` UNION ALL `)})`;
    },
  },
};

/** The values of the visible rows in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const violationValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(violationSyncArea, viewer, ids);

/** Every write to violations goes through this writer (version and change record in one call). */
export const violationRows = syncedTable({ ...violationSyncArea, table: violations });
