/**
 * Closing: a vote closes at its closing time only (the board cannot close it early). The job settles
 * each vote whose time has come: the counts, the turnout and whether the quorum was reached are
 * published as an announcement to everyone ("Results: <question>", through the announcements
 * domain), and the vote is marked closed in the same transaction. From then on the migration's
 * triggers refuse any change to it, its eligible addresses and its ballots.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import { announcementFormSchema } from '../../../schema/announcements';
import { voteBallots, voteEligible, votes } from '../../../schema/tables';
import { quorumReached, resultsText, resultsTitle } from '../../../schema/votes';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { createAnnouncementDraft, sendAnnouncement } from '../announcements';
import { recordVoteEvent } from './events';
import { openIfDue, settleDueVotes } from './opening';
import { voteIs, voteRows } from './sync';

type VoteRow = typeof votes.$inferSelect;

export interface VoteCounts {
  eligible: number;
  voted: number;
  counts: number[];
  quorumReached: boolean;
}

/** The tally from the ballots that count (each address's latest). */
export async function countVote(db: DbOrTx, vote: VoteRow): Promise<VoteCounts> {
  const ballots = await db.select({ choices: voteBallots.choices }).from(voteBallots).where(and(eq(voteBallots.hoaId, vote.hoaId), eq(voteBallots.voteId, vote.id), isNull(voteBallots.replacedAt)));
  const eligible = (await db.select({ a: voteEligible.addressId }).from(voteEligible).where(eq(voteEligible.voteId, vote.id))).length;
  const counts = vote.options.map(() => 0);
  for (const b of ballots) for (const c of b.choices) if (c in counts) counts[c]++;
  return { eligible, voted: ballots.length, counts, quorumReached: quorumReached(ballots.length, eligible, vote.quorumPercent) };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const TITLE_MAX = 200;

/** The results announcement's title and message (rich text): counts per option, turnout, quorum. */
export function resultsAnnouncement(vote: Pick<VoteRow, 'question' | 'options' | 'quorumPercent'>, tally: VoteCounts): { title: string; message: string } {
  const lines = resultsText({ options: vote.options, counts: tally.counts, eligible: tally.eligible, voted: tally.voted, quorumPercent: vote.quorumPercent });
  const title = resultsTitle(vote.question);
  return {
    title: title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title,
    message: `<p>The vote <strong>${escapeHtml(vote.question)}</strong> closed.</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
  };
}

/** Closes one vote whose time has come: results announced, then the row frozen. Null when not due. */
export async function closeIfDue(deps: AppDeps, tx: Tx, vote: VoteRow): Promise<VoteRow | null> {
  const now = deps.clock();
  if (vote.closedAt != null || vote.cancelledAt != null || now < vote.closesAt) return null;
  const opened = (await openIfDue(deps, tx, vote)) ?? vote;
  const tally = await countVote(tx, opened);
  const publisher = { userId: opened.createdBy, hoaId: opened.hoaId, role: 'board' as const, sessionId: '' };
  const form = announcementFormSchema.parse({ ...resultsAnnouncement(opened, tally), category: 'general', audience_type: 'all' });
  const draft = await createAnnouncementDraft(deps, tx, publisher, form);
  await sendAnnouncement(deps, tx, publisher, draft.id);
  const [closed] = await voteRows.update(deps, tx, and(voteIs(opened.hoaId, opened.id), isNull(votes.closedAt))!, { closedAt: now, announcementId: draft.id, updatedAt: now });
  if (!closed) return null;
  await recordVoteEvent(deps, tx, { hoaId: opened.hoaId, voteId: opened.id, type: 'closed', actorId: null });
  await recordVoteEvent(deps, tx, {
    hoaId: opened.hoaId,
    voteId: opened.id,
    type: 'results_published',
    actorId: null,
    detail: { announcement_id: draft.id, counts: tally.counts, eligible: tally.eligible, voted: tally.voted, quorum_reached: tally.quorumReached },
  });
  return closed;
}

/** Job: closes every vote whose closing time has come. */
export const closeDueVotes = (deps: AppDeps) =>
  settleDueVotes(deps, and(isNull(votes.closedAt), isNull(votes.cancelledAt), lte(votes.closesAt, deps.clock()))!, (tx, vote) => closeIfDue(deps, tx, vote));
