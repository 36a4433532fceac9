/**
 * The board's stat cards: Open, In Progress, Resolved and Maintenance, Recent Activity
 * (the first three requests, newest filed) and the count per category, from the local cache.
 */
import { REQUEST_CATEGORIES, REQUEST_COUNTERS } from '../../../schema/requests';
import { formatDate } from '../../lib/format';
import { RecentItems, type StatDef } from '../../ui';
import { RequestStatusBadge } from './badges';
import { categoryCount, counterValue, useRequestList } from './use-requests';

type Counts = ReturnType<typeof useRequestList>['counters'];

export const RECENT_ACTIVITY = 3;

export function useRequestStats(counters: Counts): StatDef[] {
  // The list's collection, unfiltered: its first rows are the newest requests.
  const recent = useRequestList({ pageSize: RECENT_ACTIVITY }).items;
  return [
    ...REQUEST_COUNTERS.map((c, i) => ({ label: c.label, value: counterValue(counters, i) })),
    {
      label: 'Recent Activity',
      details: (
        <RecentItems
          items={recent.map((r) => ({ key: r.id, href: `/requests/${r.id}`, title: r.title, line: r.resident.name, when: formatDate(r.createdAt), badge: <RequestStatusBadge status={r.status} /> }))}
        />
      ),
    },
    {
      label: 'Request Categories',
      details: (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1.5">
          {REQUEST_CATEGORIES.map((c) => (
            <div key={c} className="flex items-baseline justify-between gap-2">
              <dt className="text-neutral-700">{c}</dt>
              <dd className="tabular font-semibold">{categoryCount(counters, c)}</dd>
            </div>
          ))}
        </dl>
      ),
    },
  ];
}
