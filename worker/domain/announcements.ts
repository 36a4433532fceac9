/**
 * Announcements domain (community §3–§6). One layer for both transports: the REST routes and the
 * sync push call these functions; visibility comes from sync/server/visibility.ts.
 *
 * Rules every writer here follows (the pattern later areas copy):
 * - the role check first (board work answers 403 to residents whatever the row), then the row
 *   through `visibleAnnouncements` (another HOA's row, or one the actor may not see, is a 404);
 * - writes run in the caller's transaction, bump `version` and call `bumpChanges` in it;
 * - rich text is sanitised on write (sanitizeRichText) and again on display (DOMPurify, the mail).
 *
 * Sending: draft → sending (one `announcement_deliveries` row and one `email_outbox` row per
 * recipient) → the outbox job delivers → `settleAnnouncementDeliveries` copies each final outcome
 * onto its delivery row and ends the status in `sent` (at least one delivered) or `failed`.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ANNOUNCEMENT_MESSAGES,
  canManageAnnouncements,
  type AnnouncementForm,
  type ApiAnnouncement,
  type ApiRecipient,
  type AudienceType,
  type DeliveryCounts,
} from '../../schema/announcements';
import { isRichTextEmpty } from '../../schema/rich-text';
import { isPrivileged, type Role } from '../../schema/roles';
import { announcementDeliveries, announcementReads, announcementRecipients, announcements, emailOutbox, hoas, users } from '../../schema/tables';
import { fileExtension } from '../../schema/uploads';
import { AREAS, type SyncedAnnouncement } from '../../sync/keys';
import { bumpChanges } from '../../sync/server/changes';
import { visibleAnnouncementReads, visibleAnnouncements, type Viewer } from '../../sync/server/visibility';
import type { DbOrTx, Tx } from '../db';
import type { AppDeps } from '../deps';
import { announcementEmail } from '../emails';
import { queueEmails } from '../services/email';
import { sanitizeRichText } from '../services/sanitize';
import { newId } from '../services/tokens';
import type { Actor } from './actor';
import { badRequest, conflict, forbidden, invalidField, notFound } from './errors';
import { deliverOutbox } from './outbox';
import { assertIssuedKey, registerAttachmentReadRule } from './uploads';

export type AnnouncementRow = typeof announcements.$inferSelect;
type DeliveryRow = typeof announcementDeliveries.$inferSelect;

const CHUNK = 500;
const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());
export const announcementRef = (id: string) => `announcement:${id}`;
const changed = (row: Pick<AnnouncementRow, 'id' | 'hoaId'>) => ({ hoaId: row.hoaId, rows: [{ area: AREAS.announcement, id: row.id }] });

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ================================================================ audience

interface Member {
  id: string;
  name: string;
  email: string;
}

const activeMembers = (hoaId: string, ...more: (SQL | undefined)[]) =>
  and(eq(users.hoaId, hoaId), eq(users.status, 'active'), isNull(users.deletedAt), ...more);

/** The active members an audience addresses now (community §3 audience types). */
export async function resolveAudience(db: DbOrTx, hoaId: string, audience: AudienceType, customIds: string[]): Promise<Member[]> {
  const pick = { id: users.id, name: users.name, email: users.email };
  if (audience === 'custom') {
    const found: Member[] = [];
    for (const ids of chunks(customIds)) found.push(...(await db.select(pick).from(users).where(activeMembers(hoaId, inArray(users.id, ids)))));
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }
  const roleFilter = audience === 'board' ? inArray(users.role, ['board', 'superadmin']) : audience === 'residents' ? eq(users.role, 'resident') : undefined;
  return db.select(pick).from(users).where(activeMembers(hoaId, roleFilter)).orderBy(asc(users.name));
}

/** Custom recipients must all be active members of the actor's HOA; anything else is a 400 on the field. */
async function assertActiveRecipients(db: DbOrTx, hoaId: string, ids: string[]): Promise<Member[]> {
  if (ids.length === 0) throw invalidField('custom_recipients', ANNOUNCEMENT_MESSAGES.recipientsRequired);
  const found = await resolveAudience(db, hoaId, 'custom', ids);
  if (found.length !== ids.length) throw invalidField('custom_recipients', ANNOUNCEMENT_MESSAGES.recipientNotFound);
  return found;
}

