/** Application badges, following the meaning of the badge variants; the deadline's flag and days left. */
import { APPLICATION_STATUS_LABELS, applicationPolicy, daysLeftText, type ApplicationStatus } from '../../../schema/applications';
import { formatDay } from '../../../schema/days';
import { Badge, type BadgeVariant } from '../../ui';

const STATUS_VARIANT: Record<ApplicationStatus, BadgeVariant> = {
  under_review: 'secondary',
  approved: 'success',
  approved_with_conditions: 'success',
  denied: 'destructive',
  approved_by_default: 'success',
  escalated: 'destructive',
};
const FLAG_VARIANT = { warning: 'warning', danger: 'destructive', success: 'success' } as const satisfies Record<string, BadgeVariant>;

export const ApplicationStatusBadge = ({ status }: { status: ApplicationStatus }) => <Badge variant={STATUS_VARIANT[status]}>{APPLICATION_STATUS_LABELS[status]}</Badge>;

/** "Due soon", "Overdue", "Approved by default", "Escalated", or nothing. */
export function DeadlineFlag({ application, now }: { application: { status: ApplicationStatus; deadline: number }; now: number }) {
  const flag = applicationPolicy.flagOf(application, now);
  return flag && <Badge variant={FLAG_VARIANT[flag.tone]}>{flag.label}</Badge>;
}

/** The deadline's day, with "N days left" while the board may still decide. */
export function DeadlineText({ application, now }: { application: { status: ApplicationStatus; deadline: number }; now: number }) {
  return (
    <span>
      <span className="whitespace-nowrap">{formatDay(application.deadline)}</span>
      {applicationPolicy.isOpen(application) && <span className="block whitespace-nowrap text-neutral-500 sm:text-xs">{daysLeftText(application.deadline, now)}</span>}
    </span>
  );
}
