/**
 * Reading votes over REST, built from the values the pull sends (`voteValuesSql`, `ballotValuesSql`),
 * so REST and the cache say the same: aggregates only for a secret ballot, whoever asks. The board's
 * results of an open ballot list who voted what.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { restAnswer } from '../../../schema/rest-shape';
import { voteBallots, votes } from '../../../schema/tables';
import { choiceLabels, quorumReached, votePolicy, voteStateAt, type VoteState } from '../../../schema/votes';
import { BALLOT_REST, VOTE_REST, type ApiVote, type ApiVoteDetail, type SyncedBallot, type SyncedVote } from '../../../sync/areas/votes';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { getVisibleVote, requireVoteManager } from './manage';
import { ballotValuesSql, visibleBallots, visibleVotes, voteValuesSql } from './sync';
import { voteEventsOf, type ApiVoteEvent } from './events';

export type { ApiBallot, ApiVote, ApiVoteDetail } from '../../../sync/areas/votes';

async function valuesOf<V>(db: DbOrTx, statement: SQL): Promise<V[]> {
  const rows: { id: string; json: string }[] = await db.all(statement);
  return rows.map((r) => JSON.parse(r.json) as V);
}

const toApiVote = (v: SyncedVote, now: number): ApiVote => ({ ...restAnswer(v, VOTE_REST), state: voteStateAt(v, now) });

/** GET /api/votes: the HOA's votes, newest first (created, then id). */
export async function listVotes(deps: Pick<AppDeps, 'clock'>, db: DbOrTx, actor: Actor): Promise<{ docs: ApiVote[] }> {
  const ids = sql`SELECT ${votes.id} AS row_id FROM ${votes} WHERE ${visibleVotes(actor)}`;
  const values = await valuesOf<SyncedVote>(db, voteValuesSql(actor, ids));
  values.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const now = deps.clock();
  return { docs: values.map((v) => toApiVote(v, now)) };
}

/** GET /api/votes/:id: the vote and the household's ballots the viewer holds (their own address's). */
export async function getVote(deps: Pick<AppDeps, 'clock'>, db: DbOrTx, actor: Actor, id: string): Promise<ApiVoteDetail> {
  const row = await getVisibleVote(db, actor, id);
  const [value] = await valuesOf<SyncedVote>(db, voteValuesSql(actor, sql`SELECT ${row.id} AS row_id`));
  const own = and(visibleBallots({ ...actor, role: 'resident' }), eq(voteBallots.voteId, row.id));
  const ballots = await valuesOf<SyncedBallot>(db, ballotValuesSql(actor, sql`SELECT ${voteBallots.id} AS row_id FROM ${voteBallots} WHERE ${own}`));
  ballots.sort((a, b) => b.castAt - a.castAt || (a.id < b.id ? 1 : -1));
  return { ...toApiVote(value, deps.clock()), household_ballots: ballots.map((b) => restAnswer(b, BALLOT_REST)) };
}

export interface ApiVoteResults {
  vote_id: string;
  state: VoteState;
  eligible: number;
  voted: number;
  quorum_percent: number;
  quorum_reached: boolean;
  /** Per option; null until the results may be shown (live, or closed). */
  counts: { option: string; count: number }[] | null;
  /** An open ballot's, for the board: who voted what (the counting ballots). Never for a secret ballot. */
  ballots?: { address: string; cast_by: { _id: string; name: string }; choices: string[]; cast_at: string }[];
}

/** GET /api/votes/:id/results: turnout and quorum live; counts when shown; an open ballot's ballots for the board. */
export async function getResults(deps: Pick<AppDeps, 'clock'>, db: DbOrTx, actor: Actor, id: string): Promise<ApiVoteResults> {
  const row = await getVisibleVote(db, actor, id);
  const [v] = await valuesOf<SyncedVote>(db, voteValuesSql(actor, sql`SELECT ${row.id} AS row_id`));
  const answer: ApiVoteResults = {
    vote_id: v.id,
    state: voteStateAt(v, deps.clock()),
    eligible: v.eligible,
    voted: v.voted,
    quorum_percent: v.quorumPercent,
    quorum_reached: quorumReached(v.voted, v.eligible, v.quorumPercent),
    counts: v.counts ? v.options.map((option, i) => ({ option, count: v.counts?.[i] ?? 0 })) : null,
  };
  if (!v.secret && votePolicy.mayManage(actor.role)) {
    const counting = and(visibleBallots(actor), eq(voteBallots.voteId, row.id), isNull(voteBallots.replacedAt));
    const ballots = await valuesOf<SyncedBallot>(db, ballotValuesSql(actor, sql`SELECT ${voteBallots.id} AS row_id FROM ${voteBallots} WHERE ${counting}`));
    ballots.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
    answer.ballots = ballots.map((b) => ({ address: b.address, cast_by: { _id: b.castBy.id, name: b.castBy.name }, choices: choiceLabels(v.options, b.choices), cast_at: new Date(b.castAt).toISOString() }));
  }
  return answer;
}

/** GET /api/votes/:id/events: the log, board and superadmin only. */
export async function listVoteEvents(db: DbOrTx, actor: Actor, id: string): Promise<{ docs: ApiVoteEvent[] }> {
  requireVoteManager(actor);
  const row = await getVisibleVote(db, actor, id);
  return { docs: await voteEventsOf(db, row.hoaId, row.id) };
}
