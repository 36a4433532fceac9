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
    /** Set when the object was deleted from storage (the row stays as the audit of what was issued). */
    deletedAt: ms('deleted_at'),
  },
  (t) => [uniqueIndex('storage_uploads_key').on(t.s3Key), index('storage_uploads_hoa').on(t.hoaId)],
);
