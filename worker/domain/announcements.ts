/**
 * Announcements domain (community §3–§6). One layer for both transports: the REST routes and the
 * sync push call these functions; visibility comes from sync/server/visibility.ts.
 * Writers bump `version` and call `bumpChanges` in the same transaction (see sync/server/changes.ts).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES } from '../../schema/announcements';
import { isPrivileged } from '../../schema/roles';
import { announcementReads, announcementRecipients, announcements, users } from '../../schema/tables';
import type { SyncedAnnouncement, SyncedAnnouncementRead } from '../../sync/keys';
import { bumpChanges } from '../../sync/server/changes';
import { visibleAnnouncementReads, visibleAnnouncements, type Viewer } from '../../sync/server/visibility';
import type { DbOrTx, Tx } from '../db';
import type { AppDeps } from '../deps';
import { newId } from '../services/tokens';
import type { Actor } from './actor';
import { badRequest, notFound } from './errors';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** The cache value of one announcement, as this viewer may see it (residents get no audience list or author). */
export function toSyncedAnnouncement(
  row: AnnouncementRow,
  viewer: Viewer,
  creatorName: string | null,
  customRecipients: string[],
): SyncedAnnouncement {
  const privileged = isPrivileged(viewer.role);
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    category: row.category,
    status: row.status,
    audienceType: row.audienceType,
    customRecipients: privileged ? customRecipients : [],
    attachment:
      row.attachmentS3Key && row.attachmentFilename
        ? { s3Key: row.attachmentS3Key, filename: row.attachmentFilename, fileSize: row.attachmentFileSize ?? 0, fileType: row.attachmentFileType ?? '' }
        : null,
    deliveryMethods: row.deliveryMethods,
    createdBy: privileged ? { id: row.createdBy, name: creatorName ?? 'Unknown' } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sentAt: row.sentAt,
    scheduledAt: row.scheduledAt,
    version: row.version,
  };
}

/**
 * Visible announcements whose id is in `ids` (a subquery selecting `row_id`), as cache values.
 * The CROSS JOIN makes SQLite walk the wanted ids, not the whole HOA.
 */
export async function listAnnouncementsForSync(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedAnnouncement[]> {
  const rows = await db
    .select({ a: announcements, creatorName: users.name })
    .from(sql`(${ids}) AS wanted`)
    .crossJoin(announcements)
    .leftJoin(users, and(eq(users.id, announcements.createdBy), eq(users.hoaId, announcements.hoaId)))
    .where(and(eq(announcements.id, sql`wanted.row_id`), visibleAnnouncements(viewer)));
  const recipients = new Map<string, string[]>();
  if (isPrivileged(viewer.role)) {
    const custom = rows.filter((r) => r.a.audienceType === 'custom').map((r) => r.a.id);
    for (let i = 0; i < custom.length; i += 500) {
      const chunk = custom.slice(i, i + 500);
      const found = await db
        .select({ announcementId: announcementRecipients.announcementId, userId: announcementRecipients.userId })
        .from(announcementRecipients)
        .where(and(eq(announcementRecipients.hoaId, viewer.hoaId), inArray(announcementRecipients.announcementId, chunk)));
      for (const r of found) recipients.set(r.announcementId, [...(recipients.get(r.announcementId) ?? []), r.userId]);
    }
  }
  return rows.map((r) => toSyncedAnnouncement(r.a, viewer, r.creatorName, recipients.get(r.a.id) ?? []));
}

/** The viewer's own read markers for the announcements in `ids` (a subquery selecting `row_id`). */
export async function listAnnouncementReadsForSync(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<{ id: string; value: SyncedAnnouncementRead }[]> {
  const rows = await db
    .select({ announcementId: announcementReads.announcementId, readAt: announcementReads.readAt })
    .from(sql`(${ids}) AS wanted`)
    .crossJoin(announcementReads)
    .where(and(eq(announcementReads.announcementId, sql`wanted.row_id`), visibleAnnouncementReads(viewer)));
  return rows.map((r) => ({ id: r.announcementId, value: { announcementId: r.announcementId, readAt: r.readAt } }));
}

/** One announcement the actor may see, or 404 (also for another HOA's). */
export async function getVisibleAnnouncement(db: DbOrTx, actor: Viewer, id: string): Promise<AnnouncementRow> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(visibleAnnouncements(actor), eq(announcements.id, id)))
    .limit(1);
  if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
  return row;
}

/**
 * Marks an announcement read for the actor (`isReadBy`). Idempotent: a second call changes nothing.
 * Drafts are never marked read (community §4). Runs inside the caller's transaction (push or REST).
 * Returns whether a marker was written.
 */
export async function markAnnouncementRead(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<boolean> {
  const announcement = await getVisibleAnnouncement(tx, actor, id);
  if (announcement.status === 'draft') throw badRequest(ANNOUNCEMENT_MESSAGES.draftNotReadable);
  const inserted = await tx
    .insert(announcementReads)
    .values({ id: newId(), hoaId: actor.hoaId, announcementId: id, userId: actor.userId, readAt: deps.clock(), version: 1 })
    .onConflictDoNothing({ target: [announcementReads.announcementId, announcementReads.userId] })
    .returning({ id: announcementReads.id });
  if (inserted.length === 0) return false;
  await bumpChanges(deps, tx, { userIds: [actor.userId] });
  return true;
}
