import { ANNOUNCEMENT_CATEGORY_LABELS, type AnnouncementCategory, type AnnouncementStatus } from '../../../schema/announcements';
import { capitalize } from '../../lib/format';
import { Badge, type BadgeVariant } from '../../ui';

/** Badge styles of community §9. */
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
export const QueuedBadge = () => <Badge variant="outline">Queued</Badge>;
