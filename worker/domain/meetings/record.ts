/**
 * The record of a meeting in progress: attendance (one row per board seat), each agenda item's notes,
 * motions (client-made ids), votes (one row per member per motion) and Close motion, which fixes the
 * outcome and, for a carried motion that says so, acts on the item's linked row through its area's
 * domain in the same transaction. Attendance and votes are upserts: the later write stays.
 *
 * Movers, seconders and voters must hold a board seat of the HOA. That they were marked present is
 * the screen's choice, not refused here: attendance recorded on another device may reach the server
 * after the motion it made possible.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { MEETING_MESSAGES, meetingPolicy, type MotionForm, type Vote } from '../../../schema/meetings';
import { meetingAttendance, meetingItems, meetingMotions, meetingVotes } from '../../../schema/tables';
import { attendanceIdOf, voteIdOf } from '../../../sync/areas/meetings';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, invalidField, notFound } from '../errors';
import { LINK_ACTIONS } from './links';
import { boardMembersOf, getVisibleMeeting, requireBoard, type MeetingRow } from './rows';
import { attendanceRows, meetingItemRows, motionRows, voteRows } from './sync';

/** The meeting, in progress (409 otherwise). */
async function recordingMeeting(tx: Tx, actor: Actor, id: string): Promise<MeetingRow> {
  requireBoard(actor);
  const meeting = await getVisibleMeeting(tx, actor, id);
  if (!meetingPolicy.mayRecord(meeting)) throw conflict(MEETING_MESSAGES.notInProgress);
  return meeting;
}

async function requireSeat(tx: Tx, hoaId: string, userId: string, path: string) {
  const seats = await boardMembersOf(tx, hoaId);
  if (!seats.some((s) => s.id === userId)) throw invalidField(path, MEETING_MESSAGES.memberNotFound);
}

/** Present or absent, per board seat; the later write stays. */
export async function setAttendance(deps: AppDeps, tx: Tx, actor: Actor, meetingId: string, userId: string, present: boolean): Promise<void> {
  const meeting = await recordingMeeting(tx, actor, meetingId);
  await requireSeat(tx, meeting.hoaId, userId, 'user_id');
  const id = attendanceIdOf(meeting.id, userId);
  const values = { present, recordedBy: actor.userId, recordedAt: deps.clock() };
  const [added] = await attendanceRows.insert(deps, tx, { id, hoaId: meeting.hoaId, meetingId: meeting.id, userId, ...values }, { onConflictDoNothing: [meetingAttendance.id] });
  if (!added) await attendanceRows.update(deps, tx, and(eq(meetingAttendance.hoaId, meeting.hoaId), eq(meetingAttendance.id, id))!, values);
}

async function itemOf(tx: Tx, actor: Actor, itemId: string) {
  const [item] = await tx
    .select()
    .from(meetingItems)
    .where(and(eq(meetingItems.hoaId, actor.hoaId), eq(meetingItems.id, itemId), isNull(meetingItems.removedAt)))
    .limit(1);
  if (!item) throw notFound(MEETING_MESSAGES.itemNotFound);
  return item;
}

/** An agenda item's notes, saved as the board member types. */
export async function saveNotes(deps: AppDeps, tx: Tx, actor: Actor, itemId: string, notes: string): Promise<void> {
  requireBoard(actor);
  const item = await itemOf(tx, actor, itemId);
  await recordingMeeting(tx, actor, item.meetingId);
  await meetingItemRows.update(deps, tx, and(eq(meetingItems.hoaId, item.hoaId), eq(meetingItems.id, item.id))!, { notes });
}

