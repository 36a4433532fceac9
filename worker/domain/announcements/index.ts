/**
 * Announcements domain. One layer for both transports: the REST routes and the
 * sync push call these functions.
 *
 * - sync.ts      who sees what, the cache values a pull sends, the synced tables every write goes through
 * - read.ts      the REST answers, built from the values the pull sends
 * - drafts.ts    create, edit, delete drafts; read markers
 * - sending.ts   send now or scheduled, delivery settling, retries
 * - pinning.ts   pin to the top of the list, or unpin
 * - audience.ts  who an audience addresses
 * - uploads      who may download an attachment: `mayReadAttachment` below
 */
import { and, eq } from 'drizzle-orm';
import { announcements } from '../../../schema/tables';
import type { AttachmentReadRule } from '../uploads';
import { visibleAnnouncements } from './sync';

export { visibleAnnouncements } from './sync';
export { getAnnouncement, getVisibleAnnouncement, listAnnouncements, listAnnouncementsJson, type AnnouncementRow } from './read';
export { createAnnouncementDraft, deleteAnnouncementDraft, markAnnouncementRead, updateAnnouncementDraft } from './drafts';
export {
  announcementRef,
  deliverAnnouncementNow,
  retryAnnouncementAndReport,
  retryAnnouncementDeliveries,
  sendAnnouncement,
  sendAnnouncementAndReport,
  sendDueAnnouncements,
  settleAnnouncementDeliveries,
} from './sending';
export { pinAnnouncement } from './pinning';
export { resolveAudience } from './audience';

/** Anyone who can see an announcement may download its attachment (the uploader and the board always may). */
export const mayReadAnnouncementAttachment: AttachmentReadRule = async (db, actor, upload) => {
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(visibleAnnouncements(actor), eq(announcements.attachmentS3Key, upload.s3Key)))
    .limit(1);
  return !!row;
};
