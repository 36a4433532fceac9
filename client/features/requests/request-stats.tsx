/**
 * The board's stat cards (community §2): Open, In Progress, Resolved and Maintenance, Recent Activity
 * (the first three requests, newest filed) and the count per category, from the local cache.
 */
import { Link } from 'wouter';
import { REQUEST_CATEGORIES, REQUEST_COUNTERS } from '../../../schema/requests';
import { formatDate } from '../../lib/format';
import type { StatDef } from '../../ui';
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
      details:
        recent.length === 0 ? (
          <p className="text-neutral-500">None yet</p>
        ) : (
          <ul className="divide-y divide-neutral-100">
            {recent.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 py-1.5">
                <div className="min-w-0">
                  <Link href={`/requests/${r.id}`} className="block truncate font-medium hover:underline">
                    {r.title}
                  </Link>
                  <p className="truncate text-xs text-neutral-600">
                    {r.resident.name} · {formatDate(r.createdAt)}
                  </p>
                </div>
                <RequestStatusBadge status={r.status} />
              </li>
            ))}
          </ul>
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
