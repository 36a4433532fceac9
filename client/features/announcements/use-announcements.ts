/** Announcements from the local cache, with the signed-in user's `isReadBy` joined in. */
import { useMemo } from 'react';
import { announcementPolicy } from '../../../schema/announcements';
import { announcementKey, announcementReadKey, ANNOUNCEMENT_READ_SPACE, ANNOUNCEMENT_SPACE, type SyncedAnnouncement, type SyncedAnnouncementRead } from '../../../sync/areas/announcements';
import { prefixOf } from '../../../sync/keys';
import { usePrefix, useSyncedValue } from '../../lib/use-synced-list';

export type AnnouncementView = SyncedAnnouncement & { isReadBy: boolean };

/** Unread: published (sent, sending, failed) and not yet opened. Drafts and scheduled ones are not out yet. */
export const isUnread = (a: AnnouncementView) => !a.isReadBy && announcementPolicy.canMarkRead(a);

/** Newest first. */
export const byNewest = (a: SyncedAnnouncement, b: SyncedAnnouncement) => b.createdAt - a.createdAt || a.id.localeCompare(b.id);

/** Every announcement the user may see, newest first, each with isReadBy. */
export function useAnnouncements() {
  const { data: announcements, loading } = usePrefix<SyncedAnnouncement>(prefixOf(ANNOUNCEMENT_SPACE));
  const { data: reads } = usePrefix<SyncedAnnouncementRead>(prefixOf(ANNOUNCEMENT_READ_SPACE));
  const items = useMemo(() => {
    const read = new Set(reads.map((r) => r.announcementId));
    return announcements.map((a) => ({ ...a, isReadBy: read.has(a.id) })).sort(byNewest);
  }, [announcements, reads]);
  return { items, loading };
}

export function useAnnouncement(id: string) {
  const { data: announcement, loading } = useSyncedValue<SyncedAnnouncement>(announcementKey(id));
  const { data: read } = useSyncedValue<SyncedAnnouncementRead>(announcementReadKey(id));
  const view: AnnouncementView | undefined = announcement ? { ...announcement, isReadBy: !!read } : undefined;
  return { announcement: view, loading };
}
