/**
 * Reading meetings over REST, built from the values the pull sends, so REST and the cache say the
 * same. One meeting carries its agenda; for the board also its attendance (every board seat), quorum
 * and motions with their votes and tally.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { meetingPolicy, tallyVotes } from '../../../schema/meetings';
import { restAnswer } from '../../../schema/rest-shape';
import { meetingAttendance, meetingItems, meetingMotions, meetings, meetingVotes } from '../../../schema/tables';
import {
  MEETING_ITEM_REST,
  MEETING_REST,
  MOTION_REST,
  type ApiMeeting,
  type ApiMeetingDetail,
  type ApiMeetingRecord,
  type SyncedMeeting,
  type SyncedMeetingItem,
  type SyncedMotion,
} from '../../../sync/areas/meetings';
import type { DbOrTx } from '../../db';
import type { Actor } from '../actor';
import { boardMembersOf, getVisibleMeeting } from './rows';
import { meetingItemValuesSql, meetingValuesSql, motionValuesSql, visibleMeetingItems, visibleMeetings } from './sync';

export type { ApiMeeting, ApiMeetingDetail } from '../../../sync/areas/meetings';

async function valuesOf<V>(db: DbOrTx, statement: SQL): Promise<V[]> {
  const rows: { id: string; json: string }[] = await db.all(statement);
  return rows.map((r) => JSON.parse(r.json) as V);
}

/** GET /api/meetings: the meetings the actor may see, latest date first (then id). */
export async function listMeetings(db: DbOrTx, actor: Actor): Promise<{ docs: ApiMeeting[] }> {
  const ids = sql`SELECT ${meetings.id} AS row_id FROM ${meetings} WHERE ${visibleMeetings(actor)}`;
  const values = await valuesOf<SyncedMeeting>(db, meetingValuesSql(actor, ids));
  values.sort((a, b) => b.date - a.date || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return { docs: values.map((m) => restAnswer(m, MEETING_REST)) };
}

async function recordOf(db: DbOrTx, actor: Actor, meeting: { id: string; hoaId: string }): Promise<ApiMeetingRecord> {
  const seats = await boardMembersOf(db, meeting.hoaId);
  const marks = await db.select().from(meetingAttendance).where(and(eq(meetingAttendance.hoaId, meeting.hoaId), eq(meetingAttendance.meetingId, meeting.id)));
  const presentOf = new Map(marks.map((a) => [a.userId, a.present]));
  const attendance = seats.map((s) => ({ user_id: s.id, name: s.name, present: presentOf.get(s.id) ?? null }));
  const motionIds = sql`SELECT ${meetingMotions.id} AS row_id FROM ${meetingMotions} WHERE ${and(eq(meetingMotions.hoaId, meeting.hoaId), eq(meetingMotions.meetingId, meeting.id))}`;
  const motions = (await valuesOf<SyncedMotion>(db, motionValuesSql(actor, motionIds))).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  const votes = await db.select().from(meetingVotes).where(and(eq(meetingVotes.hoaId, meeting.hoaId), eq(meetingVotes.meetingId, meeting.id)));
  return {
    attendance,
    quorum: meetingPolicy.quorum(seats.length, attendance.filter((a) => a.present).length),
    motions: motions.map((m) => {
      const mine = votes.filter((v) => v.motionId === m.id);
      return { ...restAnswer(m, MOTION_REST), votes: mine.map((v) => ({ user_id: v.userId, vote: v.vote })), tally: tallyVotes(mine) };
    }),
  };
}

/** GET /api/meetings/:id: the meeting and its agenda in order; the board also gets the record. */
export async function getMeeting(db: DbOrTx, actor: Actor, id: string): Promise<ApiMeetingDetail> {
  const meeting = await getVisibleMeeting(db, actor, id);
  const [value] = await valuesOf<SyncedMeeting>(db, meetingValuesSql(actor, sql`SELECT ${meeting.id} AS row_id`));
  const itemIds = sql`SELECT ${meetingItems.id} AS row_id FROM ${meetingItems} WHERE ${and(visibleMeetingItems(actor), eq(meetingItems.meetingId, meeting.id))}`;
  const items = (await valuesOf<SyncedMeetingItem>(db, meetingItemValuesSql(actor, itemIds))).sort((a, b) => a.position - b.position);
  const answer = { ...restAnswer(value, MEETING_REST), items: items.map((i) => restAnswer(i, MEETING_ITEM_REST)) };
  return meetingPolicy.mayManage(actor.role) ? { ...answer, ...(await recordOf(db, actor, meeting)) } : answer;
}

