/**
 * Board meetings, shared half: five key spaces (meetings and their agenda items, which residents see
 * for open meetings once the agenda is published; attendance, motions and votes, board only), the
 * synced values, and the mutators for everything done before, during and after a meeting, offline
 * too. Attendance and votes are one row per member (`<meetingId>:<userId>`, `<motionId>:<userId>`)
 * and motions have client-made ids, so board members recording at once never write the same row
 * unless they record the same thing (then the later write stays).
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { lazy } from '../../schema/lazy';
import {
  type AgendaItemInput,
  MEETING_ACCESS,
  MEETING_LINK_KIND_LIST,
  MEETING_MESSAGES,
  MEETING_STATUSES,
  type MeetingLinkKind,
  meetingFields,
  meetingPolicy,
  MINUTES_MAX,
  MINUTES_STATUSES,
  minutesVisibilityField,
  MOTION_OUTCOMES,
  motionFields,
  notesField,
  type Vote,
  VOTES,
  voteField,
  type VoteTally,
} from '../../schema/meetings';
import type { RestAnswer, RestRule } from '../../schema/rest-shape';
import { richTextField } from '../../schema/rich-text';
import { syncedNamedSchema } from '../../schema/synced';
import { actingUserSchema } from '../../schema/threads';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { newRowId, rowId } from './fields';

export const MEETING_SPACE = 'meeting';
export const MEETING_ITEM_SPACE = 'meetingItem';
export const ATTENDANCE_SPACE = 'meetingAttendance';
export const MOTION_SPACE = 'meetingMotion';
export const VOTE_SPACE = 'meetingVote';
export const meetingKey = (id: string) => keyOf(MEETING_SPACE, id);
export const meetingItemKey = (id: string) => keyOf(MEETING_ITEM_SPACE, id);
export const motionKey = (id: string) => keyOf(MOTION_SPACE, id);
/** One attendance row per member per meeting, one vote per member per motion. */
export const attendanceIdOf = (meetingId: string, userId: string) => `${meetingId}:${userId}`;
export const voteIdOf = (motionId: string, userId: string) => `${motionId}:${userId}`;
export const attendanceKey = (id: string) => keyOf(ATTENDANCE_SPACE, id);
export const voteKey = (id: string) => keyOf(VOTE_SPACE, id);
export const meetingAttendancePrefix = (meetingId: string) => attendanceKey(attendanceIdOf(meetingId, ''));
export const motionVotesPrefix = (motionId: string) => voteKey(voteIdOf(motionId, ''));

export const syncedMeetingSchema = lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    /** The day's UTC midnight. */
    date: z.number(),
    /** The HOA's wall-clock "HH:MM". */
    time: z.string(),
    place: z.string().nullable(),
    videoLink: z.string().nullable(),
    access: z.enum(MEETING_ACCESS),
    status: z.enum(MEETING_STATUSES),
    minutesStatus: z.enum(MINUTES_STATUSES),
    /** The minutes' rich text, for the board only (null for residents: they read the published document). */
    minutes: z.string().nullable(),
    minutesDocumentId: z.string().nullable(),
    createdBy: syncedNamedSchema,
    publishedAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number(),
  }),
);
export type SyncedMeeting = z.output<typeof syncedMeetingSchema>;

export const syncedMeetingItemSchema = lazy(() =>
  z.object({
    id: z.string(),
    meetingId: z.string(),
    position: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    linkKind: z.enum(MEETING_LINK_KIND_LIST as [MeetingLinkKind, ...MeetingLinkKind[]]).nullable(),
    linkId: z.string().nullable(),
    linkLabel: z.string().nullable(),
    notes: z.string(),
    version: z.number(),
  }),
);
export type SyncedMeetingItem = z.output<typeof syncedMeetingItemSchema>;

export const syncedAttendanceSchema = lazy(() =>
  z.object({ id: z.string(), meetingId: z.string(), userId: z.string(), present: z.boolean(), version: z.number() }),
);
export type SyncedAttendance = z.output<typeof syncedAttendanceSchema>;

export const syncedMotionSchema = lazy(() =>
  z.object({
    id: z.string(),
    meetingId: z.string(),
    itemId: z.string(),
    text: z.string(),
    movedBy: syncedNamedSchema,
    secondedBy: syncedNamedSchema,
    applyToLink: z.boolean(),
    outcome: z.enum(MOTION_OUTCOMES).nullable(),
    closedAt: z.number().nullable(),
    createdAt: z.number(),
    version: z.number(),
  }),
);
export type SyncedMotion = z.output<typeof syncedMotionSchema>;

export const syncedVoteSchema = lazy(() =>
  z.object({ id: z.string(), meetingId: z.string(), motionId: z.string(), userId: z.string(), vote: z.enum(VOTES), version: z.number() }),
);
export type SyncedVote = z.output<typeof syncedVoteSchema>;

