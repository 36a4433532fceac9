/**
 * One inspection round for its screen: the round and its stops in walking order, from the cache so
 * the walk goes on offline; over REST while the cache has not received it (a page loaded on the round
 * itself paints before the engine opens the cache, the kit's useSyncedEntity).
 */
import { useMemo } from 'react';
import { valueOfRest } from '../../../schema/rest-shape';
import { ROUND_REST, STOP_REST, syncedRoundSchema, syncedStopSchema, type ApiRoundDetail, type SyncedRound, type SyncedStop } from '../../../sync/areas/inspections';
import { api } from '../../lib/api';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import type { UnavailableWords } from '../../ui';
import { useRound, useRoundStops } from './use-inspections';

export interface RoundView {
  round: SyncedRound;
  /** In walking order. */
  stops: SyncedStop[];
}

export const ROUND_UNAVAILABLE: UnavailableWords = {
  loading: 'Loading round...',
  failed: 'Failed to load round',
  offline: 'This round is not available offline.',
  back: { href: '/inspections', label: 'Back to Inspection Rounds' },
};

export const fetchRound = (id: string) => api<ApiRoundDetail>(`/api/inspections/${encodeURIComponent(id)}`);

export const roundViewOfApi = (answer: ApiRoundDetail): RoundView => ({
  round: valueOfRest(syncedRoundSchema, answer, ROUND_REST),
  stops: answer.stops.map((s) => valueOfRest(syncedStopSchema, s, STOP_REST)),
});

export function useRoundEntity(id: string) {
  const { round, loading } = useRound(id);
  const { stops, loading: stopsLoading } = useRoundStops(id);
  const data = useMemo(() => (round ? { round, stops } : undefined), [round, stops]);
  return useSyncedEntity({ id, cached: { data, loading: loading || stopsLoading }, fetch: fetchRound, fromRemote: roundViewOfApi, version: round?.version });
}
