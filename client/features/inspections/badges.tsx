/** Round and stop badges, following the meaning of the badge variants. */
import { ROUND_STATUS_LABELS, STOP_OUTCOME_LABELS, type RoundStatus, type StopOutcome } from '../../../schema/inspections';
import { Badge, type BadgeVariant } from '../../ui';

const STATUS_VARIANT: Record<RoundStatus, BadgeVariant> = { in_progress: 'warning', paused: 'secondary', finished: 'success' };
const OUTCOME_VARIANT: Record<StopOutcome, BadgeVariant> = { no_issues: 'success', violation: 'destructive', not_inspected: 'outline' };

export const RoundStatusBadge = ({ status }: { status: RoundStatus }) => <Badge variant={STATUS_VARIANT[status]}>{ROUND_STATUS_LABELS[status]}</Badge>;
export const StopOutcomeBadge = ({ outcome }: { outcome: StopOutcome }) => <Badge variant={OUTCOME_VARIANT[outcome]}>{STOP_OUTCOME_LABELS[outcome]}</Badge>;
