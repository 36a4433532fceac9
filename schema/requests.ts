/** Requests: enums, labels, the spec's messages, limits, form and REST schemas, the policy. */
import { z } from 'zod';
import { dayField, formatDay } from './days';
import { richTextField } from './rich-text';
import { isPrivileged, type Role } from './roles';
import { THREAD_MESSAGES, threadMessageField, type ApiHistoryEntry, type ApiThreadMessage } from './threads';
import type { ApiAttachment } from './uploads';
import { commaList, optionalText, pageFields, requiredText, storageKeyField } from './validation';
import { lazy } from './lazy';

/** The stored values are the words shown. */
export const REQUEST_CATEGORIES = ['Maintenance', 'Modification', 'Inquiry', 'Other'] as const;
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number];
export const DEFAULT_REQUEST_CATEGORY: RequestCategory = 'Maintenance';

export const REQUEST_STATUSES = ['open', 'in_progress', 'awaiting_info', 'resolved', 'closed', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  awaiting_info: 'Awaiting Info',
  resolved: 'Resolved',
  closed: 'Closed',
  rejected: 'Rejected',
};

export const REQUEST_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  categoryRequired: 'Category is required',
  messageEmpty: THREAD_MESSAGES.empty,
  notFound: 'Request not found or you do not have permission to view it',
  loadFailed: 'Failed to load requests',
  loadOneFailed: 'Failed to load request',
  statusUpdateFailed: 'Failed to update status',
  sendMessageFailed: 'Failed to send message',
  createFailed: 'Failed to create request. Please try again.',
  loadDataFailed: 'Failed to load data',
  created: 'Request created successfully! Redirecting...',
  subtitleResident: 'View and manage your requests to the HOA',
  subtitleBoard: 'Manage requests from residents',
  // Server answers beyond the spec's texts (the spec shows none for these cases).
  boardOnly: 'Only board members can change the status, assignee, deadline or resolution notes of a request',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description is too long',
  statusInvalid: 'Status is invalid',
  categoryInvalid: 'Category is invalid',
  sortInvalid: 'Sort must be -createdAt or createdAt',
  assigneeInvalid: 'Assignee must be an active board member of your HOA',
  deadlineInvalid: 'Resolution deadline must be a valid date',
  notesTooLong: 'Resolution notes must be at most 5000 characters',
  nothingToUpdate: 'Nothing to update',
  idTaken: 'A request with this id already exists',
  attachmentNotAllowed: 'Only the resident who filed the request and the board can attach files to it',
} as const;

/** "Status updated to {status}", with the status as the badge reads it. */
export const statusUpdatedMessage = (status: RequestStatus) => `Status updated to ${REQUEST_STATUS_LABELS[status]}`;

/** Timers and sizes of the request screens. */
export const REQUEST_PAGE_SIZE = 10;
export const REQUEST_CREATED_REDIRECT_MS = 1500;
export const REQUEST_STATUS_TOAST_MS = 3000;

/** Limits the spec does not show; generous, they only keep abusive payloads out. */
export const REQUEST_TITLE_MAX = 200;
export const REQUEST_DESCRIPTION_MAX = 100_000;
export const REQUEST_NOTES_MAX = 5_000;

type RequestCounter = { label: string; status: RequestStatus } | { label: string; category: RequestCategory };

/**
 * Maintenance requests: every request of the Maintenance category, whatever its status. One
 * definition for the Requests page's Maintenance counter and the dashboard's Maintenance Requests card.
 */
export const MAINTENANCE_COUNTER = { label: 'Maintenance', category: 'Maintenance' } as const satisfies RequestCounter;

/** The counters of the board's list: three statuses and one category. */
export const REQUEST_COUNTERS = [
  { label: 'Open', status: 'open' },
  { label: 'In Progress', status: 'in_progress' },
  { label: 'Resolved', status: 'resolved' },
  MAINTENANCE_COUNTER,
] as const satisfies readonly RequestCounter[];

/** Whether a request counts under `counter`. */
export const countsUnder = (counter: RequestCounter, r: { status: RequestStatus; category: RequestCategory }) =>
  'status' in counter ? r.status === counter.status : r.category === counter.category;

/** Activity History wording, one text per event; the server records them and the mutators predict them. */
export const REQUEST_HISTORY = {
  created: 'Request created',
  statusChanged: (from: RequestStatus, to: RequestStatus) => `Status changed from ${REQUEST_STATUS_LABELS[from]} to ${REQUEST_STATUS_LABELS[to]}`,
  assigned: (name: string) => `Assigned to ${name}`,
  unassigned: 'Assignment removed',
  deadlineSet: (at: number) => `Resolution deadline set to ${formatDeadline(at)}`,
  deadlineRemoved: 'Resolution deadline removed',
  notesUpdated: 'Resolution notes updated',
  notesRemoved: 'Resolution notes removed',
  messageAdded: 'Message added',
  internalNoteAdded: 'Internal note added',
  attachmentAdded: (fileName: string) => `Attachment added: ${fileName}`,
} as const;

/** A deadline is a day (stored as its UTC midnight), shown in the en-US short month format. */
export const formatDeadline = formatDay;

/**
 * The request policy, one rule each: the domain enforces it, the mutators
 * predict with it, the screens choose their controls with it. Role rules answer 403.
 */
