import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_STATUSES, AUDIENCE_TYPES, type DeliveryMethod } from '../announcements';
import { hoaId, id, ms } from './columns';

/** Announcements (community §3). Synced: `version` is bumped on every write, with `bumpChanges`. */
export const announcements = sqliteTable(
  'announcements',
  {
    id: id(),
    hoaId: hoaId(),
    title: text('title').notNull(),
    /** Rich text HTML, sanitized on write and again on display. */
    message: text('message').notNull(),
    category: text('category', { enum: ANNOUNCEMENT_CATEGORIES }).notNull().default('general'),
    status: text('status', { enum: ANNOUNCEMENT_STATUSES }).notNull().default('draft'),
    audienceType: text('audience_type', { enum: AUDIENCE_TYPES }).notNull().default('all'),
    /** Attachment metadata (one file); all null when there is none. */
    attachmentS3Key: text('attachment_s3_key'),
    attachmentFilename: text('attachment_filename'),
    attachmentFileSize: integer('attachment_file_size'),
    attachmentFileType: text('attachment_file_type'),
    deliveryMethods: text('delivery_methods', { mode: 'json' }).$type<DeliveryMethod[]>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    sentAt: ms('sent_at'),
    scheduledAt: ms('scheduled_at'),
    deletedAt: ms('deleted_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('announcements_hoa').on(t.hoaId, t.status, t.createdAt)],
);

/** Custom audience: one row per chosen recipient (`custom_recipients` in the API). */
export const announcementRecipients = sqliteTable(
  'announcement_recipients',
  {
    announcementId: text('announcement_id').notNull(),
    userId: text('user_id').notNull(),
    hoaId: hoaId(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index('announcement_recipients_user').on(t.userId), index('announcement_recipients_hoa').on(t.hoaId)],
);

/** Per-user read markers (`isReadBy`); synced to their user only. */
export const announcementReads = sqliteTable(
  'announcement_reads',
  {
    id: id(),
    hoaId: hoaId(),
    announcementId: text('announcement_id').notNull(),
    userId: text('user_id').notNull(),
    readAt: ms('read_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('announcement_reads_once').on(t.announcementId, t.userId), index('announcement_reads_user').on(t.userId), index('announcement_reads_hoa').on(t.hoaId)],
);
