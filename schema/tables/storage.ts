import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { UPLOAD_FEATURES } from '../uploads';
import { hoaId, id, ms } from './columns';

/**
 * Every storage key the server presigned, so an attachment is accepted only when this server issued
 * that key to the same HOA for the same feature (nobody attaches another HOA's file by guessing a key).
 */
export const storageUploads = sqliteTable(
  'storage_uploads',
  {
    id: id(),
    hoaId: hoaId(),
    userId: text('user_id').notNull(),
    feature: text('feature', { enum: UPLOAD_FEATURES }).notNull(),
    s3Key: text('s3_key').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    createdAt: ms('created_at').notNull(),
    /**
     * The id the client chose for the upload (a photo queued offline): a retried presign of the same id
     * answers the same key, so a retried PUT stores one object. Null for uploads the server named alone.
     */
    clientUploadId: text('client_upload_id'),
    /** When the server saw the object in storage with the declared size and type (`…/uploads/:id/complete`). */
    storedAt: ms('stored_at'),
    /** When a record first referred to the upload; an upload no record took is removed after a day. */
    attachedAt: ms('attached_at'),
    /** Set when the object was deleted from storage (the row stays as the audit of what was issued). */
    deletedAt: ms('deleted_at'),
  },
  (t) => [
    uniqueIndex('storage_uploads_key').on(t.s3Key),
    index('storage_uploads_hoa').on(t.hoaId),
    uniqueIndex('storage_uploads_client_id').on(t.hoaId, t.clientUploadId),
    index('storage_uploads_unattached').on(t.attachedAt, t.createdAt),
  ],
);
