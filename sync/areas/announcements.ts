/**
 * Announcements, shared half: the cache's key spaces and values, and the mutators a board member
 * uses offline (create, edit, send) and the read marker every reader writes.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import {
  announcementFields,
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_CATEGORY_LABELS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_STATUSES,
  announcementPolicy,
  pinAnnouncementSchema,
  requireRecipients,
  AUDIENCE_TYPES,
  DELIVERY_METHODS,
  deliveryCountsSchema,
} from '../../schema/announcements';
import { syncedNamedSchema } from '../../schema/synced';
import type { RestRule } from '../../schema/rest-shape';
import { fromApiAttachment, syncedAttachmentSchema } from '../../schema/uploads';
import { countMetric, dashboardSource, isRecent } from '../../schema/dashboard';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { newRowId, rowId } from './fields';
import { lazy } from '../../schema/lazy';

export const ANNOUNCEMENT_SPACE = 'announcement';
/** Read markers are keyed by the announcement id: a user has at most one per announcement. */
export const ANNOUNCEMENT_READ_SPACE = 'announcementRead';
export const announcementKey = (id: string) => keyOf(ANNOUNCEMENT_SPACE, id);
export const announcementReadKey = (announcementId: string) => keyOf(ANNOUNCEMENT_READ_SPACE, announcementId);

/** An announcement as the cache holds it. Milliseconds since the epoch in synced values (the client formats them). */
export const syncedAnnouncementSchema = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  category: z.enum(ANNOUNCEMENT_CATEGORIES),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  audienceType: z.enum(AUDIENCE_TYPES),
  /** User ids of a custom audience; board and superadmin only (empty for residents). */
  customRecipients: z.array(z.string()),
  attachment: syncedAttachmentSchema.nullable(),
  deliveryMethods: z.array(z.enum(DELIVERY_METHODS)),
  /** Set by the board: listed first on /announcements. */
  pinned: z.boolean(),
  /** Board and superadmin only (null for residents; null in an optimistic draft until the server answers). */
  createdBy: syncedNamedSchema.nullable(),
  /** "Total Recipients" (everyone sees it): the delivery rows once sent, the resolved audience before. */
  totalRecipients: z.number(),
  /** Board and superadmin only, null before sending: counts of the delivery rows (the lists come from REST). */
  deliveryCounts: deliveryCountsSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  sentAt: z.number().nullable(),
  scheduledAt: z.number().nullable(),
  version: z.number(),
}));
export type SyncedAnnouncement = z.output<typeof syncedAnnouncementSchema>;

/** The REST answer's names (schema/rest-shape.ts): the rule's, with the send times as ISO text. */
export const ANNOUNCEMENT_REST = { times: ['sentAt', 'scheduledAt'] } as const satisfies RestRule<SyncedAnnouncement>;

/** The reader's own mark that they opened an announcement. */
export const syncedAnnouncementReadSchema = lazy(() => z.object({
  announcementId: z.string(),
  readAt: z.number(),
}));
export type SyncedAnnouncementRead = z.output<typeof syncedAnnouncementReadSchema>;

const current = async (tx: WriteTransaction, id: string) => (await tx.get(announcementKey(id))) as SyncedAnnouncement | undefined;
/** Who may run the board's mutators below, and what the others are told. */
const allowedToManage = { role: announcementPolicy.mayManage, refusal: ANNOUNCEMENT_MESSAGES.boardOnly };

