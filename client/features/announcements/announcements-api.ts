/**
 * The REST calls of the detail screen: what the cache does not hold (per-recipient
 * delivery lists), what needs the server now (retries), and a fallback read of one announcement
 * while the cache has not received it yet. Attachments go through the kit (client/lib/upload.ts,
 * client/lib/download.ts).
 */
import type { ApiAnnouncement, ApiRetryResponse, AudienceType } from '../../../schema/announcements';
import { valueOfRest } from '../../../schema/rest-shape';
import { ANNOUNCEMENT_REST, syncedAnnouncementSchema } from '../../../sync/areas/announcements';
import { api } from '../../lib/api';
import type { AnnouncementView } from './use-announcements';

export const fetchAnnouncement = (id: string) => api<ApiAnnouncement>(`/api/announcements/${encodeURIComponent(id)}`);

/** Retries failed deliveries; an empty list retries every failed one. */
export const retryDeliveries = (id: string, userIds: string[] = []) =>
  api<ApiRetryResponse>(`/api/announcements/${encodeURIComponent(id)}/retry`, { method: 'POST', body: { user_ids: userIds } });

/** The REST shape as the screens' cache view (used only until the cache has the row). */
export const viewOfApi = (a: ApiAnnouncement): AnnouncementView => ({
  ...valueOfRest(syncedAnnouncementSchema, a, ANNOUNCEMENT_REST, { audienceType: (audience: AudienceType | null) => audience ?? 'all' }),
  isReadBy: a.isReadBy,
});

/** Delivered divided by total sent, as a whole percent; 0 when nothing was sent. */
export const successRate = (delivered: number, totalSent: number) => (totalSent > 0 ? Math.round((delivered / totalSent) * 100) : 0);

/** "1 recipient", "12 recipients". */
export const recipientsText = (n: number) => `${n} ${n === 1 ? 'recipient' : 'recipients'}`;
