import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_STATUSES, AUDIENCE_TYPES, type DeliveryMethod } from '../announcements';
import { hoaId, id, ms } from './columns';

/** Announcements. Synced: `version` is bumped on every write, with `bumpChanges`. */
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
    /** Set by the board: listed first on /announcements. */
    pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    sentAt: ms('sent_at'),
    scheduledAt: ms('scheduled_at'),
    deletedAt: ms('deleted_at'),
    version: integer('version').notNull().default(1),
    /**
     * How many of its `announcement_deliveries` rows have each status, kept by triggers on that
     * table (migrations/0010_delivery-counts.sql), so every writer keeps them right and a pull reads
     * them instead of counting each row's deliveries. Writers still bump `version` (the value shows them).
     */
    deliveriesPending: integer('deliveries_pending').notNull().default(0),
    deliveriesDelivered: integer('deliveries_delivered').notNull().default(0),
    deliveriesFailed: integer('deliveries_failed').notNull().default(0),
  },
  // `announcements_newest`: an HOA's list, newest first, read in index order (no sort).
  // `announcements_due`: the scheduled-sending job looks up due rows across HOAs.
  (t) => [index('announcements_newest').on(t.hoaId, t.createdAt, t.id), index('announcements_due').on(t.status, t.scheduledAt)],
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
  // A user's marks through (hoa, user): with the tenant's index alone SQLite walked every mark of the
  // HOA for one user's (200,000 marks: 62 ms for a list page's 20 ids).
  (t) => [uniqueIndex('announcement_reads_once').on(t.announcementId, t.userId), index('announcement_reads_hoa_user').on(t.hoaId, t.userId, t.announcementId), index('announcement_reads_hoa').on(t.hoaId)],
);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One email delivery per recipient of a sent announcement, linked to its `email_outbox` row. The
 * outbox owns the attempts; after each delivery run the final outcome (delivered or failed, with the
 * error) is copied here, so the statistics survive outbox housekeeping. `pending`: not final yet.
 */
export const announcementDeliveries = sqliteTable(
  'announcement_deliveries',
  {
    id: id(),
    hoaId: hoaId(),
    announcementId: text('announcement_id').notNull(),
    userId: text('user_id').notNull(),
    /** The address the mail went to (the user may change theirs later). */
    email: text('email').notNull(),
    outboxId: text('outbox_id').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    deliveredAt: ms('delivered_at'),
  },
  (t) => [
    uniqueIndex('announcement_deliveries_once').on(t.announcementId, t.userId),
    index('announcement_deliveries_status').on(t.status, t.outboxId),
    // Counts per announcement and status, read in index order.
    index('announcement_deliveries_counts').on(t.announcementId, t.status),
    index('announcement_deliveries_outbox').on(t.outboxId),
    index('announcement_deliveries_hoa').on(t.hoaId),
  ],
);
