/** Announcements, server half: REST, attachments, the synced announcements and read markers, the mutators' domain calls, jobs. */
import type { announcementMutators } from '../../sync/areas/announcements';
import {
  createAnnouncementDraft,
  markAnnouncementRead,
  pinAnnouncement,
  mayReadAnnouncementAttachment,
  sendAnnouncement,
  sendDueAnnouncements,
  settleAnnouncementDeliveries,
  updateAnnouncementDraft,
} from '../domain/announcements';
import { announcementReadSyncArea, announcementSyncArea } from '../domain/announcements/sync';
import { BODY_LIMITS } from '../middleware/body-limit';
import { announcementRoutes } from '../routes/announcements';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

const mutators: ServerMutators<keyof typeof announcementMutators> = {
  markAnnouncementRead: (deps, tx, actor, args) => markAnnouncementRead(deps, tx, actor, args.id),
  createAnnouncementDraft: (deps, tx, actor, args) => createAnnouncementDraft(deps, tx, actor, args),
  updateAnnouncementDraft: (deps, tx, actor, { id, ...fields }) => updateAnnouncementDraft(deps, tx, actor, id, fields),
  pinAnnouncement: (deps, tx, actor, args) => pinAnnouncement(deps, tx, actor, args.id, args.pinned),
  // Sent when the push arrives; the outbox job delivers after commit (nudged by the domain function).
  sendAnnouncement: (deps, tx, actor, args) =>
    sendAnnouncement(deps, tx, actor, args.id, { scheduledAt: args.scheduled_at ? Date.parse(args.scheduled_at) : null }),
};

export const announcementsArea = defineServerArea({
  name: 'announcements',
  // Create (POST /) and edit (PUT /:id) carry a rich-text message.
  routes: [{ path: '/api/announcements', router: announcementRoutes, bodyLimits: { '/': BODY_LIMITS.richText, '/:id': BODY_LIMITS.richText } }],
  uploads: { feature: 'announcements', path: '/api/announcements', download: true, mayRead: mayReadAnnouncementAttachment },
  sync: [announcementSyncArea, announcementReadSyncArea],
  mutators,
  // Before delivery, so a due announcement's mail goes out in the same tick.
  jobs: [{ name: 'send-scheduled-announcements', run: (deps) => sendDueAnnouncements(deps) }],
  // Delivery outcomes end an announcement's send (sent or failed) in the same run, also when nudged.
  afterEmailDelivery: (deps) => settleAnnouncementDeliveries(deps),
});
