import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { isPrivileged } from '../../schema/roles';
import { storageUploads } from '../../schema/tables';
import { checkUpload, fileExtension, storageKeyName, UPLOAD_MESSAGES, type PresignedUpload, type PresignedUrlBody, type UploadFeature } from '../../schema/uploads';
import type { DbOrTx, Tx } from '../db';
import type { AppDeps } from '../deps';
import { newId } from '../services/tokens';
import { inHoa, type Actor } from './actor';
import { AppError, forbidden, invalidField, notFound } from './errors';

/**
 * Who may presign an upload for each area: announcements and documents are
 * board work; anyone signed in files requests; violation photos come from the board, and any viewer
 * of a violation may attach a file to a message, so residents may upload there too.
 */
const UPLOADERS: Record<UploadFeature, 'anyone' | 'board'> = {
  announcements: 'board',
  documents: 'board',
  requests: 'anyone',
  violations: 'anyone',
  // Residents submit architectural applications with their plans and photos.
  applications: 'anyone',
};

/** `storageKeyName` (schema/uploads.ts) with a new id where the client named none. */
export const storageKey = (hoaId: string, feature: UploadFeature, fileName: string, uploadId: string = newId()): string => storageKeyName(hoaId, feature, fileName, uploadId);

/**
 * Validates the declared file and returns a PUT URL signed for exactly that type and length. With the
 * client's `uploadId` (a photo queued offline, sent again after a lost answer) a second presign of the
 * same file answers the same key, so the retried PUT overwrites one object; the id of another file is refused.
 */
export async function presignUpload(deps: AppDeps, actor: Actor, feature: UploadFeature, body: PresignedUrlBody): Promise<PresignedUpload> {
  if (UPLOADERS[feature] === 'board' && !isPrivileged(actor.role)) throw forbidden();
  if (body.feature && body.feature !== feature) throw invalidField('feature', UPLOAD_MESSAGES.featureInvalid);
  const problem = checkUpload(feature, body);
  if (problem) throw invalidField(problem.field, problem.message);

  const fileType = body.fileType.toLowerCase().split(';')[0].trim();
  const row = {
    id: newId(),
    hoaId: actor.hoaId,
    userId: actor.userId,
    feature,
    s3Key: storageKey(actor.hoaId, feature, body.fileName, body.uploadId),
    fileName: body.fileName,
    fileType,
    fileSize: body.fileSize,
    clientUploadId: body.uploadId ?? null,
    createdAt: deps.clock(),
  };
  const upload = body.uploadId ? await uploadOfClientId(deps, row) : (await deps.database.transaction((tx) => tx.insert(storageUploads).values(row)), row);
  const uploadUrl = await deps.storage.presignUpload({ key: upload.s3Key, contentType: fileType, contentLength: body.fileSize });
  return { uploadUrl, s3Key: upload.s3Key };
}

/** The upload a client's id names: this one, new; or the same file presigned before; another file's id is a 409. */
async function uploadOfClientId(deps: AppDeps, row: typeof storageUploads.$inferInsert & { clientUploadId: string | null }) {
  await deps.database.transaction((tx) => tx.insert(storageUploads).values(row).onConflictDoNothing());
  const [held] = await deps.database.db
    .select()
    .from(storageUploads)
    .where(and(eq(storageUploads.hoaId, row.hoaId), eq(storageUploads.clientUploadId, row.clientUploadId!)));
  const same = held && !held.deletedAt && held.userId === row.userId && held.feature === row.feature && held.fileName === row.fileName && held.fileType === row.fileType && held.fileSize === row.fileSize;
  if (!same) throw new AppError(409, UPLOAD_MESSAGES.uploadIdTaken);
  return held;
}

export type IssuedUpload = typeof storageUploads.$inferSelect;

/** A file the app received itself (a multipart form), as the route read it. */
export interface ReceivedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * Stores a file that came through the app (`POST /api/<area>/:id/attachments`, multipart) under a new
 * key, with the same rules as a presigned upload, and records the key as issued to the actor's HOA.
 * Storage first, then the record: a failed put leaves nothing behind.
 */
export async function storeUpload(deps: AppDeps, actor: Actor, feature: UploadFeature, file: ReceivedFile): Promise<IssuedUpload> {
  if (UPLOADERS[feature] === 'board' && !isPrivileged(actor.role)) throw forbidden();
  const problem = checkUpload(feature, { fileName: file.name, fileType: file.type, fileSize: file.bytes.byteLength });
  if (problem) throw invalidField('file', problem.message);
  const s3Key = storageKey(actor.hoaId, feature, file.name);
  const fileType = file.type.toLowerCase().split(';')[0].trim();
  await storageCall(() => deps.storage.put({ key: s3Key, contentType: fileType, body: file.bytes }));
  // Stored by the app itself, and taken by the record the same request writes.
  const now = deps.clock();
  const row = { id: newId(), hoaId: actor.hoaId, userId: actor.userId, feature, s3Key, fileName: file.name, fileType, fileSize: file.bytes.byteLength, clientUploadId: null, createdAt: now, storedAt: now, attachedAt: now };
  await deps.database.transaction((tx) => tx.insert(storageUploads).values(row));
  return { ...row, deletedAt: null };
}

