/**
 * Meetings, server half of sync: who sees what (the board: all of its HOA's meetings and their
 * record; residents: open meetings whose agenda is published and their items, never attendance,
 * motions, votes or the minutes' text), the cache values a pull sends (built by SQLite), and the
 * synced tables every write goes through.
 */
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { meetingPolicy } from '../../../schema/meetings';
import { meetingAttendance, meetingItems, meetingMotions, meetings, meetingVotes, users } from '../../../schema/tables';
import {
  ATTENDANCE_SPACE,
  MEETING_ITEM_SPACE,
  MEETING_SPACE,
  MOTION_SPACE,
  VOTE_SPACE,
  type SyncedAttendance,
  type SyncedMeeting,
  type SyncedMeetingItem,
  type SyncedMotion,
  type SyncedVote,
} from '../../../sync/areas/meetings';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';

const board = (viewer: Viewer) => meetingPolicy.mayManage(viewer.role);
/** What residents see of meetings: open ones whose agenda is published. */
const openToResidents = (m: typeof meetings) => and(eq(m.access, 'open'), ne(m.status, 'draft'));

export const visibleMeetings = (viewer: Viewer): SQL => (board(viewer) ? inHoa(viewer, meetings.hoaId) : inHoa(viewer, meetings.hoaId, openToResidents(meetings)));

export const visibleMeetingItems = (viewer: Viewer): SQL =>
  board(viewer)
    ? inHoa(viewer, meetingItems.hoaId, isNull(meetingItems.removedAt))
    : inHoa(
        viewer,
        meetingItems.hoaId,
        isNull(meetingItems.removedAt),
        sql`${meetingItems.meetingId} IN (SELECT ${meetings.id} FROM ${meetings} WHERE ${inHoa(viewer, meetings.hoaId, openToResidents(meetings))})`,
      );

/** The record of a meeting: the board's, asked of the HOA index with an HOA id no row has for the others. */
const boardScope = (viewer: Viewer, hoaColumn: SQLiteColumn) => (board(viewer) ? inHoa(viewer, hoaColumn) : eq(hoaColumn, ''));
export const visibleAttendance = (viewer: Viewer) => boardScope(viewer, meetingAttendance.hoaId);
export const visibleMotions = (viewer: Viewer) => boardScope(viewer, meetingMotions.hoaId);
export const visibleVotes = (viewer: Viewer) => boardScope(viewer, meetingVotes.hoaId);

const bool = (column: SQLiteColumn) => sql`json(CASE WHEN ${column} THEN 'true' ELSE 'false' END)`;
const person = (column: SQLiteColumn, alias: string) => sql`json_object('id', ${column}, 'name', coalesce(${sql.raw(alias)}.name, 'Unknown User'))`;
const userJoin = (alias: string, column: SQLiteColumn, hoaColumn: SQLiteColumn) => sql`LEFT JOIN ${users} AS ${sql.raw(alias)} ON ${sql.raw(alias)}.id = ${column} AND ${sql.raw(alias)}.hoa_id = ${hoaColumn}`;

function meetingValue(viewer: Viewer): SyncValueSql<SyncedMeeting> {
  const m = meetings;
  return {
    fields: {
      id: m.id,
      title: m.title,
      date: m.date,
      time: m.time,
      place: m.place,
      videoLink: m.videoLink,
      access: m.access,
      status: m.status,
      minutesStatus: m.minutesStatus,
      minutes: board(viewer) ? m.minutes : sql`NULL`,
      minutesDocumentId: m.minutesDocumentId,
      createdBy: person(m.createdBy, 'creator'),
      publishedAt: m.publishedAt,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
      version: m.version,
    },
    joins: userJoin('creator', m.createdBy, m.hoaId),
  };
}

function itemValue(): SyncValueSql<SyncedMeetingItem> {
  const i = meetingItems;
  return {
    fields: {
      id: i.id,
      meetingId: i.meetingId,
      position: i.position,
      title: i.title,
      description: i.description,
      linkKind: i.linkKind,
      linkId: i.linkId,
      linkLabel: i.linkLabel,
      notes: i.notes,
      version: i.version,
    },
  };
}

