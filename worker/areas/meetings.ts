/** Meetings, server half: REST, the synced meetings and their record, the mutators' domain calls. */
import type { meetingMutators } from '../../sync/areas/meetings';
import * as meetings from '../domain/meetings';
import { attendanceSyncArea, meetingItemSyncArea, meetingSyncArea, motionSyncArea, voteSyncArea } from '../domain/meetings/sync';
import { defineServerArea, type ServerMutators } from '../kit/server-area';
import { BODY_LIMITS } from '../middleware/body-limit';
import { meetingRoutes } from '../routes/meetings';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof meetingMutators> = {
  createMeeting: (deps, tx, actor, { shown: _s, ...input }) => meetings.createMeeting(deps, tx, actor, input),
  updateMeeting: (deps, tx, actor, { id, shown: _s, ...input }) => meetings.updateMeeting(deps, tx, actor, id, input),
  publishMeetingAgenda: (deps, tx, actor, { id }) => meetings.publishAgenda(deps, tx, actor, id),
  startMeeting: (deps, tx, actor, { id }) => meetings.moveMeeting(deps, tx, actor, id, 'in_progress'),
  adjournMeeting: (deps, tx, actor, { id }) => meetings.moveMeeting(deps, tx, actor, id, 'adjourned'),
  setMeetingAttendance: (deps, tx, actor, a) => meetings.setAttendance(deps, tx, actor, a.meetingId, a.userId, a.present),
  saveMeetingNotes: (deps, tx, actor, a) => meetings.saveNotes(deps, tx, actor, a.itemId, a.notes),
  recordMotion: (deps, tx, actor, { meetingId, shown: _s, ...input }) => meetings.recordMotion(deps, tx, actor, meetingId, input),
  castMeetingVote: (deps, tx, actor, a) => meetings.castVote(deps, tx, actor, a.motionId, a.userId, a.vote),
  closeMotion: (deps, tx, actor, a) => meetings.closeMotion(deps, tx, actor, a.id),
  saveMeetingMinutes: (deps, tx, actor, a) => meetings.saveMinutes(deps, tx, actor, a.id, a.minutes),
  publishMeetingMinutes: (deps, tx, actor, a) => meetings.publishMinutes(deps, tx, actor, a.id, a.visibility),
};

export const meetingsArea = defineServerArea({
  name: 'meetings',
  routes: [{ path: '/api/meetings', router: meetingRoutes, bodyLimits: { '/': BODY_LIMITS.richText, '/:id': BODY_LIMITS.richText, '/:id/minutes': BODY_LIMITS.richText } }],
  sync: [meetingSyncArea, meetingItemSyncArea, attendanceSyncArea, motionSyncArea, voteSyncArea],
  mutators,
});