/** How many active members each audience has: "Total Recipients" of drafts and scheduled ones. */
async function audienceSizes(db: DbOrTx, hoaId: string): Promise<Record<Exclude<AudienceType, 'custom'>, number>> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).where(activeMembers(hoaId)).groupBy(users.role);
  const n = (role: string) => rows.find((r) => r.role === role)?.n ?? 0;
  return { all: n('resident') + n('board') + n('superadmin'), board: n('board') + n('superadmin'), residents: n('resident') };
}

// ================================================================ reading

async function customRecipientIds(db: DbOrTx, hoaId: string, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ announcementId: announcementRecipients.announcementId, userId: announcementRecipients.userId })
      .from(announcementRecipients)
      .where(and(eq(announcementRecipients.hoaId, hoaId), inArray(announcementRecipients.announcementId, part)));
    for (const r of rows) out.set(r.announcementId, [...(out.get(r.announcementId) ?? []), r.userId]);
  }
  return out;
}

async function deliveryCounts(db: DbOrTx, hoaId: string, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const out = new Map<string, DeliveryCounts>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ announcementId: announcementDeliveries.announcementId, status: announcementDeliveries.status, n: count() })
      .from(announcementDeliveries)
      .where(and(eq(announcementDeliveries.hoaId, hoaId), inArray(announcementDeliveries.announcementId, part)))
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

const isOut = (status: AnnouncementRow['status']) => status !== 'draft' && status !== 'scheduled';

/** What the readers of a batch of rows need besides the rows: audience lists, counts, sizes. */
interface Extras {
  custom: Map<string, string[]>;
  counts: Map<string, DeliveryCounts>;
  sizes: Record<Exclude<AudienceType, 'custom'>, number> | null;
}

