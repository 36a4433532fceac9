/** Announcements (community §3–§5): enums, labels and the spec's messages, shared by client and server. */

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

export const DELIVERY_METHODS = ['in_app', 'email'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Attachment limits (community §5, §9). */
export const ANNOUNCEMENT_ATTACHMENT_MAX_BYTES = 10_485_760;
export const ANNOUNCEMENT_ATTACHMENT_TYPES = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif'] as const;

/** Status shown to readers: statuses a resident may see (drafts and scheduled ones are not published yet). */
export const PUBLISHED_ANNOUNCEMENT_STATUSES: readonly AnnouncementStatus[] = ['sent', 'sending', 'failed'];

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  recipientsRequired: 'Please select at least one recipient',
  notFound: 'Announcement not found',
  draftNotReadable: 'Draft announcements cannot be marked as read',
  noAnnouncements: 'No announcements found',
  loadFailed: 'Failed to load announcements',
  loadOneFailed: 'Failed to load announcement',
  loadingOne: 'Loading announcement...',
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  sendFailed: 'Sending Failed',
  sendFailedDetail: 'There was an error sending this announcement. Please try again.',
} as const;

/** "Custom Recipients" for custom, otherwise the value with underscores turned into spaces (community §2). */
export function audienceDisplay(audience: string): string {
  return audience === 'custom' ? AUDIENCE_LABELS.custom : audience.replace(/_/g, ' ');
}

/** Size in MB to two decimals (community §9). */
export const fileSizeMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
