import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { isPrivileged } from '../../schema/roles';
import { storageUploads } from '../../schema/tables';
import { checkUpload, fileExtension, UPLOAD_MESSAGES, type PresignedUpload, type PresignedUrlBody, type UploadFeature } from '../../schema/uploads';
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
};

/** `hoa/{hoaId}/{feature}/{uuid}-{safe filename}`: readable in a bucket listing, unguessable, never colliding. */
export function storageKey(hoaId: string, feature: UploadFeature, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot).toLowerCase().replace(/[^.a-z0-9]/g, '') : '';
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `hoa/${hoaId}/${feature}/${newId()}-${stem || 'file'}${ext}`;
}

/** Validates the declared file and returns a PUT URL signed for exactly that type and length. */
export async function presignUpload(deps: AppDeps, actor: Actor, feature: UploadFeature, body: PresignedUrlBody): Promise<PresignedUpload> {
  if (UPLOADERS[feature] === 'board' && !isPrivileged(actor.role)) throw forbidden();
  if (body.feature && body.feature !== feature) throw invalidField('feature', UPLOAD_MESSAGES.featureInvalid);
  const problem = checkUpload(feature, body);
  if (problem) throw invalidField(problem.field, problem.message);

  const s3Key = storageKey(actor.hoaId, feature, body.fileName);
  const fileType = body.fileType.toLowerCase().split(';')[0].trim();
  const uploadUrl = await deps.storage.presignUpload({ key: s3Key, contentType: fileType, contentLength: body.fileSize });
  await deps.database.transaction((tx) =>
    tx.insert(storageUploads).values({
      id: newId(),
      hoaId: actor.hoaId,
      userId: actor.userId,
      feature,
      s3Key,
      fileName: body.fileName,
      fileType,
      fileSize: body.fileSize,
      createdAt: deps.clock(),
    }),
  );
  return { uploadUrl, s3Key };
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
  try {
    await deps.storage.put({ key: s3Key, contentType: fileType, body: file.bytes });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(503, `Storage is unavailable: ${e instanceof Error ? e.message : String(e)}`);
  }
  const row = { id: newId(), hoaId: actor.hoaId, userId: actor.userId, feature, s3Key, fileName: file.name, fileType, fileSize: file.bytes.byteLength, createdAt: deps.clock() };
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
  return row;
}

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
  try {
    await deps.storage.delete(key);
  } catch (e) {
    throw new AppError(503, `Storage is unavailable: ${e instanceof Error ? e.message : String(e)}`);
  }
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