async function loadExtras(db: DbOrTx, viewer: Viewer, rows: AnnouncementRow[]): Promise<Extras> {
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
 * The cache value of one announcement, as this viewer may see it (residents get no audience list, author or counts).
 * REST answers build on it; the pull builds the same value in SQL (`listAnnouncementsForSync`): change both together.
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

/**
 * Visible announcements whose id is in `ids` (a subquery selecting `row_id`), as cache values: the
 * `SyncedAnnouncement` that `toSyncedAnnouncement` builds for REST, built and serialised by SQLite
 * in one statement. Why not the JavaScript builder: an initial pull loads every row of the HOA, and
 * 10k row objects plus their extras and JSON.stringify took longer than the 500 ms the sync
 * benchmark allows. Cost follows the ids: the CROSS JOIN walks the wanted ids, delivery counts are
 * aggregated for those ids only, custom lists are read per custom row through the recipients'
 * primary key, and the audience sizes are constant subqueries SQLite evaluates at most once.
 * tests/sync/announcement-value.test.ts keeps this and `toSyncedAnnouncement` in agreement.
 */
export async function listAnnouncementsForSync(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<{ id: string; json: string }[]> {
  const a = announcements;
  const privileged = sql.raw(isPrivileged(viewer.role) ? '1' : '0');
  const isOut = sql`${a.status} NOT IN ('draft', 'scheduled')`;
  const audienceSize = (roles: Role[]) => sql`(SELECT count(*) FROM ${users} WHERE ${activeMembers(viewer.hoaId, inArray(users.role, roles))})`;
  // The unary `+` keeps the tenant checks off the hoa_id indexes: SQLite (no ANALYZE statistics)
  // would otherwise pick them and walk the whole HOA for each row instead of its announcement id.
  const recipients = sql`${announcementRecipients} WHERE ${announcementRecipients.announcementId} = ${a.id} AND +${announcementRecipients.hoaId} = ${a.hoaId}`;
  return db.all(sql`
    WITH delivery_counts AS (
      SELECT d.announcement_id AS id, count(*) AS total, sum(d.status = 'delivered') AS delivered,
        sum(d.status = 'failed') AS failed, sum(d.status = 'pending') AS pending
      FROM (${ids}) AS wanted CROSS JOIN ${announcementDeliveries} AS d
      WHERE d.announcement_id = wanted.row_id AND +d.hoa_id = ${viewer.hoaId}
      GROUP BY d.announcement_id)
    SELECT ${a.id} AS id, json_object(
      'id', ${a.id}, 'title', ${a.title}, 'message', ${a.message}, 'category', ${a.category}, 'status', ${a.status},
      'audienceType', ${a.audienceType},
      'customRecipients', json(CASE WHEN ${privileged} AND ${a.audienceType} = 'custom'
        THEN (SELECT json_group_array(user_id) FROM (SELECT ${announcementRecipients.userId} AS user_id FROM ${recipients} ORDER BY 1))
        ELSE '[]' END),
      'attachment', CASE WHEN ${a.attachmentS3Key} <> '' AND ${a.attachmentFilename} <> '' THEN json_object(
        's3Key', ${a.attachmentS3Key}, 'filename', ${a.attachmentFilename},
        'fileSize', coalesce(${a.attachmentFileSize}, 0), 'fileType', coalesce(${a.attachmentFileType}, '')) END,
      'deliveryMethods', json(${a.deliveryMethods}),
      'createdBy', CASE WHEN ${privileged} THEN json_object('id', ${a.createdBy}, 'name', coalesce(creator.name, 'Unknown')) END,
      'totalRecipients', CASE
        WHEN ${isOut} THEN coalesce(c.total, 0)
        WHEN ${a.audienceType} = 'custom' THEN (SELECT count(*) FROM ${recipients})
        WHEN ${a.audienceType} = 'board' THEN ${audienceSize(['board', 'superadmin'])}
        WHEN ${a.audienceType} = 'residents' THEN ${audienceSize(['resident'])}
        ELSE ${audienceSize(['resident', 'board', 'superadmin'])} END,
      'deliveryCounts', CASE WHEN ${privileged} AND ${isOut} THEN json_object(
        'total', coalesce(c.total, 0), 'delivered', coalesce(c.delivered, 0), 'failed', coalesce(c.failed, 0), 'pending', coalesce(c.pending, 0)) END,
      'createdAt', ${a.createdAt}, 'updatedAt', ${a.updatedAt}, 'sentAt', ${a.sentAt}, 'scheduledAt', ${a.scheduledAt}, 'version', ${a.version}
    ) AS json
    FROM (${ids}) AS wanted
    CROSS JOIN ${a}
    LEFT JOIN ${users} AS creator ON creator.id = ${a.createdBy} AND creator.hoa_id = ${a.hoaId}
    LEFT JOIN delivery_counts AS c ON c.id = ${a.id}
    WHERE ${a.id} = wanted.row_id AND ${visibleAnnouncements(viewer)}`);
}

/** The viewer's own read markers (`SyncedAnnouncementRead`) for the announcements in `ids` (a subquery selecting `row_id`), serialised by SQLite. */
export async function listAnnouncementReadsForSync(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<{ id: string; json: string }[]> {
  const r = announcementReads;
  return db.all(sql`
    SELECT ${r.announcementId} AS id, json_object('announcementId', ${r.announcementId}, 'readAt', ${r.readAt}) AS json
    FROM (${ids}) AS wanted CROSS JOIN ${r}
    WHERE ${r.announcementId} = wanted.row_id AND ${visibleAnnouncementReads(viewer)}`);
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

// ---------------------------------------------------------------- REST shapes

const recipientOf = (id: string, name: string | null, email: string | null): ApiRecipient => ({ _id: id, name: name || 'Unknown User', email: email ?? '' });

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
    const creatorIds = [...new Set(rows.map((r) => r.createdBy))];
    for (const part of chunks(creatorIds)) {
      const found = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.hoaId, viewer.hoaId), inArray(users.id, part)));
      for (const u of found) creators.set(u.id, u.name);
    }
  }

  const out: ApiAnnouncement[] = [];
  for (const row of rows) {
    const synced = toSyncedAnnouncement(row, viewer, creators.get(row.createdBy) ?? null, extras);
    let recipients: ApiRecipient[] = [];
    let stats: ApiAnnouncement['delivery_stats'] = null;
    if (privileged && opts.detail) {
      if (isOut(row.status)) {
        const deliveries = await db
          .select({ d: announcementDeliveries, name: users.name })
          .from(announcementDeliveries)
          .leftJoin(users, and(eq(users.id, announcementDeliveries.userId), eq(users.hoaId, announcementDeliveries.hoaId)))
          .where(and(eq(announcementDeliveries.hoaId, row.hoaId), eq(announcementDeliveries.announcementId, row.id)))
          .orderBy(asc(users.name), asc(announcementDeliveries.email));
        recipients = deliveries.map(({ d, name }) => recipientOf(d.userId, name, d.email));
        stats = {
          total_sent: deliveries.length,
          email_delivered: deliveries.filter((x) => x.d.status === 'delivered').map(({ d, name }) => ({ ...recipientOf(d.userId, name, d.email), delivered_at: iso(d.deliveredAt) })),
          email_failed: deliveries.filter((x) => x.d.status === 'failed').map(({ d, name }) => ({ ...recipientOf(d.userId, name, d.email), error: d.error })),
          pending: deliveries.filter((x) => x.d.status === 'pending').map(({ d, name }) => recipientOf(d.userId, name, d.email)),
        };
      } else {
        const members = await resolveAudience(db, row.hoaId, row.audienceType, extras.custom.get(row.id) ?? []);
        recipients = members.map((m) => recipientOf(m.id, m.name, m.email));
      }
    }
    out.push({
      _id: row.id,
      title: row.title,
      message: row.message,
      category: row.category,
      status: row.status,
      audience_type: privileged ? row.audienceType : null,
      recipients,
      custom_recipients: synced.customRecipients,
      total_recipients: synced.totalRecipients,
      attachment: synced.attachment
        ? { s3_key: synced.attachment.s3Key, filename: synced.attachment.filename, file_size: synced.attachment.fileSize, file_type: synced.attachment.fileType }
        : null,
      delivery_methods: row.deliveryMethods,
      delivery_stats: stats,
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

// ================================================================ drafts

/** The stored form of the editable fields: sanitised message, checked recipients and attachment. */
async function prepareFields(tx: Tx, actor: Actor, input: AnnouncementForm) {
  const title = input.title.trim();
  if (!title) throw invalidField('title', ANNOUNCEMENT_MESSAGES.titleRequired);
  const message = sanitizeRichText(input.message.trim());
  // A message of only a script or an image is empty once sanitised.
  if (isRichTextEmpty(message)) throw invalidField('message', ANNOUNCEMENT_MESSAGES.messageRequired);
  const custom = input.audience_type === 'custom' ? [...new Set(input.custom_recipients)] : [];
  if (input.audience_type === 'custom') await assertActiveRecipients(tx, actor.hoaId, custom);
  let attachment = { attachmentS3Key: null as string | null, attachmentFilename: null as string | null, attachmentFileSize: null as number | null, attachmentFileType: null as string | null };
  if (input.attachment) {
    // The key must have been issued to this HOA for announcements; name, size and type come from that record, not the client.
    const upload = await assertIssuedKey(tx, actor, 'announcements', input.attachment.s3_key, 'attachment.s3_key');
    attachment = { attachmentS3Key: upload.s3Key, attachmentFilename: upload.fileName, attachmentFileSize: upload.fileSize, attachmentFileType: fileExtension(upload.fileName) };
  }
  return { title, message, category: input.category, audienceType: input.audience_type, custom, attachment };
}

async function replaceRecipients(tx: Tx, row: Pick<AnnouncementRow, 'id' | 'hoaId'>, userIds: string[]) {
  await tx.delete(announcementRecipients).where(and(eq(announcementRecipients.hoaId, row.hoaId), eq(announcementRecipients.announcementId, row.id)));
  for (const part of chunks(userIds)) {
    await tx.insert(announcementRecipients).values(part.map((userId) => ({ announcementId: row.id, userId, hoaId: row.hoaId })));
  }
}

/** Creates a draft. `id` comes from the client for offline creation (the mutator); REST leaves it out. */
export async function createAnnouncementDraft(deps: AppDeps, tx: Tx, actor: Actor, input: AnnouncementForm & { id?: string }): Promise<AnnouncementRow> {
  requireBoard(actor);
  const fields = await prepareFields(tx, actor, input);
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is this HOA's or another's.
    const [taken] = await tx.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id)).limit(1);
    if (taken) throw conflict(ANNOUNCEMENT_MESSAGES.idTaken);
  }
  const now = deps.clock();
  const [row] = await tx
    .insert(announcements)
    .values({
      id,
      hoaId: actor.hoaId,
      title: fields.title,
      message: fields.message,
      category: fields.category,
      status: 'draft',
      audienceType: fields.audienceType,
      ...fields.attachment,
      deliveryMethods: ['in_app', 'email'],
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
      version: 1,
    })
    .returning();
  await replaceRecipients(tx, row, fields.custom);
  await bumpChanges(deps, tx, changed(row));
  return row;
}

