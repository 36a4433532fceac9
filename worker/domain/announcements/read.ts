/**
 * Reading announcements: the cache value of one row as a viewer may see it, and the REST answers
 * (community §3, §7) built on it. Residents get no audience list, author or counts.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES, type ApiAnnouncement, type ApiRecipient, type AudienceType, type DeliveryCounts } from '../../../schema/announcements';
import { isPrivileged } from '../../../schema/roles';
import { announcementDeliveries, announcementReads, announcements, users } from '../../../schema/tables';
import type { SyncedAnnouncement } from '../../../sync/areas/announcements';
import type { DbOrTx } from '../../db';
import { chunks } from '../../services/chunks';
import type { Viewer } from '../../sync/area';
import { notFound } from '../errors';
import { audienceSizes, customRecipientIds, resolveAudience } from './audience';
import { visibleAnnouncements } from './sync';

export type AnnouncementRow = typeof announcements.$inferSelect;

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** Sent, sending or failed: the delivery rows exist. */
export const isOut = (status: AnnouncementRow['status']) => status !== 'draft' && status !== 'scheduled';

/** Counts of each announcement's delivery rows by status. */
export async function deliveryCounts(db: DbOrTx, hoaId: string, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const out = new Map<string, DeliveryCounts>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ announcementId: announcementDeliveries.announcementId, status: announcementDeliveries.status, n: count() })
      .from(announcementDeliveries)
      // `+`: the tenant check must not steer SQLite to the hoa_id index; (announcement_id, status) serves the grouping.
      .where(and(inArray(announcementDeliveries.announcementId, part), sql`+${announcementDeliveries.hoaId} = ${hoaId}`))
      .groupBy(announcementDeliveries.announcementId, announcementDeliveries.status);
    for (const r of rows) {
      const c = out.get(r.announcementId) ?? { total: 0, delivered: 0, failed: 0, pending: 0 };
      c[r.status] += r.n;
      c.total += r.n;
      out.set(r.announcementId, c);
    }
  }
  return out;
}

/** What the readers of a batch of rows need besides the rows: audience lists, counts, sizes. */
export interface Extras {
  custom: Map<string, string[]>;
  counts: Map<string, DeliveryCounts>;
  sizes: Record<Exclude<AudienceType, 'custom'>, number> | null;
}

export async function loadExtras(db: DbOrTx, viewer: Viewer, rows: AnnouncementRow[]): Promise<Extras> {
  // Residents never get the list; they only see sent ones, whose total comes from the delivery rows.
  const privileged = isPrivileged(viewer.role);
  const custom = await customRecipientIds(
    db,
    viewer.hoaId,
    rows.filter((r) => r.audienceType === 'custom' && (privileged || !isOut(r.status))).map((r) => r.id),
  );
  const counts = await deliveryCounts(
    db,
    viewer.hoaId,
    rows.filter((r) => isOut(r.status)).map((r) => r.id),
  );
  const sizes = rows.some((r) => !isOut(r.status) && r.audienceType !== 'custom') ? await audienceSizes(db, viewer.hoaId) : null;
  return { custom, counts, sizes };
}

function totalRecipients(row: AnnouncementRow, extras: Extras): number {
  if (isOut(row.status)) return extras.counts.get(row.id)?.total ?? 0;
  if (row.audienceType === 'custom') return extras.custom.get(row.id)?.length ?? 0;
  return extras.sizes?.[row.audienceType] ?? 0;
}

const attachmentOf = (row: AnnouncementRow) =>
  row.attachmentS3Key && row.attachmentFilename
    ? { s3Key: row.attachmentS3Key, filename: row.attachmentFilename, fileSize: row.attachmentFileSize ?? 0, fileType: row.attachmentFileType ?? '' }
    : null;

/**
 * The cache value of one announcement, as this viewer may see it. REST answers build on it; the
 * pull builds the same value in SQL (sync.ts): change both together.
 */
export function toSyncedAnnouncement(row: AnnouncementRow, viewer: Viewer, creatorName: string | null, extras: Extras): SyncedAnnouncement {
  const privileged = isPrivileged(viewer.role);
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    category: row.category,
    status: row.status,
    audienceType: row.audienceType,
    customRecipients: privileged ? (extras.custom.get(row.id) ?? []) : [],
    attachment: attachmentOf(row),
    deliveryMethods: row.deliveryMethods,
    createdBy: privileged ? { id: row.createdBy, name: creatorName ?? 'Unknown' } : null,
    totalRecipients: totalRecipients(row, extras),
    deliveryCounts: privileged && isOut(row.status) ? (extras.counts.get(row.id) ?? { total: 0, delivered: 0, failed: 0, pending: 0 }) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sentAt: row.sentAt,
    scheduledAt: row.scheduledAt,
    version: row.version,
  };
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