export const announcementMutators = {
  markAnnouncementRead: defineMutator({
    args: lazy(() => z.object({ id: rowId })),
    label: 'Mark announcement as read',
    // Opening an announcement writes it; the user did not ask for it.
    automatic: true,
    async apply(tx, { id }) {
      if (await tx.has(announcementReadKey(id))) return;
      const announcement = await current(tx, id);
      // Same rule as the server: only published announcements are read.
      if (!announcement || !announcementPolicy.canMarkRead(announcement)) return;
      const marker: SyncedAnnouncementRead = { announcementId: id, readAt: Date.now() };
      await tx.set(announcementReadKey(id), { ...marker });
    },
  }),

  /**
   * A draft with a client-made id; the fields and messages are the create form's. It appears in the
   * cache at once; the server sanitises the message, checks recipients and attachment, fills in the author.
   */
  createAnnouncementDraft: defineMutator({
    args: lazy(() => z.object({ id: newRowId, ...announcementFields }).superRefine(requireRecipients)),
    label: 'Create announcement',
    subject: (args) => args.title,
    allowed: allowedToManage,
    async apply(tx, args) {
      if (await tx.has(announcementKey(args.id))) return;
      const now = Date.now();
      const custom = args.audience_type === 'custom' ? args.custom_recipients : [];
      const draft: SyncedAnnouncement = {
        id: args.id,
        title: args.title,
        message: args.message,
        category: args.category,
        status: 'draft',
        audienceType: args.audience_type,
        customRecipients: custom,
        attachment: fromApiAttachment(args.attachment),
        deliveryMethods: ['in_app', 'email'],
        pinned: args.pinned,
        createdBy: null,
        totalRecipients: custom.length,
        deliveryCounts: null,
        createdAt: now,
        updatedAt: now,
        sentAt: null,
        scheduledAt: null,
        version: 0,
      };
      await tx.set(announcementKey(args.id), { ...draft });
    },
  }),

  /** Replaces the draft's fields (all of them, like PUT). */
  pinAnnouncement: defineMutator({
    args: lazy(() => z.object({ id: rowId, ...pinAnnouncementSchema.shape })),
    label: 'Pin announcement',
    allowed: allowedToManage,
    async apply(tx, { id, pinned }) {
      const row = await current(tx, id);
      if (!row) return;
      await tx.set(announcementKey(id), { ...row, pinned });
    },
  }),
  updateAnnouncementDraft: defineMutator({
    args: lazy(() => z.object({ id: rowId, ...announcementFields }).superRefine(requireRecipients)),
    label: 'Update announcement',
    subject: (args) => args.title,
    allowed: allowedToManage,
    async apply(tx, args) {
      const row = await current(tx, args.id);
      // Same rule as the server: only drafts change (the server's refusal becomes a notice).
      if (!row || !announcementPolicy.isEditable(row)) return;
      const custom = args.audience_type === 'custom' ? args.custom_recipients : [];
      const next: SyncedAnnouncement = {
        ...row,
        title: args.title,
        message: args.message,
        category: args.category,
        audienceType: args.audience_type,
        customRecipients: custom,
        attachment: fromApiAttachment(args.attachment),
        pinned: args.pinned,
        totalRecipients: args.audience_type === 'custom' ? custom.length : row.totalRecipients,
        updatedAt: Date.now(),
      };
      await tx.set(announcementKey(args.id), { ...next });
    },
  }),

  /** Sends a draft now, or schedules it when `scheduled_at` (ISO) is in the future when the push arrives. */
  sendAnnouncement: defineMutator({
    args: lazy(() => z.object({
      id: rowId,
      scheduled_at: z.iso.datetime({ offset: true, error: ANNOUNCEMENT_MESSAGES.scheduledAtInvalid }).nullable().optional(),
    })),
    label: 'Send announcement',
    allowed: allowedToManage,
    async apply(tx, args) {
      const row = await current(tx, args.id);
      if (!row || !announcementPolicy.isSendable(row)) return;
      const now = Date.now();
      const at = args.scheduled_at ? Date.parse(args.scheduled_at) : null;
      // Until the server has the send, the screens show it as queued (its pending mutation), not as sent.
      const next: SyncedAnnouncement =
        at !== null && at > now
          ? { ...row, status: 'scheduled', scheduledAt: at, updatedAt: now }
          : { ...row, status: 'sending', sentAt: now, scheduledAt: null, updatedAt: now };
      await tx.set(announcementKey(args.id), { ...next });
    },
  }),
};

const announcementsOnDashboard = dashboardSource<SyncedAnnouncement>()({
  space: ANNOUNCEMENT_SPACE,
  metric: {
    key: 'announcements',
    compute: (values, now) =>
      countMetric(values, now, { title: 'Announcements', icon: 'megaphone', of: 'month', rise: 'neutral', counts: (a) => announcementPolicy.canMarkRead(a), at: (a) => a.sentAt }),
  },
  activity: (values, now) =>
    values
      .filter((a) => announcementPolicy.canMarkRead(a) && isRecent(a.sentAt, now))
      .map((a) => ({
        id: `announcement:${a.id}`,
        type: 'announcement' as const,
        title: a.title,
        description: `${ANNOUNCEMENT_CATEGORY_LABELS[a.category]} announcement sent to ${a.totalRecipients} ${a.totalRecipients === 1 ? 'member' : 'members'}`,
        time: new Date(a.sentAt!).toISOString(),
      })),
});

export const announcementsSync = defineSyncedArea({
  spaces: [ANNOUNCEMENT_SPACE, ANNOUNCEMENT_READ_SPACE],
  mutators: announcementMutators,
  dashboard: [announcementsOnDashboard],
});