/**
 * For the area issues, when a record is saved with an attachment key: the key must have been issued
 * by this server to the actor, in the actor's HOA, for this feature (and not deleted). Anything else
 * is refused with a 400 on `path`, the same answer whether the key is made up, another HOA's, or a
 * neighbour's. `kept`: the key the record being edited already holds, which whoever may edit the
 * record keeps (a board member editing a colleague's announcement draft); only that one, never
 * another of the colleague's keys. Returns the upload (original file name, type and size) for the record.
 */
export async function assertIssuedKey(
  db: DbOrTx,
  actor: Pick<Actor, 'hoaId' | 'userId'>,
  feature: UploadFeature,
  key: string,
  path = 's3Key',
  kept: string | null = null,
): Promise<IssuedUpload> {
  const uploader = key === kept ? undefined : eq(storageUploads.userId, actor.userId);
  const [row] = await db
    .select()
    .from(storageUploads)
    .where(inHoa(actor, storageUploads.hoaId, eq(storageUploads.s3Key, key), eq(storageUploads.feature, feature), isNull(storageUploads.deletedAt), uploader))
    .limit(1);
  if (!row) throw invalidField(path, UPLOAD_MESSAGES.unknownKey);
  // A queued upload is attached only once the server has seen its object (…/uploads/:id/complete).
  if (row.clientUploadId && row.storedAt == null) throw invalidField(path, UPLOAD_MESSAGES.notStored);
  return row;
}

/**
 * assertIssuedKey for a record being written: the upload is then taken (no longer an orphan that the
 * clean-up job removes after a day).
 */
export async function takeIssuedKey(tx: Tx, now: number, ...args: Tail<Parameters<typeof assertIssuedKey>>): Promise<IssuedUpload> {
  const upload = await assertIssuedKey(tx, ...args);
  if (upload.attachedAt == null) await tx.update(storageUploads).set({ attachedAt: now }).where(eq(storageUploads.id, upload.id));
  return upload;
}
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/**
 * Whether the actor may download an attachment of a feature, beyond the default rule (the uploader and
 * the board of the same HOA always may). Each area declares its own (worker/areas/<area>.ts), e.g.
 * "anyone who can see the announcement", "a resident may download the photo of a violation issued to them".
 */
export type AttachmentReadRule = (db: DbOrTx, actor: Actor, upload: IssuedUpload) => Promise<boolean>;

/** A short-lived download URL for an attachment the actor may see; anything else is a 404. */
export async function presignDownload(deps: AppDeps, actor: Actor, feature: UploadFeature, key: string, mayRead?: AttachmentReadRule): Promise<{ downloadUrl: string }> {
  const db = deps.database.db;
  const [upload] = await db
    .select()
    .from(storageUploads)
    .where(inHoa(actor, storageUploads.hoaId, eq(storageUploads.s3Key, key), eq(storageUploads.feature, feature), isNull(storageUploads.deletedAt)))
    .limit(1);
  if (!upload) throw notFound(UPLOAD_MESSAGES.fileNotFound);
  const allowed = upload.userId === actor.userId || isPrivileged(actor.role) || (await mayRead?.(db, actor, upload)) === true;
  if (!allowed) throw notFound(UPLOAD_MESSAGES.fileNotFound);
  const downloadUrl = await deps.storage.presignDownload({ key, fileName: upload.fileName });
  return { downloadUrl };
}

/**
 * Removes an object (e.g. a deleted document's file). Storage first, then the row, so a failed
 * delete can be retried; a key of another HOA is a 404. `alsoInTransaction` writes what goes with
 * the file (the record that held it) in the same transaction as the row.
 */
export async function deleteUpload(deps: AppDeps, actor: Pick<Actor, 'hoaId'>, key: string, alsoInTransaction?: (tx: Tx) => Promise<void>): Promise<void> {
  const [upload] = await deps.database.db
    .select({ id: storageUploads.id })
    .from(storageUploads)
    .where(inHoa(actor, storageUploads.hoaId, eq(storageUploads.s3Key, key), isNull(storageUploads.deletedAt)))
    .limit(1);
  if (!upload) throw notFound(UPLOAD_MESSAGES.fileNotFound);
  await storageCall(() => deps.storage.delete(key));
  await deps.database.transaction(async (tx) => {
    await tx.update(storageUploads).set({ deletedAt: deps.clock() }).where(and(eq(storageUploads.id, upload.id), isNull(storageUploads.deletedAt)));
    await alsoInTransaction?.(tx);
  });
}

