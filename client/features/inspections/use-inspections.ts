/** Rounds and stops from the local cache: the list (newest first), one round, its stops in walking order, everyone's progress. */
import { useMemo } from 'react';
import { prefixOf } from '../../../sync/keys';
import { roundKey, roundStopsPrefix, ROUND_SPACE, STOP_SPACE, type SyncedRound, type SyncedStop } from '../../../sync/areas/inspections';
import { defineSyncedList, newestFirst, usePrefix, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';

export const roundList = defineSyncedList({ prefix: prefixOf(ROUND_SPACE), compare: newestFirst((r: SyncedRound) => r.createdAt) });
export const useRoundList = (options: SyncedListOptions<SyncedRound>) => useSyncedList(roundList, options);

export function useRound(id: string) {
  const { data, loading } = useSyncedValue<SyncedRound>(roundKey(id));
  return { round: data, loading };
}

/** The round's stops in walking order. */
export function useRoundStops(roundId: string) {
  const { data, loading } = usePrefix<SyncedStop>(roundStopsPrefix(roundId));
  const stops = useMemo(() => [...data].sort((a, b) => a.position - b.position), [data]);
  return { stops, loading };
}

/** Done and total stops of every cached round, by round id (the list's progress column). */
export function useProgressByRound(): Map<string, { done: number; total: number }> {
  const { data } = usePrefix<SyncedStop>(prefixOf(STOP_SPACE));
  return useMemo(() => {
    const progress = new Map<string, { done: number; total: number }>();
    for (const s of data) {
      const p = progress.get(s.roundId) ?? { done: 0, total: 0 };
      progress.set(s.roundId, { done: p.done + (s.outcome ? 1 : 0), total: p.total + 1 });
    }
    return progress;
  }, [data]);
}
