/**
 * The thread kit's tables (schema/threads.ts): each area with a thread declares its own message and
 * history tables with these helpers, named for it (`request_comments` with `request_id`, …). Their rows
 * are shown inside the parent's synced value, so a write to them gives the parent a new version.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { hoaId, id, ms } from './columns';

/** Messages of a thread: `parent` is the column naming the record (`request_id`). */
export function threadMessagesTable<N extends string>(name: N, parent: string) {
  return sqliteTable(
    name,
    {
      id: id(),
      hoaId: hoaId(),
      parentId: text(parent).notNull(),
      authorId: text('author_id').notNull(),
      /** The author's role was board-level when they wrote (the Staff badge, "HOA Staff" for residents). */
      isStaff: integer('is_staff', { mode: 'boolean' }).notNull(),
      /** Sanitised rich text. */
      message: text('message').notNull(),
      /** Not public: the board's internal note, never sent to a resident. */
      isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
      /** A file sent with the message (its storage key, issued to the HOA for the area); all null when none. */
      attachmentS3Key: text('attachment_s3_key'),
      attachmentFilename: text('attachment_filename'),
      attachmentFileSize: integer('attachment_file_size'),
      attachmentFileType: text('attachment_file_type'),
      createdAt: ms('created_at').notNull(),
    },
    // The thread of one record, oldest first (ties in the order written: the rowid ends every index entry),
    // read in index order; authors for the name dependency.
    (t) => [
      index(`${name}_thread`).on(t.parentId, t.createdAt),
      index(`${name}_author`).on(t.authorId),
      index(`${name}_hoa`).on(t.hoaId),
      // Downloads: which message holds an attachment.
      index(`${name}_attachment`).on(t.attachmentS3Key),
    ],
  );
}

/** Activity History of a record: what happened, who did it, when; `isPublic` false for what residents may not see. */
export function threadHistoryTable<N extends string>(name: N, parent: string) {
  return sqliteTable(
    name,
    {
      id: id(),
      hoaId: hoaId(),
      parentId: text(parent).notNull(),
      userId: text('user_id').notNull(),
      isStaff: integer('is_staff', { mode: 'boolean' }).notNull(),
      action: text('action').notNull(),
      isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
      at: ms('at').notNull(),
    },
    (t) => [index(`${name}_record`).on(t.parentId, t.at), index(`${name}_user`).on(t.userId), index(`${name}_hoa`).on(t.hoaId)],
  );
}

export type ThreadMessagesTable = ReturnType<typeof threadMessagesTable>;
export type ThreadHistoryTable = ReturnType<typeof threadHistoryTable>;
