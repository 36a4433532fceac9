/**
 * The board's stat cards: Open, In Progress, Resolved and Maintenance, Recent Activity
 * (the first three requests, newest filed) and the count per category, from the local cache.
 */
import { REQUEST_CATEGORIES, REQUEST_COUNTERS } from '../../../schema/requests';
import { formatDate } from '../../lib/format';
import { CountGrid, RecentItems, type StatDef } from '../../ui';
import { RequestStatusBadge } from './badges';
import { categoryCount, counterValue, useRequestList } from './use-requests';

type List = Pick<ReturnType<typeof useRequestList>, 'counters' | 'loading'>;

export const RECENT_ACTIVITY = 3;

export function useRequestStats({ counters, loading }: List): StatDef[] {
  // The list's collection, unfiltered: its first rows are the newest requests.
  const recent = useRequestList({ pageSize: RECENT_ACTIVITY });
  return [
    ...REQUEST_COUNTERS.map((c, i) => ({ label: c.label, value: counterValue(counters, i) })),
    {
      label: 'Recent Activity',
      details: (
        <RecentItems
          rows={RECENT_ACTIVITY}
          loading={recent.loading}
          items={recent.items.map((r) => ({ key: r.id, href: `/requests/${r.id}`, title: r.title, line: r.resident.name, when: formatDate(r.createdAt), badge: <RequestStatusBadge status={r.status} /> }))}
        />
      ),
    },
    {
      label: 'Request Categories',
      details: <CountGrid loading={loading} items={REQUEST_CATEGORIES.map((c) => ({ label: c, count: categoryCount(counters, c) }))} />,
    },
  ];
}