export const requestPolicy = {
  /** Everyone signed in files requests. */
  mayCreate: (_role: Role) => true,
  /** Status (any to any), assignee, resolution deadline and notes: board and superadmin. */
  mayTriage: (role: Role) => isPrivileged(role),
  /** Resident, address, assignee, counters and the status control. */
  seesPeople: (role: Role) => isPrivileged(role),
  /** Residents see their own requests only; the board sees the HOA's. */
  maySee: (r: { residentId: string }, viewer: { userId: string; role: Role }) => isPrivileged(viewer.role) || r.residentId === viewer.userId,
  /** Files are attached by the resident who filed the request and by the board. */
  mayAttach: (r: { residentId: string }, viewer: { userId: string; role: Role }) => isPrivileged(viewer.role) || r.residentId === viewer.userId,
  /** Any status can follow any other; choosing the current one changes nothing. */
  isStatusChange: (r: { status: RequestStatus }, next: RequestStatus) => r.status !== next,
  /** What this viewer may do with this request now (the screens' controls). */
  actionsFor(r: { residentId: string }, viewer: { userId: string; role: Role }) {
    const triage = requestPolicy.mayTriage(viewer.role);
    return { changeStatus: triage, assign: triage, setDeadline: triage, editNotes: triage, comment: true, attach: requestPolicy.mayAttach(r, viewer) };
  },
};

// ------------------------------------------------------------------ form and body schemas

const title = lazy(() => requiredText({ required: REQUEST_MESSAGES.titleRequired, tooLong: REQUEST_MESSAGES.titleTooLong }, REQUEST_TITLE_MAX));

/** The create form, `POST /api/requests` and the createRequest mutator (snake_case, as on the wire). */
export const requestFields = lazy(() => ({
  title,
  description: richTextField({ required: REQUEST_MESSAGES.descriptionRequired, tooLong: REQUEST_MESSAGES.descriptionTooLong }, REQUEST_DESCRIPTION_MAX),
  category: z.enum(REQUEST_CATEGORIES, { error: REQUEST_MESSAGES.categoryRequired }),
  /** A storage key from `POST /api/requests/presigned-url`. */
  photo_url: storageKeyField,
}));
export const requestFormSchema = lazy(() => z.object(requestFields));
export type RequestFormInput = z.input<typeof requestFormSchema>;
export type RequestForm = z.output<typeof requestFormSchema>;

/** A day: `YYYY-MM-DD`, or an ISO date-time whose UTC day is taken. Milliseconds of that day's UTC midnight. */
export const deadlineField = lazy(() => dayField(REQUEST_MESSAGES.deadlineInvalid));

/** The board's fields of `PUT /api/requests/:id` and the updateRequestTriage mutator; each one left out stays as it is. */
export const requestTriageFields = lazy(() => ({
  assigned_to: z.string({ error: REQUEST_MESSAGES.assigneeInvalid }).trim().max(64, REQUEST_MESSAGES.assigneeInvalid).nullish().transform((v) => (v === undefined ? undefined : v || null)),
  resolution_deadline: deadlineField.nullish(),
  resolution_notes: optionalText(REQUEST_MESSAGES.notesTooLong, REQUEST_NOTES_MAX),
}));
export const requestStatusField = lazy(() => z.enum(REQUEST_STATUSES, { error: REQUEST_MESSAGES.statusInvalid }));

/** `PUT /api/requests/:id`: the status and the board's fields; at least one. */
export const requestUpdateSchema = lazy(() => z
  .object({ status: requestStatusField.optional(), ...requestTriageFields })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: REQUEST_MESSAGES.nothingToUpdate, path: [] }));
export type RequestUpdate = z.output<typeof requestUpdateSchema>;

/** `POST /api/requests/:id/comments` and the addRequestComment mutator. */
export const requestCommentFields = lazy(() => ({
  message: threadMessageField,
  /** The spec's screen always sends true; false is an internal note, board only. */
  is_public: z.boolean().default(true),
}));
export const requestCommentSchema = lazy(() => z.object(requestCommentFields));

export const REQUEST_SORTS = ['-createdAt', 'createdAt'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

/** `GET /api/requests` query. */
export const requestListQuery = lazy(() => z.object({
  ...pageFields(REQUEST_PAGE_SIZE),
  search: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || null),
  category: commaList(REQUEST_CATEGORIES, REQUEST_MESSAGES.categoryInvalid),
  status: commaList(REQUEST_STATUSES, REQUEST_MESSAGES.statusInvalid),
  sort: z.enum(REQUEST_SORTS, { error: REQUEST_MESSAGES.sortInvalid }).default('-createdAt'),
}));
export type RequestListQuery = z.output<typeof requestListQuery>;

// ------------------------------------------------------------------ REST response shapes

/** One request (GET /api/requests/:id, list rows, and every write's answer). */
export interface ApiRequest {
  _id: string;
  title: string;
  description: string;
  category: RequestCategory;
  status: RequestStatus;
  /** The attachment's storage key, or null. */
  photo_url: string | null;
  attachment: ApiAttachment | null;
  user_id: { _id: string; name: string; email: string; role: Role };
  address_id: { _id: string; street: string; unit_number: string | null } | null;
  /** Board and superadmin only (null for residents). */
  assigned_to: { _id: string; name: string; email: string } | null;
  resolution_deadline: string | null;
  resolution_notes: string | null;
  /** Residents receive public messages only. */
  comments: ApiThreadMessage[];
  history: ApiHistoryEntry[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ApiRequestPage {
  docs: ApiRequest[];
  totalDocs: number;
  totalPages: number;
  page: number;
  limit: number;
  hasNextPage: boolean;
}
