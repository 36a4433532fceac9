import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { DASHBOARD_MESSAGES, type ActivityItem, type ActivityType, type DashboardMetric, type MetricKey } from '../../../schema/dashboard';
import { useCurrentUser } from '../../lib/session';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  CardBody,
  CardHeader,
  CreditCardIcon,
  cx,
  DollarIcon,
  FolderIcon,
  HomeIcon,
  MegaphoneIcon,
  PageHeader,
  RelativeTime,
  ShieldAlertIcon,
  Skeleton,
  UserIcon,
  WrenchIcon,
} from '../../ui';
import { BulkUploadBanner } from './BulkUploadBanner';
import { useCommunityInfo, useDashboardFigures, type CommunityState } from './use-dashboard';

/** The spec's card order (platform §2); an area not built yet has no card. */
const METRIC_ORDER: MetricKey[] = ['outstandingDues', 'maintenanceRequests', 'announcements', 'documents'];
const METRIC_ICONS: Record<string, ReactNode> = {
  dollar: <DollarIcon className="size-5" />,
  wrench: <WrenchIcon className="size-5" />,
  megaphone: <MegaphoneIcon className="size-5" />,
  folder: <FolderIcon className="size-5" />,
};
const ACTIVITY_ICONS: Record<ActivityType, ReactNode> = {
  announcement: <MegaphoneIcon className="size-4" />,
  request: <WrenchIcon className="size-4" />,
  document: <FolderIcon className="size-4" />,
  violation: <ShieldAlertIcon className="size-4" />,
  payment: <CreditCardIcon className="size-4" />,
};
const CHANGE_TONE = { increase: 'text-success-700', decrease: 'text-danger-700', neutral: 'text-neutral-500' } as const;

/** /dashboard (and /): board and superadmin only; residents go to /announcements (platform §2). */
export function DashboardPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role === 'resident') return <Redirect to="/announcements" replace />;
  const firstName = user.name.trim().split(/\s+/)[0];
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${firstName}`} />
      <BulkUploadBanner user={user} />
      <DashboardBody userId={user._id} />
    </div>
  );
}

function DashboardBody({ userId }: { userId: string }) {
  const { metrics, activity, loading } = useDashboardFigures();
  const community = useCommunityInfo(userId);
  const cards = METRIC_ORDER.flatMap((key) => (metrics[key] ? [metrics[key]] : []));
  return (
    <>
      <section aria-label="Metrics" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {loading ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-28 rounded-xl" />) : cards.map((m) => <MetricCard key={m.title} metric={m} />)}
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RecentActivity items={activity} loading={loading} className="lg:col-span-2" />
        <div className="space-y-6">
          <QuickActions />
          <CommunityCard state={community.state} retry={community.retry} outstanding={metrics.outstandingDues} />
        </div>
      </div>
    </>
  );
}

function MetricCard({ metric }: { metric: DashboardMetric }) {
  return (
    // Two cards a row on a phone: the icon sits above the title there, so "Announcements" fits on its line.
    <Card className="flex flex-col-reverse items-start gap-2 p-4 sm:flex-row sm:justify-between sm:gap-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-neutral-600">{metric.title}</p>
        <p className="tabular mt-1 text-2xl font-semibold text-neutral-900">{metric.value}</p>
        <p className={cx('mt-1 text-xs font-medium', CHANGE_TONE[metric.changeType])}>{metric.change}</p>
      </div>
      <div className="rounded-lg bg-accent-50 p-2 text-accent-700">{METRIC_ICONS[metric.icon]}</div>
    </Card>
  );
}

function RecentActivity({ items, loading, className }: { items: ActivityItem[]; loading: boolean; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader title="Recent Activity" description="The last 7 days in your community" />
      {loading ? (
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
  return (
    <Card>
      <CardHeader title="Quick Actions" />
      <CardBody className="grid gap-2">
        <ButtonLink href="/announcements/create" variant="secondary" icon={<MegaphoneIcon />}>
          Create Announcement
        </ButtonLink>
        {/* Platform §2: disabled on the dashboard. */}
        <Button variant="secondary" disabled icon={<DollarIcon />}>
          Pay Monthly Dues
        </Button>
        <ButtonLink href="/documents" variant="secondary" icon={<FolderIcon />}>
          View Documents
        </ButtonLink>
      </CardBody>
    </Card>
  );
}

function CommunityCard({ state, retry, outstanding }: { state: CommunityState; retry: () => void; outstanding?: DashboardMetric }) {
  return (
    <Card>
      <CardHeader title="Community Info" />
      <CardBody>
        {state.status === 'failed' ? (
          <Alert tone="error" action={<Button size="sm" variant="secondary" onClick={retry}>{DASHBOARD_MESSAGES.retry}</Button>}>
            {DASHBOARD_MESSAGES.loadFailed}
          </Alert>
        ) : state.status === 'loading' ? (
          <Skeleton className="h-24" />
        ) : (
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <Figure icon={<HomeIcon />} label="Total Units" value={state.community.units} />
            <Figure icon={<HomeIcon />} label="Occupied" value={state.community.occupied} />
            <Figure icon={<UserIcon />} label="Board Members" value={state.community.boardMembers} />
            {outstanding && <Figure icon={<DollarIcon />} label="Outstanding Dues" value={outstanding.value} />}
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-neutral-600">
        <span className="text-neutral-400">{icon}</span>
        {label}
      </dt>
      <dd className="tabular mt-0.5 text-lg font-semibold text-neutral-900">{value}</dd>
    </div>
  );
}
