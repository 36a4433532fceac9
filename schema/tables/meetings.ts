import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MEETING_ACCESS, MEETING_STATUSES, MINUTES_STATUSES, MOTION_OUTCOMES, VOTES, type MeetingLinkKind } from '../meetings';
import { hoaId, id, ms } from './columns';

/**
 * Board meetings. Synced (board: all of the HOA's; residents: open ones once the agenda is published,
 * without their minutes text): `version` is bumped on every write. The day is its UTC midnight and
 * the time the HOA's wall-clock "HH:MM".
 */
export const meetings = sqliteTable(
  'meetings',
  {
    /** Client-made (a meeting is scheduled offline too). */
    id: id(),
    hoaId: hoaId(),
    title: text('title').notNull(),
    date: ms('date').notNull(),
    time: text('time').notNull(),
    place: text('place'),
    videoLink: text('video_link'),
    access: text('access', { enum: MEETING_ACCESS }).notNull(),
    status: text('status', { enum: MEETING_STATUSES }).notNull().default('draft'),
    minutesStatus: text('minutes_status', { enum: MINUTES_STATUSES }).notNull().default('none'),
    /** Sanitised rich text. */
    minutes: text('minutes'),
    minutesDocumentId: text('minutes_document_id'),
    createdBy: text('created_by').notNull(),
    publishedAt: ms('published_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('meetings_date').on(t.hoaId, t.date, t.id), index('meetings_created_by').on(t.createdBy)],
);

/** A meeting's agenda items, in order. Removed ones stay (soft delete) so they leave every cache. */
export const meetingItems = sqliteTable(
  'meeting_items',
  {
    id: id(),
    hoaId: hoaId(),
    meetingId: text('meeting_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    linkKind: text('link_kind').$type<MeetingLinkKind>(),
    linkId: text('link_id'),
    /** The linked row's title when it was linked (residents may not see the row itself). */
    linkLabel: text('link_label'),
    notes: text('notes').notNull().default(''),
    removedAt: ms('removed_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('meeting_items_meeting').on(t.hoaId, t.meetingId, t.position)],
);

/** One row per board member per meeting, id `<meetingId>:<userId>`: the last write wins. */
export const meetingAttendance = sqliteTable(
  'meeting_attendance',
  {
    id: id(),
    hoaId: hoaId(),
    meetingId: text('meeting_id').notNull(),
    userId: text('user_id').notNull(),
    present: integer('present', { mode: 'boolean' }).notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: ms('recorded_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('meeting_attendance_meeting').on(t.hoaId, t.meetingId), index('meeting_attendance_user').on(t.userId)],
);

/** Motions, client-made ids; the outcome is fixed when the motion is closed. */
export const meetingMotions = sqliteTable(
  'meeting_motions',
  {
    id: id(),
    hoaId: hoaId(),
    meetingId: text('meeting_id').notNull(),
    itemId: text('item_id').notNull(),
    text: text('text').notNull(),
    movedBy: text('moved_by').notNull(),
    secondedBy: text('seconded_by').notNull(),
    applyToLink: integer('apply_to_link', { mode: 'boolean' }).notNull().default(false),
    outcome: text('outcome', { enum: MOTION_OUTCOMES }),
    closedAt: ms('closed_at'),
    createdBy: text('created_by').notNull(),
    createdAt: ms('created_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('meeting_motions_meeting').on(t.hoaId, t.meetingId), index('meeting_motions_moved_by').on(t.movedBy), index('meeting_motions_seconded_by').on(t.secondedBy)],
);

/** One vote per member per motion, id `<motionId>:<userId>`: the same vote recorded twice keeps the later write. */
export const meetingVotes = sqliteTable(
  'meeting_votes',
  {
    id: id(),
    hoaId: hoaId(),
    meetingId: text('meeting_id').notNull(),
    motionId: text('motion_id').notNull(),
    userId: text('user_id').notNull(),
    vote: text('vote', { enum: VOTES }).notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: ms('recorded_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('meeting_votes_meeting').on(t.hoaId, t.meetingId, t.motionId), index('meeting_votes_user').on(t.userId)],
);