function attendanceValue(): SyncValueSql<SyncedAttendance> {
  const a = meetingAttendance;
  return { fields: { id: a.id, meetingId: a.meetingId, userId: a.userId, present: bool(a.present), version: a.version } };
}

function motionValue(): SyncValueSql<SyncedMotion> {
  const o = meetingMotions;
  return {
    fields: {
      id: o.id,
      meetingId: o.meetingId,
      itemId: o.itemId,
      text: o.text,
      movedBy: person(o.movedBy, 'mover'),
      secondedBy: person(o.secondedBy, 'seconder'),
      applyToLink: bool(o.applyToLink),
      outcome: o.outcome,
      closedAt: o.closedAt,
      createdAt: o.createdAt,
      version: o.version,
    },
    joins: sql`${userJoin('mover', o.movedBy, o.hoaId)} ${userJoin('seconder', o.secondedBy, o.hoaId)}`,
  };
}

function voteValue(): SyncValueSql<SyncedVote> {
  const v = meetingVotes;
  return { fields: { id: v.id, meetingId: v.meetingId, motionId: v.motionId, userId: v.userId, vote: v.vote, version: v.version } };
}

export const meetingSyncArea: ServerSyncArea = {
  space: MEETING_SPACE,
  scope: 'hoa',
  table: meetings,
  id: meetings.id,
  version: meetings.version,
  hoaId: meetings.hoaId,
  visible: visibleMeetings,
  value: meetingValue,
  dependsOn: { users: (_hoaId, ids) => inArray(meetings.createdBy, ids) },
};

export const meetingItemSyncArea: ServerSyncArea = {
  space: MEETING_ITEM_SPACE,
  scope: 'hoa',
  table: meetingItems,
  id: meetingItems.id,
  version: meetingItems.version,
  hoaId: meetingItems.hoaId,
  visible: visibleMeetingItems,
  value: itemValue,
};

export const attendanceSyncArea: ServerSyncArea = {
  space: ATTENDANCE_SPACE,
  scope: 'hoa',
  table: meetingAttendance,
  id: meetingAttendance.id,
  version: meetingAttendance.version,
  hoaId: meetingAttendance.hoaId,
  visible: visibleAttendance,
  value: attendanceValue,
};

export const motionSyncArea: ServerSyncArea = {
  space: MOTION_SPACE,
  scope: 'hoa',
  table: meetingMotions,
  id: meetingMotions.id,
  version: meetingMotions.version,
  hoaId: meetingMotions.hoaId,
  visible: visibleMotions,
  value: motionValue,
  dependsOn: { users: (_hoaId, ids) => or(inArray(meetingMotions.movedBy, ids), inArray(meetingMotions.secondedBy, ids))! },
};

export const voteSyncArea: ServerSyncArea = {
  space: VOTE_SPACE,
  scope: 'hoa',
  table: meetingVotes,
  id: meetingVotes.id,
  version: meetingVotes.version,
  hoaId: meetingVotes.hoaId,
  visible: visibleVotes,
  value: voteValue,
};

export const meetingValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(meetingSyncArea, viewer, ids);
export const meetingItemValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(meetingItemSyncArea, viewer, ids);
export const motionValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(motionSyncArea, viewer, ids);

/** Every write to the meeting tables goes through these writers (version and change record in one call). */
export const meetingRows = syncedTable({ ...meetingSyncArea, table: meetings });
export const meetingItemRows = syncedTable({ ...meetingItemSyncArea, table: meetingItems });
export const attendanceRows = syncedTable({ ...attendanceSyncArea, table: meetingAttendance });
export const motionRows = syncedTable({ ...motionSyncArea, table: meetingMotions });
export const voteRows = syncedTable({ ...voteSyncArea, table: meetingVotes });

export const meetingIs = (hoaId: string, id: string) => and(eq(meetings.hoaId, hoaId), eq(meetings.id, id))!;