/** Board work (community §6): residents are refused whatever the row, with words a rejection notice can show. */
function requireBoard(actor: Actor): void {
  if (!canManageAnnouncements(actor.role)) throw forbidden(ANNOUNCEMENT_MESSAGES.boardOnly);
}

/** A board member's row for a write: the role first, then the row (404 when not visible). */
async function boardRow(tx: Tx, actor: Actor, id: string): Promise<AnnouncementRow> {
  requireBoard(actor);
  return getVisibleAnnouncement(tx, actor, id);
}

/** Replaces a draft's fields (PUT semantics). Only drafts: anything else is a 409. */
export async function updateAnnouncementDraft(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: AnnouncementForm): Promise<AnnouncementRow> {
  const current = await boardRow(tx, actor, id);
  if (current.status !== 'draft') throw conflict(ANNOUNCEMENT_MESSAGES.notDraftEdit);
  const fields = await prepareFields(tx, actor, input);
  const [row] = await tx
    .update(announcements)
    .set({
      title: fields.title,
      message: fields.message,
      category: fields.category,
      audienceType: fields.audienceType,
      ...fields.attachment,
      updatedAt: deps.clock(),
      version: sql`${announcements.version} + 1`,
    })
    // The status again: a send committed in between wins.
    .where(and(eq(announcements.id, current.id), eq(announcements.hoaId, actor.hoaId), eq(announcements.status, 'draft')))
    .returning();
  if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftEdit);
  await replaceRecipients(tx, row, fields.custom);
  await bumpChanges(deps, tx, changed(row));
  return row;
}

