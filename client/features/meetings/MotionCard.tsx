/**
 * A motion: its text, mover and seconder, each present member's vote (Yes / No / Abstain / Recused,
 * one row per member), the tally and the outcome the policy computes, live; Close motion fixes it.
 */
import { meetingPolicy, tallyLabel, tallyVotes, VOTE_LABELS, VOTES, MEETING_LINK_KINDS, type MeetingLinkKind } from '../../../schema/meetings';
import type { SyncedMotion, SyncedVote } from '../../../sync/areas/meetings';
import { useReplicache } from '../../lib/replicache';
import { Button } from '../../ui';
import { choiceClasses } from './AttendanceCard';
import { OutcomeBadge } from './badges';
import type { Seat } from './use-meetings';

export function MotionCard({ motion, votes, voters, editable, linkKind }: { motion: SyncedMotion; votes: SyncedVote[]; voters: Seat[]; editable: boolean; linkKind: MeetingLinkKind | null }) {
  const rep = useReplicache();
  const open = motion.outcome === null;
  const outcome = motion.outcome ?? meetingPolicy.outcomeOf(votes);
  const voteOf = new Map(votes.map((v) => [v.userId, v.vote]));
  // Who voted though not (or no longer) marked present still shows.
  const rows = [...voters, ...votes.filter((v) => !voters.some((s) => s.id === v.userId)).map((v) => ({ id: v.userId, name: 'Board member', present: null }))];
  const acts = linkKind && meetingPolicy.actsOnLink(linkKind, motion.applyToLink);
  return (
    <article aria-label={`Motion: ${motion.text}`} className="space-y-3 rounded-lg border border-neutral-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-neutral-900">{motion.text}</p>
        <div className="flex items-center gap-2" aria-live="polite">
          {open && <span className="text-xs text-neutral-500">So far</span>}
          <OutcomeBadge outcome={outcome} />
        </div>
      </div>
      <p className="text-sm text-neutral-600">
        Moved by {motion.movedBy.name || 'a board member'}, seconded by {motion.secondedBy.name || 'a board member'}
        {acts && ` · If carried: ${MEETING_LINK_KINDS[linkKind].carried.toLowerCase()}`}
      </p>
      <ul className="space-y-2">
        {rows.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-neutral-800">{s.name}</span>
            {open && editable ? (
              <div role="radiogroup" aria-label={`Vote of ${s.name}`} className="flex flex-wrap gap-1.5">
                {VOTES.map((v) => (
                  <button key={v} type="button" role="radio" aria-checked={voteOf.get(s.id) === v} className={choiceClasses(voteOf.get(s.id) === v)} onClick={() => rep?.mutate.castMeetingVote({ motionId: motion.id, userId: s.id, vote: v })}>
                    {VOTE_LABELS[v]}
                  </button>
                ))}
              </div>
            ) : (
              <span className="text-sm font-medium text-neutral-700">{voteOf.has(s.id) ? VOTE_LABELS[voteOf.get(s.id)!] : '—'}</span>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 pt-3">
        <p className="text-sm text-neutral-600">{tallyLabel(tallyVotes(votes))}</p>
        {open && editable && (
          <Button size="sm" variant="secondary" onClick={() => rep?.mutate.closeMotion({ id: motion.id })}>
            Close motion
          </Button>
        )}
      </div>
    </article>
  );
}
