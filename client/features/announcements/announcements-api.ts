/**
 * The REST calls of the detail screen (community §7): what the cache does not hold (per-recipient
 * delivery lists), what needs the server now (retries), and a fallback read of one announcement
 * while the cache has not received it yet. Attachments go through the kit (client/lib/upload.ts,
 * client/lib/download.ts).
 */
import type { ApiAnnouncement, ApiRetryResponse } from '../../../schema/announcements';
import { api } from '../../lib/api';
import type { AnnouncementView } from './use-announcements';

export const fetchAnnouncement = (id: string) => api<ApiAnnouncement>(`/api/announcements/${encodeURIComponent(id)}`);

/** Retries failed deliveries; an empty list retries every failed one. */
export const retryDeliveries = (id: string, userIds: string[] = []) =>
  api<ApiRetryResponse>(`/api/announcements/${encodeURIComponent(id)}/retry`, { method: 'POST', body: { user_ids: userIds } });

const ms = (iso: string | null) => (iso ? Date.parse(iso) : null);

/** The REST shape as the screens' cache view (used only until the cache has the row). */
export function viewOfApi(a: ApiAnnouncement): AnnouncementView {
  return {
    id: a._id,
    title: a.title,
    message: a.message,
    category: a.category,
    status: a.status,
    audienceType: a.audience_type ?? 'all',
    customRecipients: a.custom_recipients,
    attachment: a.attachment ? { s3Key: a.attachment.s3_key, filename: a.attachment.filename, fileSize: a.attachment.file_size, fileType: a.attachment.file_type } : null,
    deliveryMethods: a.delivery_methods,
    pinned: a.pinned,
    createdBy: a.created_by ? { id: a.created_by._id, name: a.created_by.name } : null,
    totalRecipients: a.total_recipients,
    deliveryCounts: a.delivery_counts,
    createdAt: ms(a.createdAt) ?? 0,
    updatedAt: ms(a.updatedAt) ?? 0,
    sentAt: ms(a.sent_at),
    scheduledAt: ms(a.scheduled_at),
    version: a.version,
    isReadBy: a.isReadBy,
  };
}

/** Delivered divided by total sent, as a whole percent; 0 when nothing was sent (community §9). */
export const successRate = (delivered: number, totalSent: number) => (totalSent > 0 ? Math.round((delivered / totalSent) * 100) : 0);

/** "1 recipient", "12 recipients". */
export const recipientsText = (n: number) => `${n} ${n === 1 ? 'recipient' : 'recipients'}`;