/** Soft-deletes a draft. The row leaves every client's cache through the sync diff. */
export async function deleteAnnouncementDraft(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<void> {
  const current = await boardRow(tx, actor, id);
  if (current.status !== 'draft') throw conflict(ANNOUNCEMENT_MESSAGES.notDraftDelete);
  const now = deps.clock();
  const [row] = await tx
    .update(announcements)
    .set({ deletedAt: now, updatedAt: now, version: sql`${announcements.version} + 1` })
    .where(and(eq(announcements.id, current.id), eq(announcements.hoaId, actor.hoaId), eq(announcements.status, 'draft'), isNull(announcements.deletedAt)))
    .returning();
  if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftDelete);
  await bumpChanges(deps, tx, changed(row));
}

// ================================================================ reading markers

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

// ================================================================ sending

/**
 * Queues the email to every recipient (one outbox row and one delivery row each) for a row already
 * moved to `sending`. The mail is rendered once: it is the same for everyone.
 */
async function queueDeliveries(deps: AppDeps, tx: Tx, row: AnnouncementRow, recipients: Member[], now: number): Promise<void> {
  const [hoa] = await tx.select({ name: hoas.name }).from(hoas).where(eq(hoas.id, row.hoaId)).limit(1);
  const mail = await announcementEmail({
    hoaName: hoa?.name ?? 'Your HOA',
    title: row.title,
    category: row.category,
    messageHtml: row.message,
    url: `${deps.config.appUrl}/announcements/${row.id}`,
    attachmentName: row.attachmentFilename,
  });
  const ref = announcementRef(row.id);
  const outboxIds = await queueEmails(
    tx,
    now,
    recipients.map((r) => ({ hoaId: row.hoaId, to: r.email, toUserId: r.id, ref, ...mail })),
  );
  const deliveries = recipients.map((r, i) => ({
    id: newId(),
    hoaId: row.hoaId,
    announcementId: row.id,
    userId: r.id,
    email: r.email,
    outboxId: outboxIds[i],
    status: 'pending' as const,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  }));
  for (const part of chunks(deliveries, 50)) await tx.insert(announcementDeliveries).values(part);
}

export interface SendOptions {
  /** Milliseconds; in the future → `scheduled`, otherwise sent now. */
  scheduledAt?: number | null;
  /**
   * Who delivers the first pass. `job` (default, the sync push): the outbox job is nudged after
   * commit. `caller` (REST): the route delivers inline after commit and answers with the numbers.
   */
  delivery?: 'job' | 'caller';
}

/**
 * Sends a draft now (draft → sending, deliveries queued) or schedules it (draft → scheduled).
 * Custom recipients are checked again: all must still be active members. An audience with nobody
 * in it is refused rather than ending as an announcement nobody received.
 */
