/**
 * Meetings from the local cache: the list (latest date first), one meeting with its agenda, and for
 * the board its record (board seats from the synced members, attendance, motions and their votes),
 * the candidates an agenda item may link. Everything works offline.
 */
import { useMemo } from 'react';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { prefixOf } from '../../../sync/keys';
import {
  ATTENDANCE_SPACE,
  MEETING_ITEM_SPACE,
  MEETING_SPACE,
  meetingKey,
  MOTION_SPACE,
  VOTE_SPACE,
  type SyncedAttendance,
  type SyncedMeeting,
  type SyncedMeetingItem,
  type SyncedMotion,
  type SyncedVote,
} from '../../../sync/areas/meetings';
import { peoplePolicy } from '../../../schema/people';
import { MEMBER_SPACE, type SyncedMember } from '../../../sync/areas/members';
import { defineSyncedList, newestFirst, usePrefix, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';

export const meetingList = defineSyncedList({ prefix: prefixOf(MEETING_SPACE), compare: newestFirst((m: SyncedMeeting) => m.date) });
export const useMeetingList = (options: SyncedListOptions<SyncedMeeting>) => useSyncedList(meetingList, options);

export function useMeeting(id: string) {
  const { data, loading } = useSyncedValue<SyncedMeeting>(meetingKey(id));
  return { meeting: data, loading };
}

/** The meeting's agenda in order. */
export function useAgenda(meetingId: string) {
  const { data } = usePrefix<SyncedMeetingItem>(prefixOf(MEETING_ITEM_SPACE));
  return useMemo(() => data.filter((i) => i.meetingId === meetingId).sort((a, b) => a.position - b.position), [data, meetingId]);
}

export interface Seat {
  id: string;
  name: string;
  /** null until marked. */
  present: boolean | null;
}

export interface MeetingRecord {
  seats: Seat[];
  present: Set<string>;
  motions: SyncedMotion[];
  votesOf: (motionId: string) => SyncedVote[];
  names: Record<string, string>;
}

/** A board seat: an active board member or superadmin (the server's `boardMembersOf` says the same). */
export const isBoardSeat = (m: SyncedMember) => PRIVILEGED_ROLES.includes(m.role) && peoplePolicy.isPickable(m);

/** The record from its parts: the seats in name order with their attendance, the motions in order, their votes. */
export function meetingRecordOf(meetingId: string, seats: Seat[], motions: readonly SyncedMotion[], votes: readonly SyncedVote[]): MeetingRecord {
  const sorted = [...seats].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const mine = votes.filter((v) => v.meetingId === meetingId);
  return {
    seats: sorted,
    present: new Set(sorted.filter((s) => s.present).map((s) => s.id)),
    motions: motions.filter((m) => m.meetingId === meetingId).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)),
    votesOf: (motionId: string) => mine.filter((v) => v.motionId === motionId),
    names: Object.fromEntries(sorted.map((s) => [s.id, s.name])),
  };
}

/** The board seats (active board members and superadmins) with their attendance, the motions and their votes. */
export function useMeetingRecord(meetingId: string): MeetingRecord {
  const members = usePrefix<SyncedMember>(prefixOf(MEMBER_SPACE)).data;
  const attendance = usePrefix<SyncedAttendance>(prefixOf(ATTENDANCE_SPACE)).data;
  const motions = usePrefix<SyncedMotion>(prefixOf(MOTION_SPACE)).data;
  const votes = usePrefix<SyncedVote>(prefixOf(VOTE_SPACE)).data;
  return useMemo(() => {
    const marked = new Map(attendance.filter((a) => a.meetingId === meetingId).map((a) => [a.userId, a.present]));
    const seats = members.filter(isBoardSeat).map((m) => ({ id: m.id, name: m.name, present: marked.get(m.id) ?? null }));
    return meetingRecordOf(meetingId, seats, motions, votes);
  }, [members, attendance, motions, votes, meetingId]);
}
