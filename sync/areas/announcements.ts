/**
 * Announcements, shared half: the cache's key spaces and values, and the mutators a board member
 * uses offline (create, edit, send) and the read marker every reader writes.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import {
  announcementFields,
  ANNOUNCEMENT_CATEGORY_LABELS,
  ANNOUNCEMENT_MESSAGES,
  announcementPolicy,
  type AnnouncementAttachmentInput,
  type AnnouncementCategory,
  type AnnouncementStatus,
  type AudienceType,
  type DeliveryCounts,
  type DeliveryMethod,
} from '../../schema/announcements';
import { countMetric, dashboardSource, isRecent } from '../../schema/dashboard';
import { defineMutator, keyOf, type SharedSyncArea } from '../area';
import { newRowId, rowId, withRecipients } from './fields';
import { lazy } from '../../schema/lazy';

export const ANNOUNCEMENT_SPACE = 'announcement';
/** Read markers are keyed by the announcement id: a user has at most one per announcement. */
export const ANNOUNCEMENT_READ_SPACE = 'announcementRead';
export const announcementKey = (id: string) => keyOf(ANNOUNCEMENT_SPACE, id);
export const announcementReadKey = (announcementId: string) => keyOf(ANNOUNCEMENT_READ_SPACE, announcementId);

/** Milliseconds since the epoch in synced values (the client formats them). */
export interface SyncedAnnouncement {
  id: string;
  title: string;
  message: string;
  category: AnnouncementCategory;
  status: AnnouncementStatus;
  audienceType: AudienceType;
  /** User ids of a custom audience; board and superadmin only (empty for residents). */
  customRecipients: string[];
  attachment: { s3Key: string; filename: string; fileSize: number; fileType: string } | null;
  deliveryMethods: DeliveryMethod[];
  /** Set by the board: listed first on /announcements. */
  pinned: boolean;
  /** Board and superadmin only (null for residents, community §6; null in an optimistic draft until the server answers). */
  createdBy: { id: string; name: string } | null;
  /** "Total Recipients" (everyone sees it): the delivery rows once sent, the resolved audience before. */
  totalRecipients: number;
  /** Board and superadmin only, null before sending: counts of the delivery rows (the lists come from REST). */
  deliveryCounts: DeliveryCounts | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
  scheduledAt: number | null;
  version: number;
}

export interface SyncedAnnouncementRead {
  announcementId: string;
  readAt: number;
}

const toSyncedAttachment = (a: AnnouncementAttachmentInput | null): SyncedAnnouncement['attachment'] =>
  a ? { s3Key: a.s3_key, filename: a.filename, fileSize: a.file_size, fileType: a.file_type } : null;

const current = async (tx: WriteTransaction, id: string) => (await tx.get(announcementKey(id))) as SyncedAnnouncement | undefined;
const boardWork = { role: announcementPolicy.mayManage, refusal: ANNOUNCEMENT_MESSAGES.boardOnly };

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
    args: lazy(() => z.object({ id: newRowId, ...announcementFields }).superRefine(withRecipients)),
    label: 'Create announcement',
    subject: (args) => args.title,
    allowed: boardWork,
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
        attachment: toSyncedAttachment(args.attachment),
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
  updateAnnouncementDraft: defineMutator({
    args: lazy(() => z.object({ id: rowId, ...announcementFields }).superRefine(withRecipients)),
    label: 'Update announcement',
    subject: (args) => args.title,
    allowed: boardWork,
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
        attachment: toSyncedAttachment(args.attachment),
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
    allowed: boardWork,
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

const announcementsOnDashboard = dashboardSource<SyncedAnnouncement>({
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

export const announcementsSync = {
  spaces: [ANNOUNCEMENT_SPACE, ANNOUNCEMENT_READ_SPACE] as const,
  mutators: announcementMutators,
  dashboard: [announcementsOnDashboard],
} satisfies SharedSyncArea;
