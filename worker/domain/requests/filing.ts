/**
 * Filing a request and attaching its file. Anyone signed in files a
 * request; the description is sanitised on write; an attachment key must have been issued to the
 * HOA for requests. The board hears of each new request by email.
 */
import { and, eq } from 'drizzle-orm';
import { REQUEST_HISTORY, REQUEST_MESSAGES, requestPolicy, type RequestForm } from '../../../schema/requests';
import { isRichTextEmpty } from '../../../schema/rich-text';
import { requestHistory, requests, users } from '../../../schema/tables';
import { fileExtension, type AttachmentUploadResult } from '../../../schema/uploads';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { sanitizeRichText } from '../../services/sanitize';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField } from '../errors';
import { recordHistory } from '../threads';
import { takeIssuedKey, attachmentValues, storeUpload, type ReceivedFile } from '../uploads';
import { mailRequestFiled } from './emails';
import { getVisibleRequest, type RequestRow } from './read';
import { requestRows } from './sync';

/** Files a request. `id` comes from the client for offline creation (the mutator); REST leaves it out. */
export async function createRequest(deps: AppDeps, tx: Tx, actor: Actor, input: RequestForm & { id?: string }): Promise<RequestRow> {
  if (!requestPolicy.mayCreate(actor.role)) throw forbidden();
  const title = input.title.trim();
  if (!title) throw invalidField('title', REQUEST_MESSAGES.titleRequired);
  const description = sanitizeRichText(input.description.trim());
  // A description of only a script or an image is empty once sanitised.
  if (isRichTextEmpty(description)) throw invalidField('description', REQUEST_MESSAGES.descriptionRequired);
  // The key must have been issued to the filer for requests; name, size and type come from that record, not the client.
  const upload = input.photo_url ? await takeIssuedKey(tx, deps.clock(), actor, 'requests', input.photo_url, 'photo_url') : null;
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is this HOA's or another's.
    const [taken] = await tx.select({ id: requests.id }).from(requests).where(eq(requests.id, id)).limit(1);
    if (taken) throw conflict(REQUEST_MESSAGES.idTaken);
  }
  const [filer] = await tx.select({ addressId: users.addressId }).from(users).where(eq(users.id, actor.userId)).limit(1);
  const now = deps.clock();
  const [row] = await requestRows.insert(deps, tx, {
    id,
    hoaId: actor.hoaId,
    userId: actor.userId,
    addressId: filer?.addressId ?? null,
    title,
    description,
    category: input.category,
    status: 'open',
    ...(upload ? attachmentValues(upload) : {}),
    createdAt: now,
    updatedAt: now,
  });
  await recordHistory(tx, requestHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: REQUEST_HISTORY.created, at: now });
  await mailRequestFiled(deps, tx, row, actor);
  return row;
}

/**
 * `POST /api/requests/:id/attachments` (multipart): stores the file through the storage service and
 * makes it the request's attachment (replacing one there was). The resident who filed the request
 * and the board may; anyone else who cannot see it gets the 404.
 */
export async function attachRequestFile(deps: AppDeps, actor: Actor, id: string, file: ReceivedFile): Promise<AttachmentUploadResult> {
  const before = await getVisibleRequest(deps.database.db, actor, id);
  if (!requestPolicy.mayAttach({ residentId: before.userId }, actor)) throw forbidden(REQUEST_MESSAGES.attachmentNotAllowed);
  const upload = await storeUpload(deps, actor, 'requests', file);
  await deps.database.transaction(async (tx) => {
    const row = await getVisibleRequest(tx, actor, id);
    const now = deps.clock();
    await requestRows.update(deps, tx, and(eq(requests.id, row.id), eq(requests.hoaId, row.hoaId))!, { ...attachmentValues(upload), updatedAt: now });
    await recordHistory(tx, requestHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: REQUEST_HISTORY.attachmentAdded(upload.fileName), at: now });
  });
  return { s3Key: upload.s3Key, fileName: upload.fileName, fileSize: upload.fileSize, fileType: fileExtension(upload.fileName) };
}
