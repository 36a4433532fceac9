import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { REQUEST_CATEGORIES, REQUEST_STATUSES } from '../requests';
import { hoaId, id, ms } from './columns';
import { threadHistoryTable, threadMessagesTable } from './threads';

/** Requests. Synced: `version` is bumped on every write, its thread's and history's included. */
export const requests = sqliteTable(
  'requests',
  {
    id: id(),
    hoaId: hoaId(),
    /** Who filed it (`user_id`). */
    userId: text('user_id').notNull(),
    /** The filer's address when they filed it (`address_id`). */
    addressId: text('address_id'),
    title: text('title').notNull(),
    /** Rich text HTML, sanitised on write and again on display. */
    description: text('description').notNull(),
    category: text('category', { enum: REQUEST_CATEGORIES }).notNull().default('Maintenance'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('open'),
    /** The attachment (`photo_url` is its storage key); all null when there is none. */
    attachmentS3Key: text('attachment_s3_key'),
    attachmentFilename: text('attachment_filename'),
    attachmentFileSize: integer('attachment_file_size'),
    attachmentFileType: text('attachment_file_type'),
    assignedTo: text('assigned_to'),
    /** A day, as its UTC midnight. */
    resolutionDeadline: ms('resolution_deadline'),
    resolutionNotes: text('resolution_notes'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  // `requests_newest`: an HOA's list, newest (or oldest) first, read in index order (no sort).
  // `requests_user_newest`: a resident's own list the same way. `_assignee`: the name dependency.
  (t) => [
    index('requests_newest').on(t.hoaId, t.createdAt, t.id),
    index('requests_user_newest').on(t.userId, t.createdAt, t.id),
    index('requests_assignee').on(t.assignedTo),
    // Downloads: which request holds an attachment.
    index('requests_attachment').on(t.attachmentS3Key),
  ],
);

/** The request's thread (`comments`). */
export const requestComments = threadMessagesTable('request_comments', 'request_id');
/** The request's Activity History (`history`). */
export const requestHistory = threadHistoryTable('request_history', 'request_id');