/** The REST answers are the generic rename; the day and the times are ISO text. */
export const MEETING_REST = { times: ['date', 'publishedAt'] } as const satisfies RestRule<SyncedMeeting>;
export const MEETING_ITEM_REST = {} as const satisfies RestRule<SyncedMeetingItem>;
export const MOTION_REST = { times: ['closedAt'] } as const satisfies RestRule<SyncedMotion>;

export type ApiMeeting = RestAnswer<SyncedMeeting, typeof MEETING_REST>;
export type ApiMeetingItem = RestAnswer<SyncedMeetingItem, typeof MEETING_ITEM_REST>;
export type ApiMotion = RestAnswer<SyncedMotion, typeof MOTION_REST> & { votes: { user_id: string; vote: Vote }[]; tally: VoteTally };
/** The board's part of one meeting's answer: every board seat's attendance, the quorum, the motions with their votes. */
export interface ApiMeetingRecord {
  attendance: { user_id: string; name: string; present: boolean | null }[];
  quorum: ReturnType<typeof meetingPolicy.quorum>;
  motions: ApiMotion[];
}
/** `GET /api/meetings/:id`: the meeting and its agenda in order; the record for the board only. */
export type ApiMeetingDetail = ApiMeeting & { items: ApiMeetingItem[] } & Partial<ApiMeetingRecord>;

/** What the screen knows until the server answers: the acting user and the names it picked. The server never reads it. */
const shown = lazy(() => z.object({ by: actingUserSchema.optional(), names: z.record(z.string().max(64), z.string().max(200)).optional() }).optional());

const get = async <V>(tx: WriteTransaction, key: string) => (await tx.get(key)) as V | undefined;
const scan = async <V>(tx: WriteTransaction, prefix: string) => (await tx.scan({ prefix }).values().toArray()) as unknown as V[];
const allowed = { role: meetingPolicy.mayManage, refusal: MEETING_MESSAGES.boardOnly };

/** Writes a meeting's agenda items (ids from the client) and drops the ones no longer on it. */
async function putItems(tx: WriteTransaction, meetingId: string, items: readonly AgendaItemInput[]) {
  const kept = new Set(items.map((i) => i.id));
  for (const old of await scan<SyncedMeetingItem>(tx, keyOf(MEETING_ITEM_SPACE, ''))) {
    if (old.meetingId === meetingId && !kept.has(old.id)) await tx.del(meetingItemKey(old.id));
  }
  for (const [position, item] of items.entries()) {
    if (!item.id) continue;
    const old = await get<SyncedMeetingItem>(tx, meetingItemKey(item.id));
    const value: SyncedMeetingItem = {
      id: item.id,
      meetingId,
      position,
      title: item.title,
      description: item.description ?? null,
      linkKind: item.link_kind,
      linkId: item.link_id,
      linkLabel: old?.linkId === item.link_id ? old.linkLabel : null,
      notes: old?.notes ?? '',
      version: old?.version ?? 0,
    };
    await tx.set(meetingItemKey(item.id), value);
  }
}

const meetingArgs = lazy(() => z.object({ id: newRowId, ...meetingFields, shown }));
const meetingIdArgs = lazy(() => z.object({ id: rowId }));

/** Updates the cached meeting when `when` allows it. */
async function moveMeeting(tx: WriteTransaction, id: string, when: (m: SyncedMeeting) => boolean, change: Partial<SyncedMeeting>) {
  const m = await get<SyncedMeeting>(tx, meetingKey(id));
  if (m && when(m)) await tx.set(meetingKey(id), { ...m, ...change, updatedAt: Date.now() });
}

