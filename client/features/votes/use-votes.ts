/** Votes and ballots from the local cache: the list (newest first), one vote, its household ballots, the open votes a household has not voted on. */
import { useCallback, useMemo } from 'react';
import { formatVoteTime, voteStateAt } from '../../../schema/votes';
import { prefixOf } from '../../../sync/keys';
import { BALLOT_PREFIX, voteKey, VOTE_SPACE, type SyncedBallot, type SyncedVote } from '../../../sync/areas/votes';
import { useKeptUntilLoaded } from '../../lib/first-screen';
import { useHoaTimeZone } from '../../lib/hoa-day';
import { keptZoneOffset } from '../../lib/zone-offsets';
import { defineSyncedList, newestFirst, usePrefix, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';

export const voteList = defineSyncedList({ prefix: prefixOf(VOTE_SPACE), compare: newestFirst((v: SyncedVote) => v.createdAt) });
export const useVoteList = (options: SyncedListOptions<SyncedVote>) => useSyncedList(voteList, options);

export function useVote(id: string) {
  const { data, loading } = useSyncedValue<SyncedVote>(voteKey(id));
  return { vote: data, loading };
}

/** The ballots the cache holds for a vote: the household's (and, for the board, an open ballot's). */
export function useBallots(voteId: string) {
  const { data } = usePrefix<SyncedBallot>(BALLOT_PREFIX);
  return useMemo(() => data.filter((b) => b.voteId === voteId).sort((a, b) => b.castAt - a.castAt || (a.id < b.id ? 1 : -1)), [data, voteId]);
}

/** The household's ballots of a vote, newest first: the first without `replacedAt` is the one that counts. */
export const householdOf = (ballots: readonly SyncedBallot[], addressId: string | null) => (addressId ? ballots.filter((b) => b.addressId === addressId) : []);

/** A vote's times as every screen names them: in the HOA's time zone. */
export function useVoteTime() {
  const zone = useHoaTimeZone();
  return useCallback((at: number) => formatVoteTime(at, zone, keptZoneOffset), [zone]);
}

/**
 * The open votes the viewer's household may vote on and has not (the banner's), and whether that is
 * known yet: the cache answered, or the last visit's are kept (a screen may hold its first paint
 * until it is, so the banner does not land above what it painted).
 */
export function useVotesToCastState(now: number): { toCast: SyncedVote[]; known: boolean } {
  const { data: votes, loading: votesLoading } = usePrefix<SyncedVote>(prefixOf(VOTE_SPACE));
  const { data: ballots, loading: ballotsLoading } = usePrefix<SyncedBallot>(BALLOT_PREFIX);
  const live = useMemo(() => {
    const voted = new Set(ballots.map((b) => `${b.voteId}:${b.addressId}`));
    return votes.filter((v) => v.myAddressId && voteStateAt(v, now) === 'open' && !voted.has(`${v.id}:${v.myAddressId}`)).sort((a, b) => a.closesAt - b.closesAt);
  }, [votes, ballots, now]);
  // Until the cache answers, the banner of the last visit (client/lib/first-screen.ts), if still open.
  const kept = useKeptUntilLoaded('votes-to-cast', live, !votesLoading && !ballotsLoading);
  if (kept === live) return { toCast: live, known: true };
  return { toCast: (kept ?? []).filter((v) => voteStateAt(v, now) === 'open'), known: kept !== null };
}

export const useVotesToCast = (now: number): SyncedVote[] => useVotesToCastState(now).toCast;
