import { useId, type ReactNode } from 'react';
import { DASHBOARD_MESSAGES, type ActivityItem, type ActivityType } from '../../../schema/dashboard';
import { useCurrentUser } from '../../lib/session';
import { Button, ButtonLink, Card, CardBody, CardHeader, CreditCardIcon, DollarIcon, FileTextIcon, FolderIcon, HeldUntilKnown, MegaphoneIcon, PageHeader, RelativeTime, ShieldAlertIcon, Skeleton, WrenchIcon } from '../../ui';
import { VoteBanners } from '../votes/OpenVoteBanner';
import { useVotesToCastState } from '../votes/use-votes';
import { BulkUploadBanner } from './BulkUploadBanner';
import { CommunityCard } from './CommunityCard';
import { MetricCards } from './MetricCards';
import { useCommunityInfo, useDashboardFigures, type FiguresState } from './use-dashboard';

const ACTIVITY_ICONS: Record<ActivityType, ReactNode> = {
  announcement: <MegaphoneIcon className="size-4" />,
  request: <WrenchIcon className="size-4" />,
  document: <FolderIcon className="size-4" />,
  violation: <ShieldAlertIcon className="size-4" />,
  application: <FileTextIcon className="size-4" />,
  payment: <CreditCardIcon className="size-4" />,
};

/** /dashboard (and /): board and superadmin only; the route's guard sends residents to their home, /announcements. */
export function DashboardPage() {
  const user = useCurrentUser();
  if (!user) return null;
  const firstName = user.name.trim().split(/\s+/)[0];
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${firstName}`} />
      <BulkUploadBanner user={user} />
      <DashboardBody userId={user._id} />
    </div>
  );
}

/**
 * The vote banner, the cards and the activity, painted together: held (briefly) until both the
 * figures and the open votes are known, so the banner never lands above painted cards.
 */
function DashboardBody({ userId }: { userId: string }) {
  const { metrics, activity, state, retry } = useDashboardFigures();
  const votes = useVotesToCastState(Date.now());
  const community = useCommunityInfo(userId);
  return (
    <HeldUntilKnown known={state !== 'loading' && votes.known}>
      <VoteBanners toCast={votes.toCast} />
      <MetricCards metrics={metrics} state={state} retry={retry} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RecentActivity items={activity} state={state} className="lg:col-span-2" />
        <div className="space-y-6">
          <QuickActions />
          <CommunityCard state={community.state} retry={community.retry} outstanding={state === 'ready' ? metrics.outstandingDues : undefined} />
        </div>
      </div>
    </HeldUntilKnown>
  );
}

function RecentActivity({ items, state, className }: { items: ActivityItem[]; state: FiguresState; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader
        title="Recent Activity"
        description="The last 7 days in your community"
        actions={
          <ButtonLink href="/activity" variant="ghost" size="sm">
            Activity trail
          </ButtonLink>
        }
      />
      {state === 'failed' ? (
        <CardBody>
          {/* The metrics' alert above offers Retry. */}
          <p className="py-6 text-center text-sm text-neutral-500">{DASHBOARD_MESSAGES.loadFailed}</p>
        </CardBody>
      ) : state === 'loading' ? (
        <CardBody className="space-y-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </CardBody>
      ) : items.length === 0 ? (
        <CardBody>
          <p className="py-6 text-center text-sm text-neutral-500">{DASHBOARD_MESSAGES.noActivity}</p>
        </CardBody>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-start gap-3 px-5 py-3">
              <span className="mt-0.5 rounded-lg bg-neutral-100 p-2 text-neutral-600">{ACTIVITY_ICONS[item.type]}</span>
              {/* Phones wrap the words and put the time below them; wider screens keep one line each. */}
              <div className="min-w-0 flex-1 sm:flex sm:items-start sm:gap-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-neutral-900 sm:truncate">{item.title}</p>
                  <p className="line-clamp-2 text-sm text-neutral-600 sm:truncate">{item.description}</p>
                </div>
                <span className="mt-0.5 block shrink-0 text-xs text-neutral-500">
                  <RelativeTime value={item.time} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function QuickActions() {
  const why = useId();
  return (
    <Card>
      <CardHeader title="Quick Actions" />
      <CardBody className="grid gap-2">
        <ButtonLink href="/announcements/create" variant="secondary" icon={<MegaphoneIcon />}>
          Create Announcement
        </ButtonLink>
        {/* Disabled on the dashboard; it says why, and where dues are paid. */}
        <div>
          <Button variant="secondary" disabled icon={<DollarIcon />} className="w-full" aria-describedby={why}>
            Pay Monthly Dues
          </Button>
          <p id={why} className="mt-1 text-xs text-neutral-500">
            {DASHBOARD_MESSAGES.payDuesWhy}
          </p>
        </div>
        <ButtonLink href="/documents" variant="secondary" icon={<FolderIcon />}>
          View Documents
        </ButtonLink>
      </CardBody>
    </Card>
  );
}
