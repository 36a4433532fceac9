/** The dashboard's metric cards: skeletons until the figures are known, the failure with Retry. */
import type { ReactNode } from 'react';
import type { DashboardMetric, MetricTone } from '../../../schema/dashboard';
import type { MetricKey } from '../../../sync/areas';
import { Card, cx, DollarIcon, FolderIcon, MegaphoneIcon, Skeleton, WrenchIcon } from '../../ui';
import { LoadFailed } from './LoadFailed';
import type { FiguresState } from './use-dashboard';

/** Placeholders while the figures load: the spec's four cards (the areas' declarations load with the sync engine). */
const PLACEHOLDER_CARDS = 4;
const METRIC_ICONS: Record<string, ReactNode> = {
  dollar: <DollarIcon className="size-5" />,
  wrench: <WrenchIcon className="size-5" />,
  megaphone: <MegaphoneIcon className="size-5" />,
  folder: <FolderIcon className="size-5" />,
};
/** Good news for the HOA in green, bad in red, whichever way the figure moved. */
const TONE_CLASS: Record<MetricTone, string> = { good: 'text-success-700', bad: 'text-danger-700', neutral: 'text-neutral-500' };

export function MetricCards({ metrics, state, retry }: { metrics: Partial<Record<MetricKey, DashboardMetric>>; state: FiguresState; retry: () => void }) {
  // In the order of the areas' list (sync/areas/index.ts), which is the spec's card order: the figures keep it.
  const cards = Object.values(metrics).filter((m): m is DashboardMetric => !!m);
  return (
    <section aria-label="Metrics" aria-busy={state === 'loading'} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {state === 'failed' ? (
        <LoadFailed retry={retry} className="col-span-full" />
      ) : state === 'loading' ? (
        Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => <Skeleton key={i} className="h-28 rounded-xl" />)
      ) : (
        cards.map((m) => <MetricCard key={m.title} metric={m} />)
      )}
    </section>
  );
}

function MetricCard({ metric }: { metric: DashboardMetric }) {
  return (
    // Two cards a row on a phone: the icon sits above the title there, so "Announcements" fits on its line.
    <Card className="flex flex-col-reverse items-start gap-2 p-4 sm:flex-row sm:justify-between sm:gap-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-neutral-600">{metric.title}</p>
        <p className="tabular mt-1 text-2xl font-semibold text-neutral-900">{metric.value}</p>
        <p className={cx('mt-1 text-xs font-medium', TONE_CLASS[metric.tone])}>{metric.change}</p>
      </div>
      <div className="rounded-lg bg-accent-50 p-2 text-accent-700">{METRIC_ICONS[metric.icon]}</div>
    </Card>
  );
}