/** A motion on one of the meeting's items; `id` from the client (the mutator), REST leaves it out. */
export async function recordMotion(deps: AppDeps, tx: Tx, actor: Actor, meetingId: string, input: MotionForm & { id?: string }): Promise<string> {
  const meeting = await recordingMeeting(tx, actor, meetingId);
  const item = await itemOf(tx, actor, input.item_id);
  if (item.meetingId !== meeting.id) throw invalidField('item_id', MEETING_MESSAGES.itemNotFound);
  await requireSeat(tx, meeting.hoaId, input.moved_by, 'moved_by');
  await requireSeat(tx, meeting.hoaId, input.seconded_by, 'seconded_by');
  if (input.moved_by === input.seconded_by) throw invalidField('seconded_by', MEETING_MESSAGES.sameSeconder);
  const id = input.id ?? newId();
  const [added] = await motionRows.insert(
    deps,
    tx,
    { id, hoaId: meeting.hoaId, meetingId: meeting.id, itemId: item.id, text: input.text, movedBy: input.moved_by, secondedBy: input.seconded_by, applyToLink: input.apply_to_link, createdBy: actor.userId, createdAt: deps.clock() },
    { onConflictDoNothing: [meetingMotions.id] },
  );
  if (!added) throw conflict(MEETING_MESSAGES.idTaken);
  return id;
}

/** The motion, of `meetingId` when the caller names one (REST paths do), in a meeting in progress. */
async function openMotion(tx: Tx, actor: Actor, motionId: string, meetingId?: string) {
  requireBoard(actor);
  const [motion] = await tx.select().from(meetingMotions).where(and(eq(meetingMotions.hoaId, actor.hoaId), eq(meetingMotions.id, motionId))).limit(1);
  if (!motion || (meetingId && motion.meetingId !== meetingId)) throw notFound(MEETING_MESSAGES.motionNotFound);
  const meeting = await recordingMeeting(tx, actor, motion.meetingId);
  return { motion, meeting };
}

/** A member's vote on an open motion; recorded twice, the later write stays. */
export async function castVote(deps: AppDeps, tx: Tx, actor: Actor, motionId: string, userId: string, vote: Vote, meetingId?: string): Promise<void> {
  const { motion, meeting } = await openMotion(tx, actor, motionId, meetingId);
  if (motion.outcome) throw conflict(MEETING_MESSAGES.motionClosed);
  await requireSeat(tx, meeting.hoaId, userId, 'user_id');
  const id = voteIdOf(motion.id, userId);
  const values = { vote, recordedBy: actor.userId, recordedAt: deps.clock() };
  const [added] = await voteRows.insert(deps, tx, { id, hoaId: meeting.hoaId, meetingId: meeting.id, motionId: motion.id, userId, ...values }, { onConflictDoNothing: [meetingVotes.id] });
  if (!added) await voteRows.update(deps, tx, and(eq(meetingVotes.hoaId, meeting.hoaId), eq(meetingVotes.id, id))!, values);
}

/**
 * Close motion: the outcome from the votes recorded (the policy's rule), fixed. A carried motion on
 * a linked item acts on it when the motion says so (approving minutes always). Closing a closed
 * motion again changes nothing (two devices may both have closed it offline).
 */
export async function closeMotion(deps: AppDeps, tx: Tx, actor: Actor, motionId: string, meetingId?: string): Promise<void> {
  const { motion } = await openMotion(tx, actor, motionId, meetingId);
  if (motion.outcome) return;
  const votes = await tx.select({ vote: meetingVotes.vote }).from(meetingVotes).where(and(eq(meetingVotes.hoaId, motion.hoaId), eq(meetingVotes.motionId, motion.id)));
  const outcome = meetingPolicy.outcomeOf(votes);
  await motionRows.update(deps, tx, and(eq(meetingMotions.hoaId, motion.hoaId), eq(meetingMotions.id, motion.id), isNull(meetingMotions.outcome))!, { outcome, closedAt: deps.clock() });
  if (outcome !== 'carried') return;
  const item = await itemOf(tx, actor, motion.itemId);
  if (item.linkKind && item.linkId && meetingPolicy.actsOnLink(item.linkKind, motion.applyToLink)) await LINK_ACTIONS[item.linkKind].apply(deps, tx, actor, item.linkId);
}
