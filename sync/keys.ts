/**
 * The Replicache key space: `<area>/<row id>`. One area per synced table; the server's CVR
 * entries use the same area names, so a key is `${area}/${rowId}` on both sides.
 */
import type { AnnouncementCategory, AnnouncementStatus, AudienceType, DeliveryCounts, DeliveryMethod } from '../schema/announcements';

export const AREAS = {
  announcement: 'announcement',
  announcementRead: 'announcementRead',
  notice: 'notice',
} as const;
export type AreaName = (typeof AREAS)[keyof typeof AREAS];

export const keyOf = (area: AreaName, id: string) => `${area}/${id}`;
export const prefixOf = (area: AreaName) => `${area}/`;
export const idOfKey = (key: string) => key.slice(key.indexOf('/') + 1);

export const announcementKey = (id: string) => keyOf(AREAS.announcement, id);
/** Read markers are keyed by the announcement id: a user has at most one per announcement. */
export const announcementReadKey = (announcementId: string) => keyOf(AREAS.announcementRead, announcementId);
export const noticeKey = (id: string) => keyOf(AREAS.notice, id);

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

/** A pushed change the server refused, shown until the user dismisses it. */
export interface SyncedNotice {
  id: string;
  mutationName: string;
  argsSummary: string;
  message: string;
  /** How many times this same refusal happened while the notice was open. */
  repeats: number;
  createdAt: number;
}
