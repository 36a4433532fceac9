/** Violation badges. The spec gives no styles for violations; these follow the meaning of the badge variants (destructive, warning, default, secondary, outline). */
import { VIOLATION_STATUS_LABELS, type ViolationCategory, type ViolationStatus } from '../../../schema/violations';
import { Badge, type BadgeVariant } from '../../ui';

const STATUS_VARIANT: Record<ViolationStatus, BadgeVariant> = {
  open: 'warning',
  under_review: 'default',
  resolved: 'success',
  escalated: 'destructive',
  dismissed: 'outline',
};

export const ViolationStatusBadge = ({ status }: { status: ViolationStatus }) => <Badge variant={STATUS_VARIANT[status]}>{VIOLATION_STATUS_LABELS[status]}</Badge>;
export const ViolationCategoryBadge = ({ category }: { category: ViolationCategory }) => <Badge variant="secondary">{category}</Badge>;
