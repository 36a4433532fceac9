/**
 * One announcement for the detail and edit screens: the cached row (it opens offline) with
 * `GET /api/announcements/:id` beside it while the cache lacks the row, or for the per-recipient
 * lists only the server has (the kit's useSyncedEntity).
 */
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import type { Crumb, UnavailableWords } from '../../ui';
import { fetchAnnouncement, viewOfApi } from './announcements-api';
import { useAnnouncement, type AnnouncementView } from './use-announcements';

/** What the screens say while the announcement is not there. */
export const ANNOUNCEMENT_UNAVAILABLE: UnavailableWords = {
  loading: ANNOUNCEMENT_MESSAGES.loadingOne,
  failed: ANNOUNCEMENT_MESSAGES.loadOneFailed,
  offline: 'This announcement is not available offline.',
  back: { href: '/announcements', label: 'Back to Announcements' },
};

/** The title the screens fall back to before (or without) the announcement's own. */
export const FALLBACK_TITLE = 'View Announcement';

export const detailCrumbs = (title: string): Crumb[] => [{ label: 'Announcements', href: '/announcements' }, { label: title }];

export function useAnnouncementEntity(id: string, wantsRemote?: (a: AnnouncementView) => boolean) {
  const { announcement, loading } = useAnnouncement(id);
  return useSyncedEntity({ id, cached: { data: announcement, loading }, fetch: fetchAnnouncement, fromRemote: viewOfApi, wantsRemote, version: announcement?.version });
}
