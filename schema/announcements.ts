/** Announcements: enums, labels, the spec's messages and the form schemas, shared by client and server. */
import { z } from 'zod';
import { richTextField } from './rich-text';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type ApiAttachment } from './uploads';
import { isPrivileged, PRIVILEGED_ROLES, ROLES, type Role } from './roles';
import { pageFields } from './validation';
import { lazy } from './lazy';

export const ANNOUNCEMENT_CATEGORIES = ['general', 'maintenance', 'event', 'reminder', 'urgent'] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];
export const ANNOUNCEMENT_CATEGORY_LABELS: Record<AnnouncementCategory, string> = {
  general: 'General',
  maintenance: 'Maintenance',
  event: 'Event',
  reminder: 'Reminder',
  urgent: 'Urgent',
};

export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'sent', 'sending', 'failed'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const AUDIENCE_TYPES = ['all', 'board', 'residents', 'custom'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];
export const AUDIENCE_LABELS: Record<AudienceType, string> = {
  all: 'All Members',
  board: 'Board Members Only',
  residents: 'Residents Only',
  custom: 'Custom Recipients',
};

/** The roles of the active members an audience addresses; a custom audience names its people, who may have any role. */
const AUDIENCE_ROLES: Record<AudienceType, readonly Role[]> = { all: ROLES, board: PRIVILEGED_ROLES, residents: ['resident'], custom: ROLES };
export const audienceRoles = (audience: AudienceType): readonly Role[] => AUDIENCE_ROLES[audience];

export const DELIVERY_METHODS = ['in_app', 'email'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Status shown to readers: statuses a resident may see (drafts and scheduled ones are not published yet). */
export const PUBLISHED_ANNOUNCEMENT_STATUSES: readonly AnnouncementStatus[] = ['sent', 'sending', 'failed'];
/** Published: sent, sending or failed (its delivery rows exist). The server's SQL says the same from the same list. */
export const isPublished = (status: AnnouncementStatus) => PUBLISHED_ANNOUNCEMENT_STATUSES.includes(status);

/**
 * The announcement policy, one rule each, used by the domain (the check that
 * counts), the mutators (the optimistic prediction) and the screens (which buttons to show).
 * Role rules answer 403 when broken; state rules 409 (or 400 for read markers).
 */
export const announcementPolicy = {
  /** Create, edit, send, retry and delete: board and superadmin. */
  mayManage: (role: Role) => isPrivileged(role),
  isEditable: (a: { status: AnnouncementStatus }) => a.status === 'draft',
  isSendable: (a: { status: AnnouncementStatus }) => a.status === 'draft',
  isDeletable: (a: { status: AnnouncementStatus }) => a.status === 'draft',
  /** Failed deliveries can be sent again once a send has finished. */
  isRetryable: (a: { status: AnnouncementStatus }) => a.status === 'sent' || a.status === 'failed',
  /** Only published announcements are read: not drafts, not scheduled ones before they go out. */
  canMarkRead: (a: { status: AnnouncementStatus }) => isPublished(a.status),
  /** What this role may do with this announcement now (the screens' buttons). */
  actionsFor(a: { status: AnnouncementStatus }, role: Role) {
    const manage = announcementPolicy.mayManage(role);
    return {
      edit: manage && announcementPolicy.isEditable(a),
      send: manage && announcementPolicy.isSendable(a),
      retry: manage && announcementPolicy.isRetryable(a),
      // Any status: a draft's pin is chosen in its form too, a sent one's only on its screen.
      pin: manage,
    };
  },
};

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  recipientsRequired: 'Please select at least one recipient',
  notFound: 'Announcement not found',
  draftNotReadable: 'Draft announcements cannot be marked as read',
  scheduledNotReadable: 'Scheduled announcements can be marked as read once they are sent',
  noAnnouncements: 'No announcements found',
  loadFailed: 'Failed to load announcements',
  loadOneFailed: 'Failed to load announcement',
  loadingOne: 'Loading announcement...',
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  sendFailed: 'Sending Failed',
  sendFailedDetail: 'There was an error sending this announcement. Please try again.',
  // Server answers beyond the spec's texts (the spec shows none for these cases).
  boardOnly: 'Only board members can create, edit, send or retry announcements',
  titleTooLong: 'Title must be at most 200 characters',
  messageTooLong: 'Message is too long',
  recipientNotFound: 'Recipients must be active members of your HOA',
  tooManyRecipients: 'Too many recipients',
  noRecipients: 'This audience has no active members to send to',
  notDraftEdit: 'Only draft announcements can be edited',
  notDraftSend: 'Only draft announcements can be sent',
  notDraftDelete: 'Only draft announcements can be deleted',
  notRetryable: 'Only sent or failed announcements can be retried',
  retryWhileSending: 'This announcement is still sending. Please wait until it finishes.',
  retryUnknownUsers: 'These users are not recipients of this announcement',
  idTaken: 'An announcement with this id already exists',
  scheduledAtInvalid: 'Scheduled time must be a valid date and time',
  attachmentInvalid: 'Attachment is invalid. Please upload the file again.',
  categoryInvalid: 'Category is invalid',
  audienceInvalid: 'Audience is invalid',
  pinnedInvalid: 'Pinned must be true or false',
  pinnedDone: 'Announcement pinned to the top',
  unpinnedDone: 'Announcement unpinned',
} as const;

