import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { VIOLATION_CATEGORIES, VIOLATION_STATUSES } from '../violations';
import { hoaId, id, ms } from './columns';
import { threadHistoryTable, threadMessagesTable } from './threads';

/** Compliance violations. Synced: `version` is bumped on every write, its thread's and history's included. */
export const violations = sqliteTable(
  'violations',
  {
    id: id(),
    hoaId: hoaId(),
    /** Whom it was issued to (`user_id`). */
    userId: text('user_id').notNull(),
    /** The resident's address when it was issued (`address_id`). */
    addressId: text('address_id'),
    issuedBy: text('issued_by').notNull(),
    category: text('category', { enum: VIOLATION_CATEGORIES }).notNull().default('Other'),
    title: text('title').notNull(),
    /** Rich text HTML, sanitised on write and again on display. */
    message: text('message').notNull(),
    /** A day, as its UTC midnight. */
    dueDate: ms('due_date').notNull(),
    status: text('status', { enum: VIOLATION_STATUSES }).notNull().default('open'),
    /** The photo or document (`photo_url` is its storage key); all null when there is none. */
    attachmentS3Key: text('attachment_s3_key'),
    attachmentFilename: text('attachment_filename'),
    attachmentFileSize: integer('attachment_file_size'),
    attachmentFileType: text('attachment_file_type'),
    /** The resolution: set while the status is resolved. */
    resolvedBy: text('resolved_by'),
    resolvedAt: ms('resolved_at'),
    resolutionNotes: text('resolution_notes'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  // `violations_newest`: an HOA's list, newest first, read in index order (no sort).
  // `violations_user_newest`: a resident's own list the same way. `_issuer`, `_resolver`: the name dependency.
  (t) => [
    index('violations_newest').on(t.hoaId, t.createdAt, t.id),
    index('violations_user_newest').on(t.userId, t.createdAt, t.id),
    index('violations_issuer').on(t.issuedBy),
    index('violations_resolver').on(t.resolvedBy),
    // Downloads: which violation holds an attachment.
    index('violations_attachment').on(t.attachmentS3Key),
  ],
);

/** The violation's thread (`messages`). */
export const violationMessages = threadMessagesTable('violation_messages', 'violation_id');
/** The violation's Activity History (`history`). */
export const violationHistory = threadHistoryTable('violation_history', 'violation_id');