export async function sendAnnouncement(deps: AppDeps, tx: Tx, actor: Actor, id: string, opts: SendOptions = {}): Promise<AnnouncementRow> {
  const current = await boardRow(tx, actor, id);
  if (current.status !== 'draft') throw conflict(ANNOUNCEMENT_MESSAGES.notDraftSend);
  const now = deps.clock();
  const onlyDraft = and(eq(announcements.id, current.id), eq(announcements.hoaId, actor.hoaId), eq(announcements.status, 'draft'));

  if (opts.scheduledAt != null && opts.scheduledAt > now) {
    const [row] = await tx
      .update(announcements)
      .set({ status: 'scheduled', scheduledAt: opts.scheduledAt, updatedAt: now, version: sql`${announcements.version} + 1` })
      .where(onlyDraft)
      .returning();
    if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftSend);
    await bumpChanges(deps, tx, changed(row));
    return row;
  }

  const custom = current.audienceType === 'custom' ? ((await customRecipientIds(tx, actor.hoaId, [current.id])).get(current.id) ?? []) : [];
  const recipients = current.audienceType === 'custom' ? await assertActiveRecipients(tx, actor.hoaId, custom) : await resolveAudience(tx, actor.hoaId, current.audienceType, []);
  if (recipients.length === 0) throw invalidField('audience_type', ANNOUNCEMENT_MESSAGES.noRecipients);
  const [row] = await tx
    .update(announcements)
    .set({ status: 'sending', sentAt: now, scheduledAt: null, updatedAt: now, version: sql`${announcements.version} + 1` })
    .where(onlyDraft)
    .returning();
  if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftSend);
  await queueDeliveries(deps, tx, row, recipients, now);
  await bumpChanges(deps, tx, changed(row));
  if (opts.delivery !== 'caller') deps.database.afterCommit(() => deps.onEmailQueued?.());
  return row;
}

/**
 * Job: sends scheduled announcements that are due. Each is claimed with a conditional update
 * (scheduled → sending), so overlapping runs never send one twice. Members who left since the
 * announcement was scheduled are skipped; with nobody left the announcement ends `failed`.
 */
export async function sendDueAnnouncements(deps: AppDeps, opts: { limit?: number } = {}): Promise<number> {
  const now = deps.clock();
  const due = and(eq(announcements.status, 'scheduled'), sql`${announcements.scheduledAt} <= ${now}`, isNull(announcements.deletedAt));
  const candidates = await deps.database.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(due)
    .orderBy(asc(announcements.scheduledAt))
    .limit(opts.limit ?? 20);
  let sent = 0;
  for (const { id } of candidates) {
    const claimed = await deps.database.transaction(async (tx) => {
      const [row] = await tx
        .update(announcements)
        .set({ status: 'sending', sentAt: now, updatedAt: now, version: sql`${announcements.version} + 1` })
        .where(and(eq(announcements.id, id), due))
        .returning();
      if (!row) return false;
      const custom = row.audienceType === 'custom' ? ((await customRecipientIds(tx, row.hoaId, [row.id])).get(row.id) ?? []) : [];
      const recipients = await resolveAudience(tx, row.hoaId, row.audienceType, custom);
      if (recipients.length === 0) {
        await tx.update(announcements).set({ status: 'failed' }).where(eq(announcements.id, row.id));
      } else {
        await queueDeliveries(deps, tx, row, recipients, now);
      }
      await bumpChanges(deps, tx, changed(row));
      return recipients.length > 0;
    });
    if (claimed) sent++;
  }
  if (sent > 0) deps.onEmailQueued?.();
  return sent;
}

/**
 * After a delivery run: copies final outbox outcomes (delivered, failed) onto the pending delivery
 * rows, then ends each `sending` announcement with nothing pending in `sent` (≥1 delivered) or
 * `failed`. Announcements whose counts changed get a new version, so synced clients see the counts.
 * Cheap when there is nothing to do (one read, no write lock).
 */
