/**
 * Board meetings: statuses and their labels, the kinds of item an agenda item may link (and what a
 * carried motion does to it), the messages, limits, the form and body schemas and the policy (one
 * rule each: the domain enforces it, the mutators predict with it, the screens choose their controls
 * with it). The HOA's meeting rules, quorum and what carries a motion, are two functions of the policy.
 */
import { z } from 'zod';
import { dayField, formatDay, formatLongDay } from './days';
import { lazy } from './lazy';
import { isPrivileged, type Role } from './roles';
import { optionalText, requiredText } from './validation';

/** Draft → Scheduled (agenda published) → In progress → Adjourned. */
export const MEETING_STATUS_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  adjourned: 'Adjourned',
} as const;
export type MeetingStatus = keyof typeof MEETING_STATUS_LABELS;
export const MEETING_STATUSES = Object.keys(MEETING_STATUS_LABELS) as [MeetingStatus, ...MeetingStatus[]];

export const MINUTES_STATUSES = ['none', 'draft', 'approved', 'published'] as const;
export type MinutesStatus = (typeof MINUTES_STATUSES)[number];
export const MINUTES_STATUS_LABELS: Record<MinutesStatus, string> = { none: 'No minutes', draft: 'Minutes draft', approved: 'Minutes approved', published: 'Minutes published' };

/** Open meetings are shown to residents once their agenda is published; board-only ones never. */
export const MEETING_ACCESS = ['open', 'board'] as const;
export type MeetingAccess = (typeof MEETING_ACCESS)[number];
export const MEETING_ACCESS_LABELS: Record<MeetingAccess, string> = { open: 'Open meeting', board: 'Board only' };

export const VOTES = ['yes', 'no', 'abstain', 'recused'] as const;
export type Vote = (typeof VOTES)[number];
export const VOTE_LABELS: Record<Vote, string> = { yes: 'Yes', no: 'No', abstain: 'Abstain', recused: 'Recused' };

export const MOTION_OUTCOMES = ['carried', 'failed'] as const;
export type MotionOutcome = (typeof MOTION_OUTCOMES)[number];
export const MOTION_OUTCOME_LABELS: Record<MotionOutcome, string> = { carried: 'Carried', failed: 'Failed' };

/** How published minutes are filed in the document vault. */
export const MINUTES_VISIBILITY = ['public', 'board'] as const;
export type MinutesVisibility = (typeof MINUTES_VISIBILITY)[number];
export const MINUTES_VISIBILITY_LABELS: Record<MinutesVisibility, string> = { public: 'Public', board: 'Board Only' };

/**
 * What an agenda item may link: one entry per kind, with what a carried motion on it does. `always`:
 * the motion acts whenever it carries (approving minutes is what such a motion is for); the others
 * act only when the motion says so ("Apply to linked item"). A new kind is one more entry here and
 * one in the server's table of link actions (worker/domain/meetings/links.ts).
 */
export const MEETING_LINK_KINDS = {
  request: { label: 'Request', carried: 'Close the request', always: false },
  violation: { label: 'Violation', carried: 'Dismiss the violation', always: false },
  application: { label: 'Architectural application', carried: 'Approve the application', always: false },
  minutes: { label: 'Minutes', carried: 'Approve the minutes', always: true },
} as const satisfies Record<string, { label: string; carried: string; always: boolean }>;
export type MeetingLinkKind = keyof typeof MEETING_LINK_KINDS;
export const MEETING_LINK_KIND_LIST = Object.keys(MEETING_LINK_KINDS) as MeetingLinkKind[];

export const MEETING_TITLE_MAX = 100;
export const MEETING_PLACE_MAX = 200;
export const MEETING_LINK_MAX = 500;
export const ITEM_TITLE_MAX = 200;
export const ITEM_DESCRIPTION_MAX = 2000;
export const ITEMS_MAX = 30;
export const NOTES_MAX = 10_000;
export const MOTION_TEXT_MAX = 1000;
export const MINUTES_MAX = 200_000;

