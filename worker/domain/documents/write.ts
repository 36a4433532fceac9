/**
 * Uploading, editing, deleting and downloading documents. The role first (board
 * work answers 403 to residents whatever the row), then the row through `visibleDocuments` (another
 * HOA's, a deleted one, or one the actor may not see is a 404).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { changedValues } from '../../../schema/activity';
import { DOCUMENT_MESSAGES, documentPolicy, type DocumentUpdate, type DocumentUpload } from '../../../schema/documents';
import { documents } from '../../../schema/tables';
import { fileExtension } from '../../../schema/uploads';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { recordActivity } from '../activity';
import { conflict, forbidden } from '../errors';
import { takeIssuedKey, deleteUpload, presignDownload, type AttachmentReadRule } from '../uploads';
import { getVisibleDocumentRow, type DocumentRow } from './read';
import { documentRows, visibleDocuments } from './sync';

/** Board work, with words a rejection notice can show. */
function requireBoard(actor: Actor): void {
  if (!documentPolicy.mayManage(actor.role)) throw forbidden(DOCUMENT_MESSAGES.boardOnly);
}

/**
 * POST /api/documents: a document for a file uploaded through `POST /api/documents/presigned-url`.
 * The key must have been issued to the actor for documents; the file's name, type and size come from
 * that record, not from the client. One document per file.
 */
export async function uploadDocument(deps: AppDeps, tx: Tx, actor: Actor, input: DocumentUpload): Promise<DocumentRow> {
  requireBoard(actor);
  const upload = await takeIssuedKey(tx, deps.clock(), actor, 'documents', input.s3_key, 's3_key');
  const [taken] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.s3Key, upload.s3Key)).limit(1);
  if (taken) throw conflict(DOCUMENT_MESSAGES.keyTaken);
  const now = deps.clock();
  const [row] = await documentRows.insert(deps, tx, {
    id: newId(),
    hoaId: actor.hoaId,
    title: input.title,
    category: input.category,
    s3Key: upload.s3Key,
    fileName: upload.fileName,
    fileType: fileExtension(upload.fileName),
    fileSize: upload.fileSize,
    isPublic: input.is_public,
    notes: input.notes,
    tags: [...new Set(input.tags)],
    uploadedBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  await recordActivity(deps, tx, actor, { action: 'document.uploaded', summary: `Uploaded the document "${row.title}" (${row.fileName})`, entity: 'document', entityId: row.id, after: { title: row.title, category: row.category, is_public: row.isPublic, file_name: row.fileName } });
  return row;
}

/** PUT /api/documents/:id and the `updateDocument` mutator: the fields given, the others kept. */
export async function updateDocument(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: DocumentUpdate): Promise<DocumentRow> {
  requireBoard(actor);
  const current = await getVisibleDocumentRow(tx, actor, id);
  const [row] = await documentRows.update(deps, tx, and(eq(documents.id, current.id), visibleDocuments(actor))!, {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.category !== undefined && { category: input.category }),
    ...(input.is_public !== undefined && { isPublic: input.is_public }),
    ...(input.notes !== undefined && { notes: input.notes }),
    updatedAt: deps.clock(),
  });
  const change = changedValues(documentFields(current), documentFields(row));
  if (change) await recordActivity(deps, tx, actor, { action: 'document.edited', summary: `Edited the document "${row.title}"`, entity: 'document', entityId: row.id, ...change });
  return row;
}

const documentFields = (d: DocumentRow) => ({ title: d.title, category: d.category, is_public: d.isPublic, notes: d.notes });

/**
 * DELETE /api/documents/:id: the file leaves storage, then the document (soft delete, so it leaves
 * every cache through the sync diff) and the upload record go in one transaction. A storage failure
 * changes nothing and can be retried.
 */
export async function deleteDocument(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  requireBoard(actor);
  const row = await getVisibleDocumentRow(deps.database.db, actor, id);
  await deleteUpload(deps, actor, row.s3Key, async (tx) => {
    const now = deps.clock();
    await documentRows.update(deps, tx, and(eq(documents.id, row.id), eq(documents.hoaId, actor.hoaId), isNull(documents.deletedAt))!, { deletedAt: now, updatedAt: now });
    await recordActivity(deps, tx, actor, { action: 'document.deleted', summary: `Deleted the document "${row.title}"`, entity: 'document', entityId: row.id, before: { title: row.title, file_name: row.fileName } });
  });
}

/** Whoever sees a document may download its file (Board Only ones: the board). */
export const mayReadDocumentFile: AttachmentReadRule = async (db: DbOrTx, actor, upload) => {
  const [row] = await db.select({ id: documents.id }).from(documents).where(and(visibleDocuments(actor), eq(documents.s3Key, upload.s3Key))).limit(1);
  return !!row;
};

/** POST /api/documents/:id/download: a short-lived storage URL that downloads under the original file name. */
export async function documentDownloadUrl(deps: AppDeps, actor: Actor, id: string): Promise<{ downloadUrl: string }> {
  const row = await getVisibleDocumentRow(deps.database.db, actor, id);
  return presignDownload(deps, actor, 'documents', row.s3Key, mayReadDocumentFile);
}