export async function settleAnnouncementDeliveries(deps: AppDeps, opts: { announcementId?: string } = {}): Promise<number> {
  const only = opts.announcementId ? sql`AND d.announcement_id = ${opts.announcementId}` : sql``;
  const onlyAnnouncement = opts.announcementId ? sql`AND a.id = ${opts.announcementId}` : sql``;
  const finished = sql`
    SELECT d.id FROM ${announcementDeliveries} d JOIN ${emailOutbox} o ON o.id = d.outbox_id
    WHERE d.status = 'pending' AND o.status IN ('delivered', 'failed') ${only}`;
  const unsettled = sql`
    SELECT a.id FROM ${announcements} a WHERE a.status = 'sending' ${onlyAnnouncement}
      AND NOT EXISTS (SELECT 1 FROM ${announcementDeliveries} d WHERE d.announcement_id = a.id AND d.status = 'pending')`;
  const [work] = await deps.database.db.all(sql`SELECT EXISTS (${finished}) OR EXISTS (${unsettled}) AS any`);
  if (!(work as { any: number } | undefined)?.any) return 0;

  return deps.database.transaction(async (tx) => {
    const now = deps.clock();
    const updated = await tx.all<{ announcementId: string }>(sql`
      UPDATE ${announcementDeliveries}
      SET status = o.status, error = o.last_error, attempts = o.attempts, delivered_at = o.delivered_at, updated_at = ${now}
      FROM ${emailOutbox} o
      WHERE o.id = ${announcementDeliveries}.outbox_id AND ${announcementDeliveries}.id IN (${finished})
      RETURNING announcement_id AS announcementId`);
    const done = await tx.all<{ id: string }>(unsettled);
    const touched = [...new Set([...updated.map((u) => u.announcementId), ...done.map((d) => d.id)])];
    for (const part of chunks(touched)) {
      const rows = await tx.select().from(announcements).where(inArray(announcements.id, part));
      const countsByHoa = new Map<string, string[]>();
      for (const r of rows) countsByHoa.set(r.hoaId, [...(countsByHoa.get(r.hoaId) ?? []), r.id]);
      for (const [hoaId, ids] of countsByHoa) {
        const counts = await deliveryCounts(tx, hoaId, ids);
        for (const row of rows.filter((r) => r.hoaId === hoaId)) {
          const c = counts.get(row.id) ?? { total: 0, delivered: 0, failed: 0, pending: 0 };
          const status = row.status === 'sending' && c.pending === 0 ? (c.delivered > 0 ? 'sent' : 'failed') : row.status;
          await tx
            .update(announcements)
            .set({ status, updatedAt: now, version: sql`${announcements.version} + 1` })
            .where(eq(announcements.id, row.id));
        }
        await bumpChanges(deps, tx, { hoaId, rows: ids.map((id) => ({ area: AREAS.announcement, id })) });
      }
    }
    return touched.length;
  });
}

/** How long the REST send and retry wait for their first delivery pass before answering (clients time out at 10 s). */
const INLINE_DELIVERY_BUDGET_MS = 5_000;

/**
 * Delivers this announcement's queued mail now (after the commit, outside any transaction) and
 * settles the outcome, so the answer can say how many were delivered. What does not fit in the
 * budget, or waits for a retry, is left to the outbox job.
 */
export async function deliverAnnouncementNow(deps: AppDeps, id: string): Promise<void> {
  const started = Date.now();
  const ref = announcementRef(id);
  try {
    while (Date.now() - started < INLINE_DELIVERY_BUDGET_MS) {
      const run = await deliverOutbox(deps, { ref });
      if (run.claimed > 0) continue;
      // Nothing left to claim here; a concurrent job run may still hold some of these rows: wait for it briefly.
      const [inFlight] = await deps.database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.ref, ref), eq(emailOutbox.status, 'sending')))
        .limit(1);
      if (!inFlight) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await settleAnnouncementDeliveries(deps, { announcementId: id });
  } catch (e) {
    // The send is committed; the job finishes what this pass could not. The answer shows the state so far.
    console.error(`announcement ${id}: inline delivery failed, left to the outbox job`, e);
  }
  // Anything still queued (budget spent, a retry later, or the failure above) goes to the job.
  deps.onEmailQueued?.();
}

/**
 * Queues failed deliveries again: all of them, or those of `userIds`. Delivered ones are never sent
 * twice. The announcement goes back to `sending` until the new attempts settle. Returns the
 * delivery rows queued again.
 */
