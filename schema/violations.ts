/** Compliance violations: enums, labels, the spec's messages, limits, form and REST schemas, the policy. */
import { z } from 'zod';
import { dayField, formatDay } from './days';
import { richTextField } from './rich-text';
import { isPrivileged, type Role } from './roles';
import { THREAD_MESSAGES, threadMessageField, threadPolicy, type ApiHistoryEntry, type ApiThreadPerson } from './threads';
import type { ApiAttachment } from './uploads';
import { commaList, optionalText, pageFields, requiredText, storageKeyField } from './validation';
import { lazy } from './lazy';

/** The stored values are the words shown. */
export const VIOLATION_CATEGORIES = ['Lawn Maintenance', 'Parking', 'Noise', 'Architectural', 'Trash', 'Pet', 'Other'] as const;
export type ViolationCategory = (typeof VIOLATION_CATEGORIES)[number];
export const DEFAULT_VIOLATION_CATEGORY: ViolationCategory = 'Other';

export const VIOLATION_STATUSES = ['open', 'under_review', 'resolved', 'escalated', 'dismissed'] as const;
/** A case's step on its category's fine schedule (violation_fine_schedules): each sends its letter. */
export const VIOLATION_STAGES = ['reported', 'courtesy', 'warning', 'fined'] as const;
export type ViolationStage = (typeof VIOLATION_STAGES)[number];
export const VIOLATION_STAGE_LABELS: Record<ViolationStage, string> = { reported: 'Reported', courtesy: 'Courtesy notice', warning: 'Warning', fined: 'Fined' };
/** A hearing's outcome: the case stands, it is dismissed (its fines credited back), or its fines are reduced. */
export const HEARING_DECISIONS = ['upheld', 'dismissed', 'reduced'] as const;
export type HearingDecision = (typeof HEARING_DECISIONS)[number];
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];
/** The badge's words. */
export const VIOLATION_STATUS_LABELS: Record<ViolationStatus, string> = {
  open: 'Open',
  under_review: 'Under Review',
  resolved: 'Resolved',
  escalated: 'Escalated',
  dismissed: 'Dismissed',
};

export const VIOLATION_MESSAGES = {
  residentRequired: 'Please select a resident',
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  dueDateRequired: 'Due date is required',
  dueDatePast: 'Due date cannot be in the past',
  messageEmpty: THREAD_MESSAGES.empty,
  notFound: 'Violation not found or you do not have permission to view it',
  loadFailed: 'Failed to load violations',
  loadMoreFailed: 'Failed to load more violations',
  loadUsersFailed: 'Failed to load users',
  uploadFailed: 'Failed to upload file',
  createFailed: 'Failed to create violation',
  loadOneFailed: 'Failed to load violation',
  statusUpdateFailed: 'Failed to update status',
  sendMessageFailed: 'Failed to send message',
  created: 'Violation created successfully and notification sent to resident',
  overdueMark: '(Overdue)',
  backToViolations: 'Back to Violations',
  backToViolation: 'Back to Violation',
  // Server answers beyond the spec's texts (the spec shows none for these cases).
  boardOnly: 'Only board members can issue violations or change their status',
  residentInvalid: 'The resident must be an active member of your HOA',
  titleTooLong: 'Title must be at most 200 characters',
  messageTooLong: 'Message is too long',
  categoryInvalid: 'Category is invalid',
  statusInvalid: 'Status is invalid',
  dueDateInvalid: 'Due date must be a valid date',
  notesTooLong: 'Resolution notes must be at most 5000 characters',
  notesNeedResolved: 'Resolution notes are given when resolving a violation',
  idTaken: 'A violation with this id already exists',
  tooManyPhotos: 'A violation takes at most 5 photos',
} as const;

/** A violation's photos: at most this many (the first is its `photo_url`). */
export const VIOLATION_PHOTOS_MAX = 5;

/** "1 photo was not received: <reason>", one line per reason, for the photos the server refused. */
export function photosNotReceived(refused: readonly { reason: string }[]): string[] {
  const byReason = new Map<string, number>();
  for (const r of refused) byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + 1);
  return [...byReason].map(([reason, n]) => `${n} ${n === 1 ? 'photo was' : 'photos were'} not received: ${reason}`);
}

/** "This violation is overdue. The due date was {date}." */
export const overdueMessage = (dueDate: number) => `This violation is overdue. The due date was ${formatDay(dueDate)}.`;
/** "Status updated to {status with underscores replaced by spaces}" */
export const statusUpdatedMessage = (status: ViolationStatus) => `Status updated to ${status.replace(/_/g, ' ')}`;

/** Sizes and timers of the violation screens. */
export const VIOLATION_PAGE_SIZE = 10;
export const VIOLATION_STATUS_TOAST_MS = 3000;
export const VIOLATION_SUCCESS_MS = 5000;

