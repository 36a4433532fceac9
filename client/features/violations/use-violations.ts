/** Violations from the local cache: the list with its counters, and one violation; overdue by the HOA's today. */
import { hoaToday } from '../../lib/hoa-day';
import { VIOLATION_CATEGORIES, VIOLATION_COUNTERS, violationPolicy, type ViolationCategory } from '../../../schema/violations';
import { prefixOf } from '../../../sync/keys';
import { violationKey, VIOLATION_SPACE, type SyncedViolation } from '../../../sync/areas/violations';
import { defineSyncedList, newestFirst, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';

/** Newest issued first. */
export const byNewest = newestFirst((r: SyncedViolation) => r.createdAt);

type Counter = `counter${number}` | `category:${ViolationCategory}`;

/** The counters (VIOLATION_COUNTERS) and one count per category, over every cached violation. */
const counters = Object.fromEntries([
  ...VIOLATION_COUNTERS.map((c, i) => [`counter${i}`, (v: SyncedViolation) => v.status === c.status]),
  ...VIOLATION_CATEGORIES.map((category) => [`category:${category}`, (v: SyncedViolation) => v.category === category]),
]) as Record<Counter, (v: SyncedViolation) => boolean>;

export const violationList = defineSyncedList({ name: 'violations', prefix: prefixOf(VIOLATION_SPACE), compare: byNewest, counters });

export const useViolationList = (options: SyncedListOptions<SyncedViolation>) => useSyncedList(violationList, options);

export const counterValue = (counts: Record<Counter, number>, index: number) => counts[`counter${index}`] ?? 0;
export const categoryCount = (counts: Record<Counter, number>, category: ViolationCategory) => counts[`category:${category}`] ?? 0;

export function useViolation(id: string) {
  const { data, loading } = useSyncedValue<SyncedViolation>(violationKey(id));
  return { violation: data, loading };
}

/** Overdue: open, and its due day is before the HOA's today, as the server says. */
export const isOverdueHere = (v: SyncedViolation, today = hoaToday()) => violationPolicy.isOverdue(v, today);
