import { ANNOUNCEMENT_CATEGORY_LABELS, type AnnouncementCategory, type AnnouncementStatus } from '../../../schema/announcements';
import { capitalize } from '../../lib/format';
import { useQueuedOffline } from '../../lib/replicache';
import { Badge, type BadgeVariant, QueuedBadge } from '../../ui';

/** The badge variant of each audience and status. */
const CATEGORY_VARIANT: Record<AnnouncementCategory, BadgeVariant> = {
  urgent: 'destructive',
  maintenance: 'warning',
  event: 'default',
  reminder: 'secondary',
  general: 'outline',
};
const STATUS_VARIANT: Record<AnnouncementStatus, BadgeVariant> = {
  draft: 'secondary',
  scheduled: 'warning',
  sent: 'default',
  sending: 'warning',
  failed: 'destructive',
};

export const CategoryBadge = ({ category }: { category: AnnouncementCategory }) => (
  <Badge variant={CATEGORY_VARIANT[category]}>{ANNOUNCEMENT_CATEGORY_LABELS[category]}</Badge>
);
export const StatusBadge = ({ status }: { status: AnnouncementStatus }) => <Badge variant={STATUS_VARIANT[status]}>{capitalize(status)}</Badge>;
/** A send this device made offline, which the server does not have yet. */

/** This device sent it while offline and the server does not have the send yet. */
export const useSendQueued = (id: string): boolean => useQueuedOffline('sendAnnouncement', (args) => args.id === id);

/** The status, or Queued while this device's send waits for a connection (list and detail alike). */
export function AnnouncementStatusBadge({ a }: { a: { id: string; status: AnnouncementStatus } }) {
  return useSendQueued(a.id) ? <QueuedBadge /> : <StatusBadge status={a.status} />;
}
