/**
 * One vote for its screen and its edit form: the vote and the ballots the cache holds for it, from
 * the cache so it opens offline; over REST while the cache has not received it (a page loaded on the
 * vote itself paints before the engine opens the cache, the kit's useSyncedEntity).
 */
import { useMemo } from 'react';
import { valueOfRest } from '../../../schema/rest-shape';
import { BALLOT_REST, syncedBallotSchema, syncedVoteSchema, VOTE_REST, type ApiVoteDetail, type SyncedBallot, type SyncedVote } from '../../../sync/areas/votes';
import { api } from '../../lib/api';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import type { UnavailableWords } from '../../ui';
import { useBallots, useVote } from './use-votes';

export interface VoteView {
  vote: SyncedVote;
  /** Newest first: the household's, and for the board an open ballot's every address's (the cache's only). */
  ballots: SyncedBallot[];
}

export const VOTE_UNAVAILABLE: UnavailableWords = {
  loading: 'Loading vote...',
  failed: 'Failed to load vote',
  offline: 'This vote is not available offline.',
  back: { href: '/votes', label: 'Back to Votes' },
};

export const fetchVote = (id: string) => api<ApiVoteDetail>(`/api/votes/${encodeURIComponent(id)}`);

export const voteViewOfApi = (answer: ApiVoteDetail): VoteView => ({
  vote: valueOfRest(syncedVoteSchema, answer, VOTE_REST),
  ballots: answer.household_ballots.map((b) => valueOfRest(syncedBallotSchema, b, BALLOT_REST)),
});

export function useVoteEntity(id: string) {
  const { vote, loading } = useVote(id);
  const ballots = useBallots(id);
  const data = useMemo(() => (vote ? { vote, ballots } : undefined), [vote, ballots]);
  return useSyncedEntity({ id, cached: { data, loading }, fetch: fetchVote, fromRemote: voteViewOfApi, version: vote?.version });
}
