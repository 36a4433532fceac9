import type { UserStatus } from '../../../schema/roles';
import { STATUS_LABELS } from '../../../schema/users';
import { Badge, type BadgeVariant } from '../../ui';

const STATUS_VARIANT: Record<UserStatus, BadgeVariant> = { active: 'success', invited: 'warning', inactive: 'secondary' };

/** Status in the table; 'invited' reads as a badge that stands out. */
export const StatusBadge = ({ status }: { status: UserStatus }) => <Badge variant={STATUS_VARIANT[status]}>{STATUS_LABELS[status]}</Badge>;