/** Limits the spec does not show; generous, they only keep abusive payloads out. */
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_MESSAGE_MAX = 100_000;
export const ANNOUNCEMENT_RECIPIENTS_MAX = 5_000;

/** Attachment metadata as the API and the mutators carry it: `file_type` is the extension. */
export const announcementAttachmentSchema = lazy(() => z.object(
  {
    s3_key: z.string({ error: ANNOUNCEMENT_MESSAGES.attachmentInvalid }).trim().min(1, ANNOUNCEMENT_MESSAGES.attachmentInvalid).max(600),
    filename: z.string({ error: ANNOUNCEMENT_MESSAGES.attachmentInvalid }).trim().min(1, ANNOUNCEMENT_MESSAGES.attachmentInvalid).max(255),
    file_size: z
      .number({ error: ANNOUNCEMENT_MESSAGES.attachmentInvalid })
      .int(ANNOUNCEMENT_MESSAGES.attachmentInvalid)
      .positive(ANNOUNCEMENT_MESSAGES.attachmentInvalid)
      .max(MAX_UPLOAD_BYTES, UPLOAD_MESSAGES.tooLarge),
    file_type: z.string({ error: ANNOUNCEMENT_MESSAGES.attachmentInvalid }).trim().toLowerCase().min(1, ANNOUNCEMENT_MESSAGES.attachmentInvalid).max(10),
  },
  { error: ANNOUNCEMENT_MESSAGES.attachmentInvalid },
));
export type AnnouncementAttachmentInput = z.infer<typeof announcementAttachmentSchema>;

/** The fields of the create and edit forms, POST/PUT bodies and the draft mutators (snake_case, as on the wire). */
export const announcementFields = lazy(() => ({
  title: z
    .string({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
    .max(ANNOUNCEMENT_TITLE_MAX * 4, { error: ANNOUNCEMENT_MESSAGES.titleTooLong, abort: true })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.titleRequired)
    .max(ANNOUNCEMENT_TITLE_MAX, ANNOUNCEMENT_MESSAGES.titleTooLong),
  message: richTextField({ required: ANNOUNCEMENT_MESSAGES.messageRequired, tooLong: ANNOUNCEMENT_MESSAGES.messageTooLong }, ANNOUNCEMENT_MESSAGE_MAX),
  category: z.enum(ANNOUNCEMENT_CATEGORIES, { error: ANNOUNCEMENT_MESSAGES.categoryInvalid }).default('general'),
  audience_type: z.enum(AUDIENCE_TYPES, { error: ANNOUNCEMENT_MESSAGES.audienceInvalid }).default('all'),
  /** User ids; only kept for a custom audience (cleared otherwise). */
  custom_recipients: z
    .array(z.string().trim().min(1).max(64), { error: ANNOUNCEMENT_MESSAGES.recipientNotFound })
    .max(ANNOUNCEMENT_RECIPIENTS_MAX, ANNOUNCEMENT_MESSAGES.tooManyRecipients)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  attachment: announcementAttachmentSchema.nullable().default(null),
  /** Listed first on /announcements, for everyone (left out: not pinned). */
  pinned: z.boolean({ error: ANNOUNCEMENT_MESSAGES.pinnedInvalid }).default(false),
  /** Sent by the spec's client; every announcement goes in-app and by email, so the value is ignored. */
  delivery_methods: z.array(z.string().max(20)).max(5).optional(),
}));

/**
 * A custom audience needs at least one recipient, reported on `custom_recipients`:
 * the forms, the REST bodies and the draft mutators' arguments all refine with this one rule.
 */
export function requireRecipients(value: { audience_type: AudienceType; custom_recipients: string[] }, ctx: z.RefinementCtx) {
  if (value.audience_type === 'custom' && value.custom_recipients.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['custom_recipients'], message: ANNOUNCEMENT_MESSAGES.recipientsRequired });
  }
}

