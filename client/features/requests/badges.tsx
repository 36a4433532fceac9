/** Request badges. The spec gives no styles for requests; these follow the meaning of the badge variants (destructive, warning, default, secondary, outline). */
import { REQUEST_STATUS_LABELS, type RequestCategory, type RequestStatus } from '../../../schema/requests';
import { Badge, type BadgeVariant } from '../../ui';

const STATUS_VARIANT: Record<RequestStatus, BadgeVariant> = {
  open: 'default',
  in_progress: 'warning',
  awaiting_info: 'secondary',
  resolved: 'success',
  closed: 'outline',
  rejected: 'destructive',
};
const CATEGORY_VARIANT: Record<RequestCategory, BadgeVariant> = {
  Maintenance: 'warning',
  Modification: 'default',
  Inquiry: 'secondary',
  Other: 'outline',
};

export const RequestStatusBadge = ({ status }: { status: RequestStatus }) => <Badge variant={STATUS_VARIANT[status]}>{REQUEST_STATUS_LABELS[status]}</Badge>;
export const RequestCategoryBadge = ({ category }: { category: RequestCategory }) => <Badge variant={CATEGORY_VARIANT[category]}>{category}</Badge>;
