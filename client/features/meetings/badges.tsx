/** Meeting, minutes and motion badges, following the meaning of the badge variants. */
import { MEETING_STATUS_LABELS, MINUTES_STATUS_LABELS, MOTION_OUTCOME_LABELS, type MeetingStatus, type MinutesStatus, type MotionOutcome } from '../../../schema/meetings';
import { Badge, type BadgeVariant } from '../../ui';

const STATUS_VARIANT: Record<MeetingStatus, BadgeVariant> = { draft: 'secondary', scheduled: 'default', in_progress: 'warning', adjourned: 'outline' };
const MINUTES_VARIANT: Record<MinutesStatus, BadgeVariant> = { none: 'outline', draft: 'secondary', approved: 'default', published: 'success' };
const OUTCOME_VARIANT: Record<MotionOutcome, BadgeVariant> = { carried: 'success', failed: 'destructive' };

export const MeetingStatusBadge = ({ status }: { status: MeetingStatus }) => <Badge variant={STATUS_VARIANT[status]}>{MEETING_STATUS_LABELS[status]}</Badge>;
export const MinutesBadge = ({ status }: { status: MinutesStatus }) => (status === 'none' ? null : <Badge variant={MINUTES_VARIANT[status]}>{MINUTES_STATUS_LABELS[status]}</Badge>);
export const OutcomeBadge = ({ outcome }: { outcome: MotionOutcome }) => <Badge variant={OUTCOME_VARIANT[outcome]}>{MOTION_OUTCOME_LABELS[outcome]}</Badge>;
