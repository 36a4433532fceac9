/**
 * Issuing a violation: board and superadmin only; the resident must be an
 * active member of the HOA; the due date may not be before today (the HOA's); the message is sanitised on write;
 * each photo (up to five; the first is `photo_url`) must have been issued to the actor for violations and
 * stored; photos the device could not deliver are recorded as refused. The resident gets the notice.
 */
import { eq } from 'drizzle-orm';
import { isRichTextEmpty } from '../../../schema/rich-text';
import { users, violationHistory, violationPhotos, violations } from '../../../schema/tables';
import { isoDay } from '../../../schema/money';
import { fileExtension } from '../../../schema/uploads';
import { VIOLATION_HISTORY, VIOLATION_MESSAGES, VIOLATION_PHOTOS_MAX, violationPolicy, type ViolationForm } from '../../../schema/violations';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { sanitizeRichText } from '../../services/sanitize';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { memberName, recordActivity } from '../activity';
import { conflict, forbidden, invalidField } from '../errors';
import { hoaToday } from '../hoa-days';
import { activeMembers } from '../members';
import { recordHistory } from '../threads';
import { takeIssuedKey, attachmentValues, type IssuedUpload } from '../uploads';
import { mailViolationIssued } from './emails';
import type { ViolationRow } from './read';
import { violationRows } from './sync';

/** Issues a violation. `id` comes from the client for offline creation (the mutator); REST leaves it out. */
export async function issueViolation(deps: AppDeps, tx: Tx, actor: Actor, input: ViolationForm & { id?: string }): Promise<ViolationRow> {
  if (!violationPolicy.mayIssue(actor.role)) throw forbidden(VIOLATION_MESSAGES.boardOnly);
  const now = deps.clock();
  const title = input.title.trim();
  if (!title) throw invalidField('title', VIOLATION_MESSAGES.titleRequired);
  const message = sanitizeRichText(input.message.trim());
  // A message of only a script or an image is empty once sanitised.
  if (isRichTextEmpty(message)) throw invalidField('message', VIOLATION_MESSAGES.messageRequired);
  if (!violationPolicy.isDueDateAllowed(input.due_date, await hoaToday(tx, actor.hoaId, now))) throw invalidField('due_date', VIOLATION_MESSAGES.dueDatePast);
  const [resident] = await tx.select({ id: users.id, addressId: users.addressId }).from(users).where(activeMembers(actor.hoaId, eq(users.id, input.user_id))).limit(1);
  if (!resident) throw invalidField('user_id', VIOLATION_MESSAGES.residentInvalid);
  const uploads = await takePhotos(deps, tx, actor, input);
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is this HOA's or another's.
    const [taken] = await tx.select({ id: violations.id }).from(violations).where(eq(violations.id, id)).limit(1);
    if (taken) throw conflict(VIOLATION_MESSAGES.idTaken);
  }
  const [row] = await violationRows.insert(deps, tx, {
    id,
    hoaId: actor.hoaId,
    userId: resident.id,
    addressId: resident.addressId,
    issuedBy: actor.userId,
    category: input.category,
    title,
    message,
    dueDate: input.due_date,
    status: 'open',
    // The first photo is the attachment (`photo_url`), as before there were several.
    ...(uploads[0] ? attachmentValues(uploads[0]) : {}),
    photosRefused: input.photos_refused?.length ? JSON.stringify(input.photos_refused.map((r) => ({ fileName: r.file_name, reason: r.reason }))) : null,
    createdAt: now,
    updatedAt: now,
  });
  if (uploads.length) {
    await tx.insert(violationPhotos).values(
      uploads.map((u, position) => ({ hoaId: row.hoaId, violationId: row.id, position, s3Key: u.s3Key, fileName: u.fileName, fileSize: u.fileSize, fileType: fileExtension(u.fileName), createdAt: now })),
    );
  }
  await recordHistory(tx, violationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: VIOLATION_HISTORY.issued, at: now });
  await recordActivity(deps, tx, actor, { action: 'violation.created', summary: `Issued the violation "${title}" to ${await memberName(tx, { userId: resident.id, hoaId: actor.hoaId })}`, entity: 'violation', entityId: row.id, after: { title, category: row.category, status: row.status, due_date: isoDay(row.dueDate) } });
  // In the push, the device sends this only once every photo is stored: the notice links them all.
  await mailViolationIssued(deps, tx, row, actor, uploads);
  return row;
}

/**
 * The photos in order: `photo_url` first when sent, then `photos` (the same key once). Each key must
 * have been issued to the actor for violations and be stored; name, size and type come from that record.
 */
async function takePhotos(deps: AppDeps, tx: Tx, actor: Actor, input: ViolationForm): Promise<IssuedUpload[]> {
  const keys = [...new Set([input.photo_url, ...(input.photos ?? [])].filter((k): k is string => !!k))];
  if (keys.length > VIOLATION_PHOTOS_MAX) throw invalidField('photos', VIOLATION_MESSAGES.tooManyPhotos);
  const uploads: IssuedUpload[] = [];
  for (const key of keys) {
    const path = key === input.photo_url ? 'photo_url' : `photos.${input.photos!.indexOf(key)}`;
    uploads.push(await takeIssuedKey(tx, deps.clock(), actor, 'violations', key, path));
  }
  return uploads;
}
