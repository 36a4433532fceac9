/**
 * The dashboard's data: metric cards and recent activity computed from the local cache by the shared
 * function the server uses (schema/dashboard.ts), so they open instantly and work offline (once a
 * pull has filled the cache: never a zero that is not known); the
 * community figures (from the directory, which is not synced) from GET /api/dashboard/metrics, the
 * last answer kept in this browser for offline visits.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReadonlyJSONValue } from 'replicache';
import { computeDashboard, type CommunityInfo, type DashboardMetrics } from '../../../schema/dashboard';
import type { dashboardSources, MetricKey } from '../../../sync/areas';
import { prefixOf } from '../../../sync/area';
import { api } from '../../lib/api';
import { keepValue, readKeptValue, useKeptUntilLoaded } from '../../lib/first-screen';
import { setCacheFill, useCacheFill, useReplicache } from '../../lib/replicache';
import { useSubscribe } from '../../lib/use-synced-list';

type Sources = typeof dashboardSources;
/**
 * Every area's dashboard source, with the areas' schemas: loaded once the sync engine has started
 * (the figures are read from its cache), so they are not part of the dashboard's first paint.
 */
const loadSources = () => import('../../../sync/areas').then((m) => m.dashboardSources);
const NO_DATA: Record<string, ReadonlyJSONValue[]> = {};

/**
 * Whether the cards and activity can be shown: 'loading' until the cache answered and is known to
 * hold the server's values (a cache no pull filled reads as zeros that are not known), 'failed' when
 * its first pull got no answer (`retry` asks again), 'ready' otherwise — also offline, from a cache
 * filled before.
 */
export type FiguresState = 'loading' | 'ready' | 'failed';

/** Cards and activity from the cache, with their state (above). */
export function useDashboardFigures() {
  const rep = useReplicache();
  const fill = useCacheFill();
  const [sources, setSources] = useState<Sources | null>(null);
  useEffect(() => {
    if (rep && !sources) loadSources().then(setSources, () => {});
  }, [rep, sources]);
  const { data, loading } = useSubscribe(
    async (tx) => {
      const out: Record<string, ReadonlyJSONValue[]> = {};
      for (const space of new Set((sources ?? []).map((s) => s.space))) out[space] = await tx.scan({ prefix: prefixOf(space) }).values().toArray();
      return out;
    },
    NO_DATA,
    [sources],
  );
  const figures = useMemo(() => computeDashboard(sources ?? [], (space) => data[space] ?? [], Date.now()), [sources, data]);
  const state: FiguresState = !sources || loading || fill === 'unknown' ? 'loading' : fill === 'filled' ? 'ready' : 'failed';
  // Until the cache answers, the figures of the last visit (client/lib/first-screen.ts).
  const kept = useKeptUntilLoaded('dashboard-figures', figures, state === 'ready');
  const retry = useCallback(() => {
    if (!rep) return;
    setCacheFill(rep, 'unknown');
    rep.pull({ now: true }).catch(() => {});
  }, [rep]);
  if (state === 'loading' && kept) return { ...kept, state: 'ready' as const, retry };
  return { ...figures, state, retry };
}

const keptKey = (userId: string) => `hoa-dashboard-community:${userId}`;

const readKept = (userId: string) => readKeptValue(keptKey(userId)) as CommunityInfo | null;

export type CommunityState = { status: 'loading' } | { status: 'ready'; community: CommunityInfo; kept: boolean } | { status: 'failed' };

/** The community card's figures; `retry` asks again. A failure with a kept answer shows the kept one. */
export function useCommunityInfo(userId: string): { state: CommunityState; retry: () => void } {
  const [state, setState] = useState<CommunityState>(() => {
    const kept = readKept(userId);
    return kept ? { status: 'ready', community: kept, kept: true } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    api<DashboardMetrics<MetricKey>>('/api/dashboard/metrics').then(
      ({ community }) => {
        if (!live || !community) return;
        setState({ status: 'ready', community, kept: false });
        keepValue(keptKey(userId), community);
      },
      () => {
        if (!live) return;
        const kept = readKept(userId);
        setState(kept ? { status: 'ready', community: kept, kept: true } : { status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);
  const retry = useCallback(() => {
    setState((s) => (s.status === 'failed' ? { status: 'loading' } : s));
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
