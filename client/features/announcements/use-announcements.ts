/** Announcements from the local cache, with the signed-in user's `isReadBy` joined in. */
import { announcementPolicy } from '../../../schema/announcements';
import { announcementKey, announcementReadKey, ANNOUNCEMENT_READ_SPACE, ANNOUNCEMENT_SPACE, type SyncedAnnouncement, type SyncedAnnouncementRead } from '../../../sync/areas/announcements';
import { prefixOf } from '../../../sync/keys';
import { defineSyncedList, newestFirst, useSyncedList, useSyncedValue } from '../../lib/use-synced-list';

export type AnnouncementView = SyncedAnnouncement & { isReadBy: boolean };

/** Unread: published (sent, sending, failed) and not yet opened. Drafts and scheduled ones are not out yet. */
export const isUnread = (a: AnnouncementView) => !a.isReadBy && announcementPolicy.canMarkRead(a);

/** Newest first. */
export const byNewest = newestFirst((r: SyncedAnnouncement) => r.createdAt);
/** The list's order: pinned ones first, each part newest first. */
export const pinnedFirst = (a: SyncedAnnouncement, b: SyncedAnnouncement) => (a.pinned === b.pinned ? byNewest(a, b) : a.pinned ? -1 : 1);

const READ_PREFIX = prefixOf(ANNOUNCEMENT_READ_SPACE);

/** Every announcement the user may see, pinned ones first, then newest first, read markers joined, with the unread count. */
export const announcementList = defineSyncedList({
  name: 'announcements',
  prefix: prefixOf(ANNOUNCEMENT_SPACE),
  compare: pinnedFirst,
  join: {
    prefix: READ_PREFIX,
    // Markers are keyed by the announcement's id.
    rowKey: (key) => announcementKey(key.slice(READ_PREFIX.length)),
    merge: (a: SyncedAnnouncement, read: SyncedAnnouncementRead | undefined): AnnouncementView => ({ ...a, isReadBy: !!read }),
  },
  counters: { unread: isUnread },
});

export const useAnnouncementList = (pageSize: number) => useSyncedList(announcementList, { pageSize });

export function useAnnouncement(id: string) {
  const { data: announcement, loading } = useSyncedValue<SyncedAnnouncement>(announcementKey(id));
  const { data: read } = useSyncedValue<SyncedAnnouncementRead>(announcementReadKey(id));
  const view: AnnouncementView | undefined = announcement ? { ...announcement, isReadBy: !!read } : undefined;
  return { announcement: view, loading };
}
