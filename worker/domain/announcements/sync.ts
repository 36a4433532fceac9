/**
 * Announcements, server half of sync: who sees what (`visibleAnnouncements`, shared with the REST
 * lists), the cache values a pull sends (built by SQLite), the synced tables every writer goes
 * through, and what those values show of other tables.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_STATUSES, audienceRoles, isPublished, PUBLISHED_ANNOUNCEMENT_STATUSES } from '../../../schema/announcements';
import { isPrivileged } from '../../../schema/roles';
import { announcementReads, announcementRecipients, announcements, users } from '../../../schema/tables';
import { ANNOUNCEMENT_READ_SPACE, ANNOUNCEMENT_SPACE, type SyncedAnnouncement, type SyncedAnnouncementRead } from '../../../sync/areas/announcements';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';
import { activeMemberCount } from '../members';

/** The published rule (`isPublished`) in SQL, from the same list; and its complement, drafts and scheduled ones. */
export const publishedSql = (): SQL => inArray(announcements.status, PUBLISHED_ANNOUNCEMENT_STATUSES);
const unpublishedSql = (): SQL => inArray(announcements.status, ANNOUNCEMENT_STATUSES.filter((status) => !isPublished(status)));

/**
 * Board and superadmin: every announcement of their HOA, drafts included.
 * Residents: published ones (not draft, not yet-to-be-sent scheduled) addressed to everyone,
 * to residents, or to a custom audience that names them.
 */
export function visibleAnnouncements(viewer: Viewer): SQL {
  const base = inHoa(viewer, announcements.hoaId, isNull(announcements.deletedAt));
  if (isPrivileged(viewer.role)) return base;
  const namedInCustom = sql`EXISTS (SELECT 1 FROM ${announcementRecipients} WHERE ${announcementRecipients.announcementId} = ${announcements.id} AND ${announcementRecipients.userId} = ${viewer.userId})`;
  return and(
    base,
    publishedSql(),
    or(inArray(announcements.audienceType, ['all', 'residents']), and(eq(announcements.audienceType, 'custom'), namedInCustom)),
  )!;
}

/** Read markers: a user sees only their own. */
export function visibleAnnouncementReads(viewer: Viewer): SQL {
  return inHoa(viewer, announcementReads.hoaId, eq(announcementReads.userId, viewer.userId));
}

/**
 * An announcement as the cache holds it (`SyncedAnnouncement`), built and serialised by SQLite: the
 * pull sends it as it is, and the REST answers (read.ts) are built from it, so the two never
 * disagree. Delivery counts are columns of the row; custom lists are read per row through an index;
 * the audience sizes are read from the active-member counts the triggers on users keep.
 */
function announcementValue(viewer: Viewer): SyncValueSql<SyncedAnnouncement> {
  const a = announcements;
  const privileged = sql.raw(isPrivileged(viewer.role) ? '1' : '0');
  const published = publishedSql();
  // The unary `+` keeps the tenant checks off the hoa_id indexes: SQLite (no ANALYZE statistics)
  // would otherwise pick them and walk the whole HOA for each row instead of its announcement id.
  const recipients = sql`${announcementRecipients} WHERE ${announcementRecipients.announcementId} = ${a.id} AND +${announcementRecipients.hoaId} = ${a.hoaId}`;
  // Delivery counts as the triggers on announcement_deliveries keep them on the row (no count per row).
  const deliveryTotal = sql`${a.deliveriesPending} + ${a.deliveriesDelivered} + ${a.deliveriesFailed}`;
  return {
    fields: {
      id: a.id,
      title: a.title,
      message: a.message,
      category: a.category,
      status: a.status,
      audienceType: a.audienceType,
      customRecipients: sql`json(CASE WHEN ${privileged} AND ${a.audienceType} = 'custom'
        THEN (SELECT json_group_array(user_id) FROM (SELECT ${announcementRecipients.userId} AS user_id FROM ${recipients} ORDER BY 1))
        ELSE '[]' END)`,
      attachment: sql`CASE WHEN ${a.attachmentS3Key} <> '' AND ${a.attachmentFilename} <> '' THEN json_object(
        's3Key', ${a.attachmentS3Key}, 'filename', ${a.attachmentFilename},
        'fileSize', coalesce(${a.attachmentFileSize}, 0), 'fileType', coalesce(${a.attachmentFileType}, '')) END`,
      deliveryMethods: sql`json(${a.deliveryMethods})`,
      pinned: sql`json(CASE WHEN ${a.pinned} THEN 'true' ELSE 'false' END)`,
      createdBy: sql`CASE WHEN ${privileged} THEN json_object('id', ${a.createdBy}, 'name', coalesce(creator.name, 'Unknown')) END`,
      totalRecipients: sql`CASE
        WHEN ${published} THEN ${deliveryTotal}
        WHEN ${a.audienceType} = 'custom' THEN (SELECT count(*) FROM ${recipients})
        WHEN ${a.audienceType} = 'board' THEN ${activeMemberCount(viewer.hoaId, audienceRoles('board'))}
        WHEN ${a.audienceType} = 'residents' THEN ${activeMemberCount(viewer.hoaId, audienceRoles('residents'))}
        ELSE ${activeMemberCount(viewer.hoaId, audienceRoles('all'))} END`,
      deliveryCounts: sql`CASE WHEN ${privileged} AND ${published} THEN json_object('total', ${deliveryTotal},
        'delivered', ${a.deliveriesDelivered}, 'failed', ${a.deliveriesFailed}, 'pending', ${a.deliveriesPending}) END`,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      sentAt: a.sentAt,
      scheduledAt: a.scheduledAt,
      version: a.version,
    },
    joins: sql`LEFT JOIN ${users} AS creator ON creator.id = ${a.createdBy} AND creator.hoa_id = ${a.hoaId}`,
  };
}

/** A read marker (`SyncedAnnouncementRead`); a user sees only their own (`visibleAnnouncementReads`). */
function announcementReadValue(): SyncValueSql<SyncedAnnouncementRead> {
  const r = announcementReads;
  return {
    fields: { announcementId: r.announcementId, readAt: r.readAt },
  };
}

export const announcementSyncArea: ServerSyncArea = {
  space: ANNOUNCEMENT_SPACE,
  scope: 'hoa',
  table: announcements,
  id: announcements.id,
  version: announcements.version,
  hoaId: announcements.hoaId,
  visible: visibleAnnouncements,
  value: announcementValue,
  dependsOn: {
    // The author's name, and the audience sizes of drafts and scheduled ones (they count active members by role).
    users: (_hoaId, userIds) =>
      or(inArray(announcements.createdBy, userIds), and(unpublishedSql(), sql`${announcements.audienceType} <> 'custom'`))!,
  },
};

export const announcementReadSyncArea: ServerSyncArea = {
  space: ANNOUNCEMENT_READ_SPACE,
  scope: 'user',
  table: announcementReads,
  // Keyed by announcement (one marker per user and announcement), the key the client writes optimistically.
  id: announcementReads.announcementId,
  version: announcementReads.version,
  hoaId: announcementReads.hoaId,
  owner: announcementReads.userId,
  visible: visibleAnnouncementReads,
  value: announcementReadValue,
};

/** The values of the visible announcements in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const announcementValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(announcementSyncArea, viewer, ids);

/** Every write to these tables goes through these writers (version and change record in one call). */
export const announcementRows = syncedTable({ ...announcementSyncArea, table: announcements });
export const announcementReadRows = syncedTable({ ...announcementReadSyncArea, table: announcementReads });