/** Create/edit form and `POST /api/announcements`, `PUT /api/announcements/:id` bodies. */
export const announcementFormSchema = lazy(() => z.object(announcementFields).superRefine(requireRecipients));
export type AnnouncementFormInput = z.input<typeof announcementFormSchema>;
export type AnnouncementForm = z.output<typeof announcementFormSchema>;

/** `PUT /api/announcements/:id/pinned` and the `pinAnnouncement` mutator: pinned to the top of the list, or not. */
export const pinAnnouncementSchema = lazy(() => z.object({
  pinned: z.boolean({ error: ANNOUNCEMENT_MESSAGES.pinnedInvalid }),
}));

/** `POST /api/announcements/:id/send`: no body sends now; a future ISO time schedules it (a past one sends now). */
export const sendAnnouncementSchema = lazy(() => z.object({
  scheduled_at: z.iso.datetime({ offset: true, error: ANNOUNCEMENT_MESSAGES.scheduledAtInvalid }).nullable().optional(),
}));
export type SendAnnouncementInput = z.infer<typeof sendAnnouncementSchema>;

/** `POST /api/announcements/:id/retry`: the users to retry; empty means every failed delivery. */
export const retryAnnouncementSchema = lazy(() => z.object({
  user_ids: z.array(z.string().trim().min(1).max(64)).max(ANNOUNCEMENT_RECIPIENTS_MAX).default([]),
}));

/** `GET /api/announcements` query. The spec does not show the page size: 20, at most 100. */
export const ANNOUNCEMENT_PAGE_SIZE = 20;
export const announcementListQuery = lazy(() => z.object(pageFields(ANNOUNCEMENT_PAGE_SIZE)));


// ------------------------------------------------------------------ REST response shapes

/** A person an announcement is addressed to; `name` falls back to "Unknown User". */
export interface ApiRecipient {
  _id: string;
  name: string;
  email: string;
}
export interface ApiDeliveredRecipient extends ApiRecipient {
  delivered_at: string | null;
}
export interface ApiFailedRecipient extends ApiRecipient {
  error: string | null;
}

/** Board and superadmin only. `pending`: deliveries the outbox has not finished (queued or retrying). */
export interface ApiDeliveryStats {
  total_sent: number;
  email_delivered: ApiDeliveredRecipient[];
  email_failed: ApiFailedRecipient[];
  pending: ApiRecipient[];
}

/** Counts of the delivery rows; null before sending and for residents. */
export const deliveryCountsSchema = lazy(() => z.object({
  total: z.number(),
  delivered: z.number(),
  failed: z.number(),
  pending: z.number(),
}));
export type DeliveryCounts = z.output<typeof deliveryCountsSchema>;

export type { ApiAttachment } from './uploads';

/**
 * One announcement (GET /api/announcements/:id, POST, PUT, send, retry). Fields only board and
 * superadmin may see are null (or empty lists) for residents: audience_type, recipients,
 * custom_recipients, delivery_stats, delivery_counts, created_by.
 */
export interface ApiAnnouncement {
  _id: string;
  title: string;
  message: string;
  category: AnnouncementCategory;
  status: AnnouncementStatus;
  audience_type: AudienceType | null;
  /** Intended recipients: the delivery rows once sent, the resolved audience before. */
  recipients: ApiRecipient[];
  custom_recipients: string[];
  /** Shown to everyone ("Total Recipients"). */
  total_recipients: number;
  attachment: ApiAttachment | null;
  delivery_methods: DeliveryMethod[];
  /** Listed first on /announcements. */
  pinned: boolean;
  delivery_stats: ApiDeliveryStats | null;
  delivery_counts: DeliveryCounts | null;
  isReadBy: boolean;
  created_by: { _id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  sent_at: string | null;
  scheduled_at: string | null;
  version: number;
}

/** List rows: the same fields without the per-recipient lists (`recipients` empty, `delivery_stats` null). */
export type ApiAnnouncementListItem = ApiAnnouncement;

export interface ApiAnnouncementPage {
  docs: ApiAnnouncementListItem[];
  totalDocs: number;
  totalPages: number;
  page: number;
  limit: number;
  hasNextPage: boolean;
}

/** `POST /api/announcements/:id/send`. */
export type ApiSendResponse = ApiAnnouncement & { delivery_summary: { email_delivered: number; total_recipients: number } };
/** `POST /api/announcements/:id/retry`. `pending`: retried deliveries the outbox will try again later. */
export type ApiRetryResponse = ApiAnnouncement & { retry_summary: { email_delivered: number; email_failed: number; pending: number } };
