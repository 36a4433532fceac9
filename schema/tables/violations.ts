import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { HEARING_DECISIONS, VIOLATION_CATEGORIES, VIOLATION_STAGES, VIOLATION_STATUSES } from '../violations';
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
    /**
     * Photos the device queued but the server refused (JSON `[{fileName, reason}]`): the violation
     * arrived without them, and says so. Null when none was refused.
     */
    photosRefused: text('photos_refused'),
    /** The resolution: set while the status is resolved. */
    resolvedBy: text('resolved_by'),
    resolvedAt: ms('resolved_at'),
    resolutionNotes: text('resolution_notes'),
    /** Where the case stands on its category's fine schedule; each step sends its letter (violation_letters). */
    stage: text('stage', { enum: VIOLATION_STAGES }).notNull().default('reported'),
    /** The day (UTC midnight) the last letter asked the resident to cure by. */
    cureBy: ms('cure_by'),
    /** Fines posted to the resident's ledger so far (the schedule's cap stops more). */
    finedCents: integer('fined_cents').notNull().default(0),
    /** When the repeating fine next posts while the case stays uncured; null when none is due. */
    nextFineAt: ms('next_fine_at'),
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

/**
 * A violation's photos, in the order taken (1 to 5). The first is also the violation's attachment
 * (`photo_url`), as before there were several. Carried in the synced violation (`photos`).
 */
export const violationPhotos = sqliteTable(
  'violation_photos',
  {
    hoaId: hoaId(),
    violationId: text('violation_id').notNull(),
    position: integer('position').notNull(),
    s3Key: text('s3_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The extension, as the attachment columns keep it. */
    fileType: text('file_type').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  // Downloads: which violation holds a photo.
  (t) => [primaryKey({ columns: [t.violationId, t.position] }), index('violation_photos_key').on(t.s3Key)],
);

/** The violation's thread (`messages`). */
export const violationMessages = threadMessagesTable('violation_messages', 'violation_id');
/** The violation's Activity History (`history`). */
export const violationHistory = threadHistoryTable('violation_history', 'violation_id');

/**
 * An HOA's fine schedule for one category: a courtesy notice, a warning, then a fine of a set amount
 * that repeats every `repeatDays` until cured, up to `capCents` in all. Letters give `cureDays` to cure.
 */
export const violationFineSchedules = sqliteTable(
  'violation_fine_schedules',
  {
    hoaId: hoaId(),
    category: text('category', { enum: VIOLATION_CATEGORIES }).notNull(),
    courtesyNotice: integer('courtesy_notice', { mode: 'boolean' }).notNull().default(true),
    warning: integer('warning', { mode: 'boolean' }).notNull().default(true),
    fineCents: integer('fine_cents').notNull().default(0),
    /** 0: the fine does not repeat. */
    repeatDays: integer('repeat_days').notNull().default(0),
    /** 0: no cap. */
    capCents: integer('cap_cents').notNull().default(0),
    cureDays: integer('cure_days').notNull().default(14),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hoaId, t.category] })],
);

/** Each stage's letter of a case: sent by mail and printable; a fine's letter names its ledger line. */
export const violationLetters = sqliteTable(
  'violation_letters',
  {
    id: id(),
    hoaId: hoaId(),
    violationId: text('violation_id').notNull(),
    stage: text('stage', { enum: VIOLATION_STAGES }).notNull(),
    sentAt: ms('sent_at').notNull(),
    cureBy: ms('cure_by'),
    fineCents: integer('fine_cents').notNull().default(0),
    ledgerLineId: text('ledger_line_id'),
    sentBy: text('sent_by'),
  },
  (t) => [index('violation_letters_case').on(t.violationId, t.sentAt), index('violation_letters_hoa').on(t.hoaId)],
);

/** A resident's request for a hearing on a case; the board schedules it and decides, with the reason recorded. */
export const violationHearings = sqliteTable(
  'violation_hearings',
  {
    id: id(),
    hoaId: hoaId(),
    violationId: text('violation_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: ms('requested_at').notNull(),
    /** The resident's words. */
    note: text('note').notNull(),
    scheduledFor: ms('scheduled_for'),
    decision: text('decision', { enum: HEARING_DECISIONS }),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: ms('decided_at'),
  },
  (t) => [index('violation_hearings_case').on(t.violationId, t.requestedAt), index('violation_hearings_hoa').on(t.hoaId)],
);
