/**
 * One meeting for its screen and its edit form: the meeting, its agenda and (for the board) its
 * record, from the cache so it opens offline; over REST while the cache has not received it (a page
 * loaded on the meeting itself paints before the engine opens the cache, the kit's useSyncedEntity).
 */
import { useMemo } from 'react';
import { valueOfRest } from '../../../schema/rest-shape';
import {
  MEETING_ITEM_REST,
  MEETING_REST,
  MOTION_REST,
  syncedMeetingItemSchema,
  syncedMeetingSchema,
  syncedMotionSchema,
  voteIdOf,
  type ApiMeetingDetail,
  type SyncedMeeting,
  type SyncedMeetingItem,
} from '../../../sync/areas/meetings';
import { api } from '../../lib/api';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import type { UnavailableWords } from '../../ui';
import { meetingRecordOf, useAgenda, useMeeting, useMeetingRecord, type MeetingRecord } from './use-meetings';

export interface MeetingView {
  meeting: SyncedMeeting;
  /** The agenda in order. */
  items: SyncedMeetingItem[];
  /** The board's record; empty for residents (the server sends it to the board only). */
  record: MeetingRecord;
}

export const MEETING_UNAVAILABLE: UnavailableWords = {
  loading: 'Loading meeting...',
  failed: 'Failed to load meeting',
  offline: 'This meeting is not available offline.',
  back: { href: '/meetings', label: 'Back to Meetings' },
};

export const fetchMeeting = (id: string) => api<ApiMeetingDetail>(`/api/meetings/${encodeURIComponent(id)}`);

export function meetingViewOfApi(answer: ApiMeetingDetail): MeetingView {
  const meeting = valueOfRest(syncedMeetingSchema, answer, MEETING_REST);
  const seats = (answer.attendance ?? []).map((a) => ({ id: a.user_id, name: a.name, present: a.present }));
  const motions = (answer.motions ?? []).map((m) => valueOfRest(syncedMotionSchema, m, MOTION_REST));
  const votes = (answer.motions ?? []).flatMap((m) =>
    m.votes.map((v) => ({ id: voteIdOf(m._id, v.user_id), meetingId: meeting.id, motionId: m._id, userId: v.user_id, vote: v.vote, version: 0 })),
  );
  return {
    meeting,
    items: answer.items.map((i) => valueOfRest(syncedMeetingItemSchema, i, MEETING_ITEM_REST)),
    record: meetingRecordOf(meeting.id, seats, motions, votes),
  };
}

export function useMeetingEntity(id: string) {
  const { meeting, loading } = useMeeting(id);
  const items = useAgenda(id);
  const record = useMeetingRecord(id);
  const data = useMemo(() => (meeting ? { meeting, items, record } : undefined), [meeting, items, record]);
  return useSyncedEntity({ id, cached: { data, loading }, fetch: fetchMeeting, fromRemote: meetingViewOfApi, version: meeting?.version });
}