/** Limits the spec does not show; generous, they only keep abusive payloads out. */
export const VIOLATION_TITLE_MAX = 200;
export const VIOLATION_MESSAGE_MAX = 100_000;
export const VIOLATION_NOTES_MAX = 5_000;

/** The list's counters. */
export const VIOLATION_COUNTERS = [
  { label: 'Open', status: 'open' },
  { label: 'Resolved', status: 'resolved' },
  { label: 'Escalated', status: 'escalated' },
] as const satisfies readonly { label: string; status: ViolationStatus }[];

/** Activity History wording, one text per event; the server records them and the mutators predict them. */
export const VIOLATION_HISTORY = {
  issued: 'Violation issued',
  statusChanged: (from: ViolationStatus, to: ViolationStatus) => `Status changed from ${VIOLATION_STATUS_LABELS[from]} to ${VIOLATION_STATUS_LABELS[to]}`,
  notesAdded: 'Resolution notes added',
  notesUpdated: 'Resolution notes updated',
  messageAdded: 'Message added',
  internalNoteAdded: 'Internal note added',
} as const;

type Viewer = { userId: string; role: Role };

/**
 * The violation policy, one rule each: the domain enforces it, the mutators
 * predict with it, the screens choose their controls with it. Role rules answer 403.
 */
export const violationPolicy = {
  /** Board and superadmin issue violations. */
  mayIssue: (role: Role) => isPrivileged(role),
  /** Any of the five statuses at any time, and the resolution: board and superadmin. */
  mayChangeStatus: (role: Role) => isPrivileged(role),
  /** Residents see the violations issued to them; the board sees the HOA's. */
  maySee: (v: { residentId: string }, viewer: Viewer) => isPrivileged(viewer.role) || v.residentId === viewer.userId,
  /**
   * A due date is a day, and may not be before `today` (the UTC midnight of the day it is for the
   * one who checks: the screen its own; the server the earliest day on Earth, so no time zone's
   * today is refused).
   */
  isDueDateAllowed: (dueDate: number, today: number) => dueDate >= today,
  /** Overdue: the due date is past (before `today`) and the status is open. */
  isOverdue: (v: { status: ViolationStatus; dueDate: number }, today: number) => v.status === 'open' && v.dueDate < today,
  /** A status change, or new resolution notes on a resolved violation; otherwise nothing happens. */
  isChange: (v: { status: ViolationStatus; resolutionNotes: string | null }, next: ViolationStatus, notes: string | null | undefined) =>
    v.status !== next || (next === 'resolved' && notes !== undefined && notes !== v.resolutionNotes),
  /** What this viewer may do with this violation now (the screens' controls). */
  actionsFor(_v: { residentId: string }, viewer: Viewer) {
    const board = violationPolicy.mayChangeStatus(viewer.role);
    return { changeStatus: board, resolve: board, message: true, internalNote: threadPolicy.mayPostInternal(viewer.role) };
  },
};

// ------------------------------------------------------------------ form and body schemas

const title = lazy(() => requiredText({ required: VIOLATION_MESSAGES.titleRequired, tooLong: VIOLATION_MESSAGES.titleTooLong }, VIOLATION_TITLE_MAX));

/** The due date: required, a day (its UTC midnight). "Not in the past" depends on the clock: the policy, checked by the form and the domain. */
export const dueDateField = lazy(() => z
  .string({ error: VIOLATION_MESSAGES.dueDateRequired })
  .trim()
  .min(1, { error: VIOLATION_MESSAGES.dueDateRequired, abort: true })
  .pipe(dayField(VIOLATION_MESSAGES.dueDateInvalid)));

/** The create form, `POST /api/violations` and the issueViolation mutator (snake_case, as on the wire). */
export const violationFields = lazy(() => ({
  user_id: z.string({ error: VIOLATION_MESSAGES.residentRequired }).trim().min(1, VIOLATION_MESSAGES.residentRequired).max(64, VIOLATION_MESSAGES.residentInvalid),
  category: z.enum(VIOLATION_CATEGORIES, { error: VIOLATION_MESSAGES.categoryInvalid }).default(DEFAULT_VIOLATION_CATEGORY),
  title,
  message: richTextField({ required: VIOLATION_MESSAGES.messageRequired, tooLong: VIOLATION_MESSAGES.messageTooLong }, VIOLATION_MESSAGE_MAX),
  due_date: dueDateField,
  /** A storage key from `POST /api/violations/presigned-url`. */
  photo_url: storageKeyField,
  /** Every photo's storage key, in order (the first is `photo_url` when that is sent too). */
  photos: z.array(z.string().trim().min(1).max(600)).max(VIOLATION_PHOTOS_MAX, VIOLATION_MESSAGES.tooManyPhotos).optional(),
  /** Photos the device queued that the server refused before this was sent: recorded, not attached. */
  photos_refused: z
    .array(z.object({ file_name: z.string().max(255), reason: z.string().max(300) }))
    .max(VIOLATION_PHOTOS_MAX)
    .optional(),
}));
export const violationFormSchema = lazy(() => z.object(violationFields));
export type ViolationFormInput = z.input<typeof violationFormSchema>;
export type ViolationForm = z.output<typeof violationFormSchema>;

