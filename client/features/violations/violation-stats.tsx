/**
 * The list's stat cards: Open, Resolved and Escalated, Recent Activity (the three
 * violations with the latest activity, each with its last Activity History line) and the count per
 * category, from the local cache.
 */
import { VIOLATION_CATEGORIES, VIOLATION_COUNTERS } from '../../../schema/violations';
import { prefixOf } from '../../../sync/keys';
import { VIOLATION_SPACE, type SyncedViolation } from '../../../sync/areas/violations';
import { formatDate } from '../../lib/format';
import { defineSyncedList, newestFirst, useSyncedList } from '../../lib/use-synced-list';
import { CountGrid, RecentItems, type StatDef } from '../../ui';
import { ViolationStatusBadge } from './badges';
import { categoryCount, counterValue, useViolationList } from './use-violations';

type List = Pick<ReturnType<typeof useViolationList>, 'counters' | 'loading'>;

export const RECENT_ACTIVITY = 3;

/** Latest activity first (a message or a status change gives the violation a new `updatedAt`). */
const recentList = defineSyncedList({ name: 'recent-violations', prefix: prefixOf(VIOLATION_SPACE), compare: newestFirst((v: SyncedViolation) => v.updatedAt) });

/** The last Activity History line: what and who, and when. */
function lastLine(v: SyncedViolation) {
  const last = v.history[v.history.length - 1];
  return last ? { line: `${last.action} · ${last.user.name || 'Unknown User'}`, when: formatDate(last.at) } : { when: formatDate(v.updatedAt) };
}

export function useViolationStats({ counters, loading }: List): StatDef[] {
  const recent = useSyncedList(recentList, { pageSize: RECENT_ACTIVITY });
  return [
    ...VIOLATION_COUNTERS.map((c, i) => ({ label: c.label, value: counterValue(counters, i) })),
    {
      label: 'Recent Activity',
      details: (
        <RecentItems
          rows={RECENT_ACTIVITY}
          loading={recent.loading}
          items={recent.items.map((v) => ({ key: v.id, href: `/compliance/${v.id}`, title: v.title, ...lastLine(v), badge: <ViolationStatusBadge status={v.status} /> }))}
        />
      ),
    },
    { label: 'Violation Categories', details: <CountGrid loading={loading} items={VIOLATION_CATEGORIES.map((c) => ({ label: c, count: categoryCount(counters, c) }))} /> },
  ];
}
