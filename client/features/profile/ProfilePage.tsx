import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ApiUser } from '../../../schema/auth';
import { api } from '../../lib/api';
import { capitalize, formatAddress, formatDate } from '../../lib/format';
import { updateCurrentUser, useCurrentUser } from '../../lib/session';
import { Alert, Avatar, Badge, Card, CardBody, PageHeader } from '../../ui';
import { lazyComponent } from '../../lib/lazy-component';
import { MyActivityCard } from '../activity/MyActivityCard';

/** The settings column, after the screen's first paint: its cards bring most of the screen's code. */
const ProfileSettingsCards = lazyComponent<{ role: ApiUser['role'] }, typeof import('./ProfileSettingsCards')>(() => import('./ProfileSettingsCards'), 'ProfileSettingsCards', undefined, {
  when: 'after-first-paint',
});

/** Query flag set when the billing portal returns after a plan change, e.g. /profile?plan_updated=growth. */
export const PLAN_UPDATED_PARAM = 'plan_updated';
const PLAN_NAMES: Record<string, string> = { starter: 'Starter', growth: 'Growth', pro: 'Pro' };

/** The plan-update banner: shown once, and the flag is removed from the address. */
function usePlanUpdatedBanner() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [plan, setPlan] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const updated = params.get(PLAN_UPDATED_PARAM);
    if (!updated) return;
    if (PLAN_NAMES[updated]) setPlan(PLAN_NAMES[updated]);
    params.delete(PLAN_UPDATED_PARAM);
    const rest = params.toString();
    navigate(rest ? `/profile?${rest}` : '/profile', { replace: true });
  }, [search, navigate]);
  return [plan, () => setPlan(null)] as const;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-neutral-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-neutral-900">{children}</dd>
    </div>
  );
}

/** /profile: who you are, the HOA-wide settings of its role, and a change-password card for everyone. */
export function ProfilePage() {
  const user = useCurrentUser();
  const [plan, dismissPlan] = usePlanUpdatedBanner();

  // The session's copy may be from the last sign-in: load the current profile.
  useEffect(() => {
    api<ApiUser>('/api/auth/profile')
      .then(updateCurrentUser)
      .catch(() => {
        // Offline or failing: the signed-in copy is shown.
      });
  }, []);

  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader title="Profile" subtitle="Your account details and password" />
      {plan && (
        <Alert tone="success" onDismiss={dismissPlan}>
          {`Your subscription has been successfully updated to the ${plan} plan!`}
        </Alert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="space-y-6">
          <Card>
            <CardBody className="flex flex-wrap items-center gap-4 border-b border-neutral-200 py-5">
              <Avatar name={user.name} size="lg" />
              <div className="min-w-0">
                <h2 className="truncate text-lg font-semibold text-neutral-900">{user.name}</h2>
                <p className="truncate text-sm text-neutral-600">{user.email}</p>
                <Badge variant={user.role === 'resident' ? 'secondary' : 'default'} className="mt-1.5">
                  {capitalize(user.role)}
                </Badge>
              </div>
            </CardBody>
            <CardBody className="py-1">
              <dl className="divide-y divide-neutral-200">
                <Detail label="Name">{user.name}</Detail>
                <Detail label="Email">{user.email}</Detail>
                <Detail label="Role">{capitalize(user.role)}</Detail>
                <Detail label="Address">{formatAddress(user.address) ?? <span className="font-normal text-neutral-500">No address assigned</span>}</Detail>
                {user.phone && <Detail label="Phone">{user.phone}</Detail>}
                <Detail label="Member since">{formatDate(user.createdAt)}</Detail>
              </dl>
            </CardBody>
          </Card>
          <MyActivityCard />
        </div>
        <ProfileSettingsCards role={user.role} />
      </div>
    </div>
  );
}