/** The four columns a record keeps its attachment in (`attachment_s3_key`, …), as every area names them. */
export interface AttachmentColumns {
  attachmentS3Key: SQLiteColumn;
  attachmentFilename: SQLiteColumn;
  attachmentFileSize: SQLiteColumn;
  attachmentFileType: SQLiteColumn;
}

/** The values of those columns for an issued upload (name, size and type from the upload record, not the client). */
export const attachmentValues = (upload: IssuedUpload) => ({
  attachmentS3Key: upload.s3Key,
  attachmentFilename: upload.fileName,
  attachmentFileSize: upload.fileSize,
  attachmentFileType: fileExtension(upload.fileName),
});

/** The attachment as a synced value (`SyncedAttachment`) built by SQLite, or NULL when the record has none. */
export const attachmentJson = (c: AttachmentColumns): SQL =>
  sql`CASE WHEN ${c.attachmentS3Key} IS NOT NULL THEN json_object('s3Key', ${c.attachmentS3Key}, 'filename', coalesce(${c.attachmentFilename}, ''),
    'fileSize', coalesce(${c.attachmentFileSize}, 0), 'fileType', coalesce(${c.attachmentFileType}, '')) END`;

/**
 * `POST /api/<area>/uploads/:uploadId/complete`: the client's PUT of a queued upload is done. The
 * server looks at the object and records it stored when it has the declared size and type; only then
 * may a record take it. Missing: 409 (the client sends it again). Another size or type: the object is
 * removed and 400. A second call answers the same.
 */
export async function completeUpload(deps: AppDeps, actor: Actor, feature: UploadFeature, uploadId: string): Promise<{ s3Key: string }> {
  if (UPLOADERS[feature] === 'board' && !isPrivileged(actor.role)) throw forbidden();
  const [upload] = await deps.database.db
    .select()
    .from(storageUploads)
    .where(inHoa(actor, storageUploads.hoaId, eq(storageUploads.clientUploadId, uploadId), eq(storageUploads.feature, feature), eq(storageUploads.userId, actor.userId), isNull(storageUploads.deletedAt)))
    .limit(1);
  if (!upload) throw notFound(UPLOAD_MESSAGES.uploadNotFound);
  if (upload.storedAt != null) return { s3Key: upload.s3Key };
  const found = await storageCall(() => deps.storage.head(upload.s3Key));
  if (!found) throw new AppError(409, UPLOAD_MESSAGES.notStored);
  if (found.size !== upload.fileSize || found.contentType.split(';')[0].trim() !== upload.fileType) {
    await storageCall(() => deps.storage.delete(upload.s3Key));
    throw invalidField('file', UPLOAD_MESSAGES.notStored);
  }
  await deps.database.transaction((tx) => tx.update(storageUploads).set({ storedAt: deps.clock() }).where(and(eq(storageUploads.id, upload.id), isNull(storageUploads.storedAt))));
  return { s3Key: upload.s3Key };
}

const ORPHAN_AFTER_MS = 86_400_000;

/**
 * The clean-up job: an upload no record took within a day (a photo whose violation was discarded on
 * the device) is removed. The row is marked first, so a record written meanwhile is refused rather
 * than left pointing at a deleted object; then the object goes. Returns how many were removed.
 */
export async function removeOrphanedUploads(deps: AppDeps): Promise<number> {
  const orphans = await deps.database.db
    .select({ id: storageUploads.id, s3Key: storageUploads.s3Key })
    .from(storageUploads)
    .where(and(isNull(storageUploads.attachedAt), isNull(storageUploads.deletedAt), lt(storageUploads.createdAt, deps.clock() - ORPHAN_AFTER_MS)))
    .limit(200);
  let removed = 0;
  for (const orphan of orphans) {
    const [marked] = await deps.database.transaction((tx) =>
      tx
        .update(storageUploads)
        .set({ deletedAt: deps.clock() })
        .where(and(eq(storageUploads.id, orphan.id), isNull(storageUploads.attachedAt), isNull(storageUploads.deletedAt)))
        .returning({ id: storageUploads.id }),
    );
    if (!marked) continue;
    await deps.storage.delete(orphan.s3Key);
    removed++;
  }
  return removed;
}

/** A storage call whose failure is the service's, not the client's: 503 with the reason. */
export async function storageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(503, `Storage is unavailable: ${e instanceof Error ? e.message : String(e)}`);
  }
}
