import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { APPLICATION_STATUSES, DEADLINE_RULES, DECIDED_BY, REVIEW_DECISIONS } from '../applications';
import { hoaId, id, ms } from './columns';
import { threadHistoryTable } from './threads';

/**
 * Architectural applications: one per request of category Modification, with the request's id (the
 * request keeps the title, description, resident, address and the thread). Synced: `version` is
 * bumped on every write, its reviews', files' and history's included.
 */
export const architecturalApplications = sqliteTable(
  'architectural_applications',
  {
    /** The request's id (client-made: an application is submitted offline too). */
    id: id(),
    hoaId: hoaId(),
    /** The resident who submitted it (the request's `user_id`). */
    userId: text('user_id').notNull(),
    /** The requested start date, as its UTC midnight. */
    startDate: ms('start_date').notNull(),
    submittedAt: ms('submitted_at').notNull(),
    /** Submitted plus the HOA's review days when it was submitted. */
    deadline: ms('deadline').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('under_review'),
    decidedBy: text('decided_by', { enum: DECIDED_BY }),
    decidedAt: ms('decided_at'),
    /** Photos the device queued that the server refused (`[{fileName, reason}]`). */
    photosRefused: text('photos_refused'),
    /** The decision letter as sent (sanitised rich text); null until sent. */
    letter: text('letter'),
    letterSentAt: ms('letter_sent_at'),
    letterSentBy: text('letter_sent_by'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // The lists newest first, the HOA's and a resident's, in index order.
    index('applications_newest').on(t.hoaId, t.submittedAt, t.id),
    index('applications_user').on(t.userId, t.submittedAt, t.id),
    // The deadline job: open applications whose deadline has passed.
    index('applications_deadline').on(t.status, t.deadline),
    index('applications_letter_by').on(t.letterSentBy),
  ],
);

/** Each board member's review: one per member (a second replaces the first while the application is open). */
export const applicationReviews = sqliteTable(
  'application_reviews',
  {
    hoaId: hoaId(),
    applicationId: text('application_id').notNull(),
    reviewerId: text('reviewer_id').notNull(),
    decision: text('decision', { enum: REVIEW_DECISIONS }).notNull(),
    conditions: text('conditions'),
    reasons: text('reasons'),
    at: ms('at').notNull(),
  },
  // The reviews of an application in the order they came (the synced value's order).
  (t) => [primaryKey({ columns: [t.applicationId, t.reviewerId] }), index('application_reviews_reviewer').on(t.reviewerId), index('application_reviews_order').on(t.applicationId, t.at)],
);

/** The application's plans (PDF) and photos, in order per kind. */
export const applicationFiles = sqliteTable(
  'application_files',
  {
    hoaId: hoaId(),
    applicationId: text('application_id').notNull(),
    kind: text('kind', { enum: ['photo', 'plan'] }).notNull(),
    position: integer('position').notNull(),
    s3Key: text('s3_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The extension, as the attachment columns keep it. */
    fileType: text('file_type').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  // Downloads: which application holds a file.
  (t) => [primaryKey({ columns: [t.applicationId, t.kind, t.position] }), index('application_files_key').on(t.s3Key)],
);

/** The application's Activity History (reviews, outcome, deadline, letter). */
export const applicationHistory = threadHistoryTable('application_history', 'application_id');

/** The HOA's review settings, changed by the board on the applications screen; none means the defaults. Synced. */
export const applicationSettings = sqliteTable(
  'application_settings',
  {
    /** The HOA's id: one row per HOA. */
    id: id(),
    hoaId: hoaId(),
    reviewDays: integer('review_days').notNull(),
    deadlineRule: text('deadline_rule', { enum: DEADLINE_RULES }).notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('application_settings_hoa').on(t.hoaId)],
);
