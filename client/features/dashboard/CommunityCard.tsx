/** The dashboard's Community Info card: the directory's figures, kept for offline visits. */
import type { ReactNode } from 'react';
import { OCCUPIED_MEANS } from '../../../schema/addresses';
import { type DashboardMetric } from '../../../schema/dashboard';
import { Card, CardBody, CardHeader, DollarIcon, HomeIcon, Skeleton, UserIcon } from '../../ui';
import { LoadFailed } from './LoadFailed';
import type { CommunityState } from './use-dashboard';

/** `outstanding`: the Outstanding Dues card's figure, once it is known. */
export function CommunityCard({ state, retry, outstanding }: { state: CommunityState; retry: () => void; outstanding?: DashboardMetric }) {
  return (
    <Card>
      <CardHeader title="Community Info" />
      <CardBody>
        {state.status === 'failed' ? (
          <LoadFailed retry={retry} />
        ) : state.status === 'loading' ? (
          <Skeleton className="h-24" />
        ) : (
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <Figure icon={<HomeIcon />} label="Total Units" value={state.community.units} />
            <Figure icon={<HomeIcon />} label="Occupied" value={state.community.occupied} hint={OCCUPIED_MEANS} />
            <Figure icon={<UserIcon />} label="Board Members" value={state.community.boardMembers} />
            {outstanding && <Figure icon={<DollarIcon />} label="Outstanding Dues" value={outstanding.value} />}
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

function Figure({ icon, label, value, hint }: { icon: ReactNode; label: string; value: ReactNode; hint?: string }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-neutral-600">
        <span className="text-neutral-400">{icon}</span>
        {label}
      </dt>
      <dd className="tabular mt-0.5 text-lg font-semibold text-neutral-900">{value}</dd>
      {hint && <dd className="text-xs text-neutral-500">{hint}</dd>}
    </div>
  );
}
