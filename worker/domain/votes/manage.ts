/**
 * Creating, editing and cancelling votes: board and superadmin only (403 first), then the vote
 * through `visibleVotes` (404 for another HOA's), then the state (409: editable and cancellable only
 * while not yet open; a closed vote is never altered).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { votes } from '../../../schema/tables';
import { VOTE_MESSAGES, voteColumnsOf, votePolicy, type VoteForm } from '../../../schema/votes';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, notFound } from '../errors';
import { recordVoteEvent } from './events';
import { openIfDue } from './opening';
import { visibleVotes, voteIs, voteRows } from './sync';

export type VoteRow = typeof votes.$inferSelect;

export function requireVoteManager(actor: Actor) {
  if (!votePolicy.mayManage(actor.role)) throw forbidden(VOTE_MESSAGES.boardOnly);
}

/** One vote the actor may see, or 404 (also another HOA's). */
export async function getVisibleVote(db: DbOrTx, actor: Actor, id: string): Promise<VoteRow> {
  const [row] = await db.select().from(votes).where(and(visibleVotes(actor), eq(votes.id, id))).limit(1);
  if (!row) throw notFound(VOTE_MESSAGES.notFound);
  return row;
}

/** What an edit changed, for the log: the fields' names. */
const changedFields = (before: VoteRow, after: ReturnType<typeof voteColumnsOf>) =>
  (Object.keys(after) as (keyof typeof after)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

/** Creates a vote; `id` comes from the client for offline creation (the mutator), REST leaves it out. */
export async function createVote(deps: AppDeps, tx: Tx, actor: Actor, input: VoteForm & { id?: string }): Promise<VoteRow> {
  requireVoteManager(actor);
  const id = input.id ?? newId();
  if (input.id) {
    const [taken] = await tx.select({ id: votes.id }).from(votes).where(eq(votes.id, id)).limit(1);
    if (taken) throw conflict(VOTE_MESSAGES.idTaken);
  }
  const now = deps.clock();
  const [row] = await voteRows.insert(deps, tx, { id, hoaId: actor.hoaId, ...voteColumnsOf(input), createdBy: actor.userId, createdAt: now, updatedAt: now });
  await recordVoteEvent(deps, tx, { hoaId: actor.hoaId, voteId: id, type: 'created', actorId: actor.userId });
  // A vote whose opening time has come opens at once (its eligible addresses fixed, its mails queued).
  return (await openIfDue(deps, tx, row)) ?? row;
}

/** The vote, for a change by the board: 409 once it has opened (or closed, or was cancelled). */
async function editableVote(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<VoteRow> {
  requireVoteManager(actor);
  const vote = await getVisibleVote(tx, actor, id);
  if (vote.closedAt != null) throw conflict(VOTE_MESSAGES.closedForGood);
  if (vote.cancelledAt != null) throw conflict(VOTE_MESSAGES.cancelled);
  if (!votePolicy.isEditable(vote, deps.clock())) throw conflict(VOTE_MESSAGES.notEditable);
  return vote;
}

/** Still not open in the write itself: an opening committed in between wins. */
const stillUpcoming = (vote: VoteRow) => and(voteIs(vote.hoaId, vote.id), isNull(votes.openedAt), isNull(votes.cancelledAt))!;

export async function updateVote(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: VoteForm): Promise<VoteRow> {
  const vote = await editableVote(deps, tx, actor, id);
  const columns = voteColumnsOf(input);
  const fields = changedFields(vote, columns);
  const [row] = await voteRows.update(deps, tx, stillUpcoming(vote), { ...columns, updatedAt: deps.clock() });
  if (!row) throw conflict(VOTE_MESSAGES.notEditable);
  await recordVoteEvent(deps, tx, { hoaId: vote.hoaId, voteId: id, type: 'edited', actorId: actor.userId, detail: { fields } });
  return (await openIfDue(deps, tx, row)) ?? row;
}

export async function cancelVote(deps: AppDeps, tx: Tx, actor: Actor, id: string): Promise<VoteRow> {
  const vote = await editableVote(deps, tx, actor, id);
  const now = deps.clock();
  const [row] = await voteRows.update(deps, tx, stillUpcoming(vote), { cancelledAt: now, updatedAt: now });
  if (!row) throw conflict(VOTE_MESSAGES.notEditable);
  await recordVoteEvent(deps, tx, { hoaId: vote.hoaId, voteId: id, type: 'cancelled', actorId: actor.userId });
  return row;
}

