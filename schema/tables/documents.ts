import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DOCUMENT_CATEGORIES } from '../documents';
import { hoaId, id, ms } from './columns';

/**
 * The document vault. Synced: `version` is bumped on every write (the writers in
 * worker/domain/documents/sync.ts). The file itself is in storage under `s3_key`, issued to the HOA
 * for documents (`storage_uploads`); name, type and size are copied from that record.
 */
export const documents = sqliteTable(
  'documents',
  {
    id: id(),
    hoaId: hoaId(),
    title: text('title').notNull(),
    category: text('category', { enum: DOCUMENT_CATEGORIES }).notNull(),
    s3Key: text('s3_key').notNull(),
    fileName: text('file_name').notNull(),
    /** The extension, lower case. */
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    notes: text('notes').notNull().default(''),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    deletedAt: ms('deleted_at'),
    version: integer('version').notNull().default(1),
  },
  // `documents_newest`: the board's list, newest first, read in index order (no sort).
  // `documents_public_newest`: a resident's list (public rows only), also in index order.
  // `documents_category`: the stat cards' count per category, grouped in index order.
  // `documents_key`: one document per stored file (deleting it removes the file).
  (t) => [
    index('documents_newest').on(t.hoaId, t.createdAt, t.id),
    index('documents_public_newest').on(t.hoaId, t.isPublic, t.createdAt, t.id),
    index('documents_category').on(t.hoaId, t.category),
    uniqueIndex('documents_key').on(t.s3Key),
    index('documents_uploader').on(t.uploadedBy),
  ],
);
