/** Requests from the local cache: the list with the board's counters, and one request. */
import { countsUnder, REQUEST_CATEGORIES, REQUEST_COUNTERS, type RequestCategory } from '../../../schema/requests';
import { prefixOf } from '../../../sync/keys';
import { requestKey, REQUEST_SPACE, type SyncedRequest } from '../../../sync/areas/requests';
import { defineSyncedList, newestFirst, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';

/** Newest filed first. */
export const byNewest = newestFirst((r: SyncedRequest) => r.createdAt);

type Counter = `counter${number}` | `category:${RequestCategory}`;

/** The board's counters (REQUEST_COUNTERS) and one count per category, over every cached request. */
const counters = Object.fromEntries([
  ...REQUEST_COUNTERS.map((c, i) => [`counter${i}`, (r: SyncedRequest) => countsUnder(c, r)]),
  ...REQUEST_CATEGORIES.map((category) => [`category:${category}`, (r: SyncedRequest) => r.category === category]),
]) as Record<Counter, (r: SyncedRequest) => boolean>;

export const requestList = defineSyncedList({ name: 'requests', prefix: prefixOf(REQUEST_SPACE), compare: byNewest, counters });

export const useRequestList = (options: SyncedListOptions<SyncedRequest>) => useSyncedList(requestList, options);

export const counterValue = (counts: Record<Counter, number>, index: number) => counts[`counter${index}`] ?? 0;
export const categoryCount = (counts: Record<Counter, number>, category: RequestCategory) => counts[`category:${category}`] ?? 0;

export function useRequest(id: string) {
  const { data, loading } = useSyncedValue<SyncedRequest>(requestKey(id));
  return { request: data, loading };
}
