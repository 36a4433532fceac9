/**
 * The rows every meetings module reads: the role rule, one visible meeting (404 otherwise), its
 * agenda, and the HOA's board seats.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { MEETING_MESSAGES, meetingPolicy } from '../../../schema/meetings';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { meetingItems, meetings, users } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { Actor } from '../actor';
import { forbidden, notFound } from '../errors';
import { visibleMeetings } from './sync';

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingItemRow = typeof meetingItems.$inferSelect;

export function requireBoard(actor: Actor) {
  if (!meetingPolicy.mayManage(actor.role)) throw forbidden(MEETING_MESSAGES.boardOnly);
}

/** One meeting the actor may see, or 404 (also another HOA's, and a board-only one for residents). */
export async function getVisibleMeeting(db: DbOrTx, actor: Pick<Actor, 'hoaId' | 'role' | 'userId'>, id: string): Promise<MeetingRow> {
  const [row] = await db.select().from(meetings).where(and(visibleMeetings(actor), eq(meetings.id, id))).limit(1);
  if (!row) throw notFound(MEETING_MESSAGES.notFound);
  return row;
}

/** The meeting's agenda items in order (not the removed ones). */
export const agendaOf = (db: DbOrTx, m: Pick<MeetingRow, 'hoaId' | 'id'>) =>
  db.select().from(meetingItems).where(and(eq(meetingItems.hoaId, m.hoaId), eq(meetingItems.meetingId, m.id), isNull(meetingItems.removedAt))).orderBy(meetingItems.position);

/** The HOA's board seats: its active board members and superadmins. */
export const boardMembersOf = (db: DbOrTx, hoaId: string) =>
  db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.hoaId, hoaId), eq(users.status, 'active'), inArray(users.role, [...PRIVILEGED_ROLES]), isNull(users.deletedAt)))
    .orderBy(users.name);