export const MEETING_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${MEETING_TITLE_MAX} characters`,
  dateInvalid: 'Date must be a valid date',
  timeInvalid: 'Time must be a valid time',
  placeTooLong: `Place must be at most ${MEETING_PLACE_MAX} characters`,
  placeOrLink: 'Enter a place or a video link',
  linkInvalid: 'The video link must be an https:// address',
  accessInvalid: 'Choose an open or a board-only meeting',
  itemTitleRequired: 'Agenda item title is required',
  itemTitleTooLong: `Agenda item title must be at most ${ITEM_TITLE_MAX} characters`,
  itemDescriptionTooLong: `Description must be at most ${ITEM_DESCRIPTION_MAX} characters`,
  itemsTooMany: `A meeting has at most ${ITEMS_MAX} agenda items`,
  linkNotFound: 'The linked item was not found',
  linkKindInvalid: 'The kind of linked item is invalid',
  notesTooLong: `Notes must be at most ${NOTES_MAX} characters`,
  motionRequired: 'Motion text is required',
  motionTooLong: `Motion text must be at most ${MOTION_TEXT_MAX} characters`,
  moverRequired: 'Choose who moved the motion',
  seconderRequired: 'Choose who seconded the motion',
  sameSeconder: 'The seconder must be another board member',
  minutesRequired: 'Minutes are required',
  minutesTooLong: 'The minutes are too long',
  boardOnly: 'Only board members can manage meetings',
  notFound: 'Meeting not found',
  itemNotFound: 'Agenda item not found',
  motionNotFound: 'Motion not found',
  memberNotFound: 'This person is not a board member of the HOA',
  idTaken: 'A meeting with this id already exists',
  notDraft: 'Only a draft meeting can be edited or published.',
  notScheduled: 'Only a scheduled meeting can be started.',
  notInProgress: 'This meeting is not in progress.',
  motionClosed: 'This motion is closed.',
  minutesLocked: 'The minutes can be drafted once the meeting is adjourned, and are locked once approved.',
  minutesNotDrafted: 'These minutes have not been drafted yet.',
  minutesNotApproved: 'Only approved minutes can be published.',
  published: 'Agenda published',
  minutesPublished: 'Minutes published',
  saved: 'Meeting saved',
  loadFailed: 'Failed to load meetings',
} as const;

/** The document a meeting's published minutes become. */
export const minutesDocumentTitle = (title: string, date: string) => `Minutes: ${title} — ${date}`;
export const MINUTES_CATEGORY = 'Meeting Minutes';
/** The agenda item title of a minutes approval. */
export const approveMinutesTitle = (meetingTitle: string) => `Approve minutes of ${meetingTitle}`;

// ------------------------------------------------------------------ the HOA's meeting rules

export interface VoteTally {
  yes: number;
  no: number;
  abstain: number;
  recused: number;
}

export function tallyVotes(votes: readonly { vote: Vote }[]): VoteTally {
  const tally: VoteTally = { yes: 0, no: 0, abstain: 0, recused: 0 };
  for (const v of votes) tally[v.vote] += 1;
  return tally;
}

/** Board seats present out of the seats, and how many make a quorum (a majority of the seats). */
function quorumOf(seats: number, present: number) {
  const needed = Math.floor(seats / 2) + 1;
  return { seats, present, needed, reached: seats > 0 && present >= needed };
}

/** A motion carries with a majority of the votes cast, abstentions and recusals not counted. */
const carries = (t: VoteTally) => t.yes > t.no;

/** "Quorum: 3 of 5 present — quorum reached". */
export const quorumLabel = (q: { seats: number; present: number; reached: boolean }) =>
  `Quorum: ${q.present} of ${q.seats} present — ${q.reached ? 'quorum reached' : 'no quorum'}`;
/** "Yes 3 · No 1 · Abstain 0 · Recused 1". */
export const tallyLabel = (t: VoteTally) => VOTES.map((v) => `${VOTE_LABELS[v]} ${t[v]}`).join(' · ');

interface MeetingState {
  status: MeetingStatus;
  minutesStatus: MinutesStatus;
  access: MeetingAccess;
}

export const meetingPolicy = {
  /** Board and superadmin schedule and run meetings. */
  mayManage: (role: Role) => isPrivileged(role),
  /** Residents see open meetings once the agenda is published. */
  maySee: (m: Pick<MeetingState, 'status' | 'access'>, role: Role) => isPrivileged(role) || (m.access === 'open' && m.status !== 'draft'),
  isEditable: (m: Pick<MeetingState, 'status'>) => m.status === 'draft',
  mayStart: (m: Pick<MeetingState, 'status'>) => m.status === 'scheduled',
  /** Attendance, notes, motions and votes are recorded while the meeting is in progress. */
  mayRecord: (m: Pick<MeetingState, 'status'>) => m.status === 'in_progress',
  mayDraftMinutes: (m: Pick<MeetingState, 'status' | 'minutesStatus'>) => m.status === 'adjourned' && (m.minutesStatus === 'none' || m.minutesStatus === 'draft'),
  /** A later meeting's motion approves drafted minutes. */
  mayApproveMinutes: (m: Pick<MeetingState, 'minutesStatus'>) => m.minutesStatus === 'draft',
  mayPublishMinutes: (m: Pick<MeetingState, 'minutesStatus'>) => m.minutesStatus === 'approved',
  quorum: quorumOf,
  /** The motion's outcome from its votes (Carried / Failed), shown live and fixed by Close motion. */
  outcomeOf: (votes: readonly { vote: Vote }[]): MotionOutcome => (carries(tallyVotes(votes)) ? 'carried' : 'failed'),
  /** Whether a carried motion acts on its item's linked row. */
  actsOnLink: (kind: MeetingLinkKind | null, apply: boolean) => !!kind && (MEETING_LINK_KINDS[kind].always || apply),
  /**
   * Who may move, second and vote: the board seats not marked absent. Attendance marked on another
   * device may not have arrived yet, so an unmarked seat counts (the server checks the seat only).
   */
  mayTakePart: (seat: { present: boolean | null }) => seat.present !== false,
  /** What this viewer may do with this meeting now (the screens' controls). */
  actionsFor(m: MeetingState, role: Role) {
    const manage = meetingPolicy.mayManage(role);
    return {
      edit: manage && meetingPolicy.isEditable(m),
      publish: manage && meetingPolicy.isEditable(m),
      start: manage && meetingPolicy.mayStart(m),
      record: manage && meetingPolicy.mayRecord(m),
      adjourn: manage && meetingPolicy.mayRecord(m),
      draftMinutes: manage && meetingPolicy.mayDraftMinutes(m),
      publishMinutes: manage && meetingPolicy.mayPublishMinutes(m),
    };
  },
};

// ------------------------------------------------------------------ form and body schemas

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const httpsUrl = (v: string) => {
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
};

export const agendaItemFields = lazy(() => ({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Id is invalid').optional(),
  title: requiredText({ required: MEETING_MESSAGES.itemTitleRequired, tooLong: MEETING_MESSAGES.itemTitleTooLong }, ITEM_TITLE_MAX),
  description: optionalText(MEETING_MESSAGES.itemDescriptionTooLong, ITEM_DESCRIPTION_MAX),
  link_kind: z.enum(MEETING_LINK_KIND_LIST as [MeetingLinkKind, ...MeetingLinkKind[]], { error: MEETING_MESSAGES.linkKindInvalid }).nullish().transform((v) => v ?? null),
  link_id: z.string().trim().max(64).nullish().transform((v) => v || null),
}));
export const agendaItemSchema = lazy(() =>
  z.object(agendaItemFields).refine((i) => !i.link_kind === !i.link_id, { message: MEETING_MESSAGES.linkNotFound, path: ['link_id'] }),
);
export type AgendaItemInput = z.output<typeof agendaItemSchema>;

/** `POST /api/meetings`, `PUT /api/meetings/:id` and the createMeeting / updateMeeting mutators. */
export const meetingFields = lazy(() => ({
  title: requiredText({ required: MEETING_MESSAGES.titleRequired, tooLong: MEETING_MESSAGES.titleTooLong }, MEETING_TITLE_MAX),
  date: dayField(MEETING_MESSAGES.dateInvalid),
  time: z.string({ error: MEETING_MESSAGES.timeInvalid }).trim().regex(TIME, MEETING_MESSAGES.timeInvalid),
  place: optionalText(MEETING_MESSAGES.placeTooLong, MEETING_PLACE_MAX).transform((v) => v ?? null),
  video_link: z
    .string({ error: MEETING_MESSAGES.linkInvalid })
    .trim()
    .max(MEETING_LINK_MAX, MEETING_MESSAGES.linkInvalid)
    .refine((v) => v === '' || httpsUrl(v), MEETING_MESSAGES.linkInvalid)
    .nullish()
    .transform((v) => v || null),
  access: z.enum(MEETING_ACCESS, { error: MEETING_MESSAGES.accessInvalid }),
  items: z.array(agendaItemSchema).max(ITEMS_MAX, MEETING_MESSAGES.itemsTooMany).default([]),
}));
export const meetingFormSchema = lazy(() =>
  z.object(meetingFields).refine((m) => !!m.place || !!m.video_link, { message: MEETING_MESSAGES.placeOrLink, path: ['place'] }),
);
export type MeetingForm = z.output<typeof meetingFormSchema>;

/** Notes of an agenda item (plain text, saved as the board member types). */
export const notesField = lazy(() => z.string().max(NOTES_MAX, MEETING_MESSAGES.notesTooLong));

/** `POST /api/meetings/:id/motions`. */
export const motionFields = lazy(() => ({
  item_id: z.string().trim().min(1, MEETING_MESSAGES.itemNotFound).max(64),
  text: requiredText({ required: MEETING_MESSAGES.motionRequired, tooLong: MEETING_MESSAGES.motionTooLong }, MOTION_TEXT_MAX),
  moved_by: z.string({ error: MEETING_MESSAGES.moverRequired }).trim().min(1, MEETING_MESSAGES.moverRequired).max(64),
  seconded_by: z.string({ error: MEETING_MESSAGES.seconderRequired }).trim().min(1, MEETING_MESSAGES.seconderRequired).max(64),
  apply_to_link: z.boolean().default(false),
}));
export const motionFormSchema = lazy(() => z.object(motionFields));
export type MotionForm = z.output<typeof motionFormSchema>;

export const voteField = lazy(() => z.enum(VOTES, { error: 'Vote is invalid' }));
export const minutesVisibilityField = lazy(() => z.enum(MINUTES_VISIBILITY, { error: 'Choose Public or Board Only' }));

// ------------------------------------------------------------------ display

/** "7:00 PM" from "19:00". */
export function formatMeetingTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "March 12, 2026 at 7:00 PM" (the HOA's wall clock). */
export const meetingWhen = (m: { date: number; time: string }) => `${formatLongDay(m.date)} at ${formatMeetingTime(m.time)}`;
/** "Mar 12, 2026", the day of a meeting in titles and lists. */
export const meetingDay = (m: { date: number }) => formatDay(m.date);