export const meetingMutators = {
  createMeeting: defineMutator({
    args: meetingArgs,
    label: 'Schedule meeting',
    subject: (args) => args.title,
    allowed,
    async apply(tx, { id, items, video_link, shown: s, ...m }) {
      if (await tx.has(meetingKey(id))) return;
      const now = Date.now();
      const by = s?.by ? { id: s.by.id, name: s.by.name } : { id: '', name: '' };
      const value: SyncedMeeting = { id, ...m, videoLink: video_link, status: 'draft', minutesStatus: 'none', minutes: null, minutesDocumentId: null, createdBy: by, publishedAt: null, createdAt: now, updatedAt: now, version: 0 };
      await tx.set(meetingKey(id), value);
      await putItems(tx, id, items);
    },
  }),

  updateMeeting: defineMutator({
    args: meetingArgs,
    label: 'Update meeting',
    subject: (args) => args.title,
    allowed,
    async apply(tx, { id, items, video_link, shown: _s, ...m }) {
      const old = await get<SyncedMeeting>(tx, meetingKey(id));
      if (!old || !meetingPolicy.isEditable(old)) return;
      await tx.set(meetingKey(id), { ...old, ...m, videoLink: video_link, updatedAt: Date.now() });
      await putItems(tx, id, items);
    },
  }),

  publishMeetingAgenda: defineMutator({
    args: meetingIdArgs,
    label: 'Publish agenda',
    allowed,
    apply: (tx, { id }) => moveMeeting(tx, id, meetingPolicy.isEditable, { status: 'scheduled', publishedAt: Date.now() }),
  }),

  startMeeting: defineMutator({
    args: meetingIdArgs,
    label: 'Start meeting',
    allowed,
    apply: (tx, { id }) => moveMeeting(tx, id, meetingPolicy.mayStart, { status: 'in_progress' }),
  }),

  adjournMeeting: defineMutator({
    args: meetingIdArgs,
    label: 'Adjourn meeting',
    allowed,
    apply: (tx, { id }) => moveMeeting(tx, id, meetingPolicy.mayRecord, { status: 'adjourned' }),
  }),

  setMeetingAttendance: defineMutator({
    args: lazy(() => z.object({ meetingId: rowId, userId: rowId, present: z.boolean() })),
    label: 'Record attendance',
    allowed,
    async apply(tx, { meetingId, userId, present }) {
      const id = attendanceIdOf(meetingId, userId);
      const old = await get<SyncedAttendance>(tx, attendanceKey(id));
      await tx.set(attendanceKey(id), { id, meetingId, userId, present, version: old?.version ?? 0 });
    },
  }),

  saveMeetingNotes: defineMutator({
    args: lazy(() => z.object({ itemId: rowId, notes: notesField })),
    label: 'Save notes',
    allowed,
    async apply(tx, { itemId, notes }) {
      const item = await get<SyncedMeetingItem>(tx, meetingItemKey(itemId));
      if (item) await tx.set(meetingItemKey(itemId), { ...item, notes });
    },
  }),

  recordMotion: defineMutator({
    args: lazy(() => z.object({ id: newRowId, meetingId: rowId, ...motionFields, shown })),
    label: 'Record motion',
    subject: (args) => args.text,
    allowed,
    async apply(tx, { id, meetingId, item_id, text, moved_by, seconded_by, apply_to_link, shown: s }) {
      if (await tx.has(motionKey(id))) return;
      const named = (userId: string) => ({ id: userId, name: s?.names?.[userId] ?? '' });
      const value: SyncedMotion = { id, meetingId, itemId: item_id, text, movedBy: named(moved_by), secondedBy: named(seconded_by), applyToLink: apply_to_link, outcome: null, closedAt: null, createdAt: Date.now(), version: 0 };
      await tx.set(motionKey(id), value);
    },
  }),

  castMeetingVote: defineMutator({
    args: lazy(() => z.object({ motionId: rowId, userId: rowId, vote: voteField })),
    label: 'Record vote',
    allowed,
    async apply(tx, { motionId, userId, vote }) {
      const motion = await get<SyncedMotion>(tx, motionKey(motionId));
      if (!motion || motion.outcome) return;
      const id = voteIdOf(motionId, userId);
      const old = await get<SyncedVote>(tx, voteKey(id));
      await tx.set(voteKey(id), { id, meetingId: motion.meetingId, motionId, userId, vote, version: old?.version ?? 0 });
    },
  }),

  closeMotion: defineMutator({
    args: lazy(() => z.object({ id: rowId })),
    label: 'Close motion',
    allowed,
    async apply(tx, { id }) {
      const motion = await get<SyncedMotion>(tx, motionKey(id));
      if (!motion || motion.outcome) return;
      const votes = await scan<SyncedVote>(tx, motionVotesPrefix(id));
      await tx.set(motionKey(id), { ...motion, outcome: meetingPolicy.outcomeOf(votes), closedAt: Date.now() });
    },
  }),

  saveMeetingMinutes: defineMutator({
    args: lazy(() => z.object({ id: rowId, minutes: richTextField({ required: MEETING_MESSAGES.minutesRequired, tooLong: MEETING_MESSAGES.minutesTooLong }, MINUTES_MAX) })),
    label: 'Save minutes',
    allowed,
    apply: (tx, { id, minutes }) => moveMeeting(tx, id, meetingPolicy.mayDraftMinutes, { minutes, minutesStatus: 'draft' }),
  }),

  publishMeetingMinutes: defineMutator({
    args: lazy(() => z.object({ id: rowId, visibility: minutesVisibilityField })),
    label: 'Publish minutes',
    allowed,
    apply: (tx, { id }) => moveMeeting(tx, id, meetingPolicy.mayPublishMinutes, { minutesStatus: 'published' }),
  }),
};

export const meetingsSync = defineSyncedArea({ spaces: [MEETING_SPACE, MEETING_ITEM_SPACE, ATTENDANCE_SPACE, MOTION_SPACE, VOTE_SPACE], mutators: meetingMutators });