const recipientOf = (id: string, name: string | null, email: string | null): ApiRecipient => ({ _id: id, name: name || 'Unknown User', email: email ?? '' });

/** Board members' view of one row's people: the delivery rows once sent, the resolved audience before. */
async function recipientsAndStats(db: DbOrTx, row: AnnouncementRow, extras: Extras): Promise<Pick<ApiAnnouncement, 'recipients' | 'delivery_stats'>> {
  if (!isOut(row.status)) {
    const members = await resolveAudience(db, row.hoaId, row.audienceType, extras.custom.get(row.id) ?? []);
    return { recipients: members.map((m) => recipientOf(m.id, m.name, m.email)), delivery_stats: null };
  }
  const deliveries = await db
    .select({ d: announcementDeliveries, name: users.name })
    .from(announcementDeliveries)
    .leftJoin(users, and(eq(users.id, announcementDeliveries.userId), eq(users.hoaId, announcementDeliveries.hoaId)))
    .where(and(eq(announcementDeliveries.hoaId, row.hoaId), eq(announcementDeliveries.announcementId, row.id)))
    .orderBy(asc(users.name), asc(announcementDeliveries.email));
  const person = ({ d, name }: (typeof deliveries)[number]) => recipientOf(d.userId, name, d.email);
  return {
    recipients: deliveries.map(person),
    delivery_stats: {
      total_sent: deliveries.length,
      email_delivered: deliveries.filter((x) => x.d.status === 'delivered').map((x) => ({ ...person(x), delivered_at: iso(x.d.deliveredAt) })),
      email_failed: deliveries.filter((x) => x.d.status === 'failed').map((x) => ({ ...person(x), error: x.d.error })),
      pending: deliveries.filter((x) => x.d.status === 'pending').map(person),
    },
  };
}

async function toApi(db: DbOrTx, viewer: Viewer, rows: AnnouncementRow[], opts: { detail: boolean }): Promise<ApiAnnouncement[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const privileged = isPrivileged(viewer.role);
  const extras = await loadExtras(db, viewer, rows);
  const read = new Set<string>();
  const creators = new Map<string, string>();
  for (const part of chunks(ids)) {
    const marks = await db
      .select({ id: announcementReads.announcementId })
      .from(announcementReads)
      .where(and(eq(announcementReads.hoaId, viewer.hoaId), eq(announcementReads.userId, viewer.userId), inArray(announcementReads.announcementId, part)));
    for (const m of marks) read.add(m.id);
  }
  if (privileged) {
    for (const part of chunks([...new Set(rows.map((r) => r.createdBy))])) {
      const found = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.hoaId, viewer.hoaId), inArray(users.id, part)));
      for (const u of found) creators.set(u.id, u.name);
    }
  }

  const out: ApiAnnouncement[] = [];
  for (const row of rows) {
    const synced = toSyncedAnnouncement(row, viewer, creators.get(row.createdBy) ?? null, extras);
    const people = privileged && opts.detail ? await recipientsAndStats(db, row, extras) : { recipients: [], delivery_stats: null };
    out.push({
      _id: row.id,
      title: row.title,
      message: row.message,
      category: row.category,
      status: row.status,
      audience_type: privileged ? row.audienceType : null,
      ...people,
      custom_recipients: synced.customRecipients,
      total_recipients: synced.totalRecipients,
      attachment: synced.attachment
        ? { s3_key: synced.attachment.s3Key, filename: synced.attachment.filename, file_size: synced.attachment.fileSize, file_type: synced.attachment.fileType }
        : null,
      delivery_methods: row.deliveryMethods,
      delivery_counts: synced.deliveryCounts,
      isReadBy: read.has(row.id),
      created_by: synced.createdBy ? { _id: synced.createdBy.id, name: synced.createdBy.name } : null,
      createdAt: iso(row.createdAt)!,
      updatedAt: iso(row.updatedAt)!,
      sent_at: iso(row.sentAt),
      scheduled_at: iso(row.scheduledAt),
      version: row.version,
    });
  }
  return out;
}

/** GET /api/announcements/:id (and the body of every write's answer). */
export async function getAnnouncement(db: DbOrTx, actor: Viewer, id: string): Promise<ApiAnnouncement> {
  const row = await getVisibleAnnouncement(db, actor, id);
  const [api] = await toApi(db, actor, [row], { detail: true });
  return api;
}

/** GET /api/announcements: the announcements the actor may see, newest first. */
export async function listAnnouncements(db: DbOrTx, actor: Viewer, q: { page: number; limit: number }) {
  const where = visibleAnnouncements(actor);
  const [{ total }] = await db.select({ total: count() }).from(announcements).where(where);
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const totalPages = Math.ceil(total / q.limit);
  return {
    docs: await toApi(db, actor, rows, { detail: false }),
    totalDocs: total,
    totalPages,
    page: q.page,
    limit: q.limit,
    hasNextPage: q.page < totalPages,
  };
}