export const violationStatusField = lazy(() => z.enum(VIOLATION_STATUSES, { error: VIOLATION_MESSAGES.statusInvalid }));

/** Plain text; blank clears. Left out: the notes stay as they are. */
export const resolutionNotesField = lazy(() => optionalText(VIOLATION_MESSAGES.notesTooLong, VIOLATION_NOTES_MAX));

/** Notes belong to the resolution: only with the resolved status. */
export const violationNotesRule = (v: { status: ViolationStatus; resolution_notes?: string | null }, ctx: z.RefinementCtx) => {
  if (v.resolution_notes != null && v.status !== 'resolved') ctx.addIssue({ code: 'custom', path: ['resolution_notes'], message: VIOLATION_MESSAGES.notesNeedResolved });
};

/** `PUT /api/violations/:id/status` and the setViolationStatus mutator: the status, and the resolution's notes when resolving. */
export const violationStatusFields = { status: violationStatusField, resolution_notes: resolutionNotesField };
export const violationStatusSchema = lazy(() => z.object(violationStatusFields).superRefine(violationNotesRule));
export type ViolationStatusUpdate = z.output<typeof violationStatusSchema>;

/** `POST /api/violations/:id/messages` and the addViolationMessage mutator. */
export const violationMessageFields = lazy(() => ({
  message: threadMessageField,
  /** The spec's screen always sends false; true is the board's internal note. */
  is_internal: z.boolean().default(false),
  photo_url: storageKeyField,
}));
export const violationMessageSchema = lazy(() => z.object(violationMessageFields));

/** `GET /api/violations` query. */
export const violationListQuery = lazy(() => z.object({
  ...pageFields(VIOLATION_PAGE_SIZE),
  category: commaList(VIOLATION_CATEGORIES, VIOLATION_MESSAGES.categoryInvalid),
  status: commaList(VIOLATION_STATUSES, VIOLATION_MESSAGES.statusInvalid),
}));
export type ViolationListQuery = z.output<typeof violationListQuery>;

// ------------------------------------------------------------------ REST response shapes

/** `messages[]` of a violation (sender_id, message, is_internal, photo_url, sent_at). */
export interface ApiViolationMessage {
  _id: string;
  sender_id: ApiThreadPerson;
  message: string;
  is_internal: boolean;
  photo_url: string | null;
  attachment: ApiAttachment | null;
  sent_at: string;
}

/** A stage's letter of a case (times ISO). */
export interface ApiViolationLetter {
  _id: string;
  stage: ViolationStage;
  sent_at: string;
  cure_by: string | null;
  fine_cents: number;
}

/** The resident's hearing on a case (times ISO). */
export interface ApiViolationHearing {
  _id: string;
  note: string;
  requested_at: string;
  scheduled_for: string | null;
  decision: HearingDecision | null;
  reason: string | null;
  decided_at: string | null;
}

/** One violation (GET /api/violations/:id, list rows, and every write's answer). */
export interface ApiViolation {
  _id: string;
  user_id: { _id: string; name: string; email: string };
  address_id: { _id: string; street: string; unit_number: string | null } | null;
  issued_by: { _id: string; name: string; email: string };
  category: ViolationCategory;
  title: string;
  message: string;
  /** ISO date-time of the day's UTC midnight. */
  due_date: string;
  /** The attachment's storage key, or null. */
  photo_url: string | null;
  attachment: ApiAttachment | null;
  /** Every photo, in order; the first is `attachment`. */
  photos: ApiAttachment[];
  /** Photos the device queued that the server refused: the violation arrived without them. */
  photos_refused: { file_name: string; reason: string }[];
  status: ViolationStatus;
  /** Computed at read time from the server's clock. */
  is_overdue: boolean;
  /** Residents never receive an internal message. */
  messages: ApiViolationMessage[];
  resolution: { resolved_by: { _id: string; name: string }; resolved_at: string; resolution_notes: string | null } | null;
  history: ApiHistoryEntry[];
  hoa_name: string;
  /** Where the case stands on its fine schedule, the cure date of its last letter, the fines posted (cents). */
  stage: ViolationStage;
  cure_by: string | null;
  fined_cents: number;
  next_fine_at: string | null;
  schedule: { courtesy_notice: boolean; warning: boolean; fine_cents: number; repeat_days: number; cap_cents: number; cure_days: number };
  letters: ApiViolationLetter[];
  hearing: ApiViolationHearing | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ApiViolationPage {
  docs: ApiViolation[];
  totalDocs: number;
  totalPages: number;
  page: number;
  limit: number;
  hasNextPage: boolean;
}