export async function retryAnnouncementDeliveries(deps: AppDeps, tx: Tx, actor: Actor, id: string, userIds: string[]): Promise<string[]> {
  const current = await boardRow(tx, actor, id);
  if (current.status === 'sending') throw conflict(ANNOUNCEMENT_MESSAGES.retryWhileSending);
  if (current.status !== 'sent' && current.status !== 'failed') throw conflict(ANNOUNCEMENT_MESSAGES.notRetryable);
  const scope = and(eq(announcementDeliveries.hoaId, actor.hoaId), eq(announcementDeliveries.announcementId, current.id));
  const wanted = [...new Set(userIds)];
  let rows: DeliveryRow[];
  if (wanted.length > 0) {
    rows = [];
    for (const part of chunks(wanted)) rows.push(...(await tx.select().from(announcementDeliveries).where(and(scope, inArray(announcementDeliveries.userId, part)))));
    if (rows.length !== wanted.length) throw invalidField('user_ids', ANNOUNCEMENT_MESSAGES.retryUnknownUsers);
    rows = rows.filter((r) => r.status === 'failed');
  } else {
    rows = await tx.select().from(announcementDeliveries).where(and(scope, eq(announcementDeliveries.status, 'failed')));
  }
  if (rows.length === 0) return [];

  const now = deps.clock();
  for (const part of chunks(rows)) {
    await tx
      .update(emailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, claimedAt: null })
      .where(and(eq(emailOutbox.hoaId, actor.hoaId), eq(emailOutbox.status, 'failed'), inArray(emailOutbox.id, part.map((r) => r.outboxId))));
    await tx
      .update(announcementDeliveries)
      .set({ status: 'pending', error: null, updatedAt: now })
      .where(inArray(announcementDeliveries.id, part.map((r) => r.id)));
  }
  const [row] = await tx
    .update(announcements)
    .set({ status: 'sending', updatedAt: now, version: sql`${announcements.version} + 1` })
    .where(eq(announcements.id, current.id))
    .returning();
  await bumpChanges(deps, tx, changed(row));
  return rows.map((r) => r.id);
}

/** The outcome of some delivery rows (a retry's), for `retry_summary`. */
export async function summarizeDeliveries(db: DbOrTx, hoaId: string, deliveryIds: string[]) {
  const summary = { email_delivered: 0, email_failed: 0, pending: 0 };
  for (const part of chunks(deliveryIds)) {
    const rows = await db
      .select({ status: announcementDeliveries.status, n: count() })
      .from(announcementDeliveries)
      .where(and(eq(announcementDeliveries.hoaId, hoaId), inArray(announcementDeliveries.id, part)))
      .groupBy(announcementDeliveries.status);
    for (const r of rows) summary[r.status === 'delivered' ? 'email_delivered' : r.status === 'failed' ? 'email_failed' : 'pending'] += r.n;
  }
  return summary;
}

/**
 * The REST send (`POST …/send`): commit the send, deliver what the provider takes at once and
 * answer with the numbers ("x/y emails delivered"). A scheduled send answers with 0 delivered.
 */
export async function sendAnnouncementAndReport(deps: AppDeps, actor: Actor, id: string, scheduledAt: number | null) {
  const row = await deps.database.transaction((tx) => sendAnnouncement(deps, tx, actor, id, { scheduledAt, delivery: 'caller' }));
  if (row.status === 'sending') await deliverAnnouncementNow(deps, id);
  const announcement = await getAnnouncement(deps.database.db, actor, id);
  const delivered = announcement.delivery_stats?.email_delivered.length ?? 0;
  return { ...announcement, delivery_summary: { email_delivered: delivered, total_recipients: announcement.total_recipients } };
}

/** The REST retry (`POST …/retry`): queue the failed deliveries again, deliver now, and summarise them. */
export async function retryAnnouncementAndReport(deps: AppDeps, actor: Actor, id: string, userIds: string[]) {
  const retried = await deps.database.transaction((tx) => retryAnnouncementDeliveries(deps, tx, actor, id, userIds));
  if (retried.length > 0) await deliverAnnouncementNow(deps, id);
  const retry_summary = await summarizeDeliveries(deps.database.db, actor.hoaId, retried);
  return { ...(await getAnnouncement(deps.database.db, actor, id)), retry_summary };
}

// ================================================================ attachments

/** Anyone who can see an announcement may download its attachment (the uploader and the board always may). */
registerAttachmentReadRule('announcements', async (db, actor, upload) => {
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(visibleAnnouncements(actor), eq(announcements.attachmentS3Key, upload.s3Key)))
    .limit(1);
  return !!row;
});
