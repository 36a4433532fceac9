/**
 * Drafts and read markers. Writers take the caller's transaction (REST and push
 * alike): the role first (board work answers 403 to residents whatever the row), then the row
 * through `visibleAnnouncements` (another HOA's, or one the actor may not see, is a 404), then the
 * state rule of the policy (409). Rich text is sanitised on write and again on display.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES, announcementPolicy, type AnnouncementForm } from '../../../schema/announcements';
import { isRichTextEmpty } from '../../../schema/rich-text';
import { announcementReads, announcementRecipients, announcements } from '../../../schema/tables';
import { fileExtension } from '../../../schema/uploads';
import { preparedInTransaction, type Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { chunks } from '../../services/chunks';
import { sanitizeRichText } from '../../services/sanitize';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { badRequest, conflict, forbidden, invalidField } from '../errors';
import { takeIssuedKey } from '../uploads';
import { assertActiveRecipients } from './audience';
import { getVisibleAnnouncement, type AnnouncementRow } from './read';
import { announcementReadRows, announcementRows } from './sync';

/** Board work: residents are refused whatever the row, with words a rejection notice can show. */
export function requireBoard(actor: Actor): void {
  if (!announcementPolicy.mayManage(actor.role)) throw forbidden(ANNOUNCEMENT_MESSAGES.boardOnly);
}

/** A board member's row for a write: the role first, then the row (404 when not visible). */
export async function boardRow(tx: Tx, actor: Actor, id: string): Promise<AnnouncementRow> {
  requireBoard(actor);
  return getVisibleAnnouncement(tx, actor, id);
}

/**
 * The stored form of the editable fields: sanitised message, checked recipients and attachment.
 * `keptKey`: the attachment the draft holds, which any board member editing it keeps.
 */
async function prepareFields(tx: Tx, now: number, actor: Actor, input: AnnouncementForm, keptKey: string | null = null) {
  const title = input.title.trim();
  if (!title) throw invalidField('title', ANNOUNCEMENT_MESSAGES.titleRequired);
  const message = sanitizeRichText(input.message.trim());
  // A message of only a script or an image is empty once sanitised.
  if (isRichTextEmpty(message)) throw invalidField('message', ANNOUNCEMENT_MESSAGES.messageRequired);
  const custom = input.audience_type === 'custom' ? [...new Set(input.custom_recipients)] : [];
  if (input.audience_type === 'custom') await assertActiveRecipients(tx, actor.hoaId, custom);
  let attachment = { attachmentS3Key: null as string | null, attachmentFilename: null as string | null, attachmentFileSize: null as number | null, attachmentFileType: null as string | null };
  if (input.attachment) {
    // The key must have been issued to the actor (or be the draft's own) for announcements; name, size and type come from that record, not the client.
    const upload = await takeIssuedKey(tx, now, actor, 'announcements', input.attachment.s3_key, 'attachment.s3_key', keptKey);
    attachment = { attachmentS3Key: upload.s3Key, attachmentFilename: upload.fileName, attachmentFileSize: upload.fileSize, attachmentFileType: fileExtension(upload.fileName) };
  }
  return { title, message, category: input.category, audienceType: input.audience_type, pinned: input.pinned, custom, attachment };
}

/** The custom audience; written together with its announcement, whose new version carries it to clients. A new row has none to delete. */
async function replaceRecipients(tx: Tx, row: Pick<AnnouncementRow, 'id' | 'hoaId'>, userIds: string[], isNew = false) {
  if (!isNew) await tx.delete(announcementRecipients).where(and(eq(announcementRecipients.hoaId, row.hoaId), eq(announcementRecipients.announcementId, row.id)));
  for (const part of chunks(userIds)) {
    await tx.insert(announcementRecipients).values(part.map((userId) => ({ announcementId: row.id, userId, hoaId: row.hoaId })));
  }
}

/** Creates a draft. `id` comes from the client for offline creation (the mutator); REST leaves it out. */
export async function createAnnouncementDraft(deps: AppDeps, tx: Tx, actor: Actor, input: AnnouncementForm & { id?: string }): Promise<AnnouncementRow> {
  requireBoard(actor);
  const fields = await prepareFields(tx, deps.clock(), actor, input);
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is this HOA's or another's.
    // Built once per transaction (a push may create many).
    const q = preparedInTransaction(tx, 'announcement.idTaken', () =>
      tx.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, sql.placeholder('id'))).limit(1).prepare(),
    );
    const [taken] = await q.all({ id });
    if (taken) throw conflict(ANNOUNCEMENT_MESSAGES.idTaken);
  }
  const now = deps.clock();
  const [row] = await announcementRows.insert(deps, tx, {
    id,
    hoaId: actor.hoaId,
    title: fields.title,
    message: fields.message,
    category: fields.category,
    status: 'draft',
    audienceType: fields.audienceType,
    ...fields.attachment,
    deliveryMethods: ['in_app', 'email'],
    pinned: fields.pinned,
    createdBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  await replaceRecipients(tx, row, fields.custom, true);
  return row;
}

/** Only drafts, and the status checked again in the write: a send committed in between wins. */
const stillDraft = (actor: Actor, id: string) => and(eq(announcements.id, id), eq(announcements.hoaId, actor.hoaId), eq(announcements.status, 'draft'), isNull(announcements.deletedAt))!;

/** Replaces a draft's fields (PUT semantics). Only drafts: anything else is a 409. */
export async function updateAnnouncementDraft(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: AnnouncementForm): Promise<AnnouncementRow> {
  const current = await boardRow(tx, actor, id);
  if (!announcementPolicy.isEditable(current)) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftEdit);
  const fields = await prepareFields(tx, deps.clock(), actor, input, current.attachmentS3Key);
  const [row] = await announcementRows.update(deps, tx, stillDraft(actor, current.id), {
    title: fields.title,
    message: fields.message,
    category: fields.category,
    audienceType: fields.audienceType,
    pinned: fields.pinned,
    ...fields.attachment,
    updatedAt: deps.clock(),
  });
  if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftEdit);
  await replaceRecipients(tx, row, fields.custom);
  return row;
}

/** Soft-deletes a draft. The row leaves every client's cache through the sync diff. */
export async function deleteAnnouncementDraft(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<void> {
  const current = await boardRow(tx, actor, id);
  if (!announcementPolicy.isDeletable(current)) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftDelete);
  const now = deps.clock();
  const [row] = await announcementRows.update(deps, tx, stillDraft(actor, current.id), { deletedAt: now, updatedAt: now });
  if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftDelete);
}

/**
 * Marks an announcement read for the actor (`isReadBy`). Idempotent: a second call changes nothing.
 * Only published announcements are read (the policy): not drafts, not scheduled ones. Returns whether
 * a marker was written.
 */
export async function markAnnouncementRead(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<boolean> {
  const announcement = await getVisibleAnnouncement(tx, actor, id);
  if (!announcementPolicy.canMarkRead(announcement)) {
    throw badRequest(announcement.status === 'draft' ? ANNOUNCEMENT_MESSAGES.draftNotReadable : ANNOUNCEMENT_MESSAGES.scheduledNotReadable);
  }
  const inserted = await announcementReadRows.insert(
    deps,
    tx,
    { id: newId(), hoaId: actor.hoaId, announcementId: id, userId: actor.userId, readAt: deps.clock() },
    { onConflictDoNothing: [announcementReads.announcementId, announcementReads.userId] },
  );
  return inserted.length > 0;
}
