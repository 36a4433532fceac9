/**
 * Turnout and quorum (live, for everyone), the counts per option once they may be shown (live, or at
 * close), the results announcement once published; for the board on an open ballot, who voted what.
 */
import { Link } from 'wouter';
import { choiceLabels, quorumReached, turnoutLabel } from '../../../schema/votes';
import type { SyncedBallot, SyncedVote } from '../../../sync/areas/votes';
import { Badge, Card, CardBody, CardHeader } from '../../ui';

export function ResultsCard({ vote }: { vote: SyncedVote }) {
  const reached = quorumReached(vote.voted, vote.eligible, vote.quorumPercent);
  const total = vote.counts?.reduce((a, b) => a + b, 0) ?? 0;
  return (
    <Card>
      <CardHeader title="Results" actions={vote.openedAt != null && <Badge variant={reached ? 'success' : 'warning'}>{reached ? 'Quorum reached' : 'Quorum not reached'}</Badge>} />
      <CardBody className="space-y-4">
        <p className="text-sm text-neutral-900">
          <span className="font-semibold">{vote.openedAt == null ? 'Not open yet' : turnoutLabel(vote.voted, vote.eligible)}</span>
          <span className="text-neutral-600"> · quorum {vote.quorumPercent}% of eligible addresses</span>
        </p>
        {vote.counts ? (
          <ul className="space-y-3">
            {vote.options.map((o, i) => {
              const n = vote.counts?.[i] ?? 0;
              return (
                <li key={i} className="space-y-1">
                  <div className="flex justify-between gap-3 text-sm">
                    <span className="text-neutral-900">{o}</span>
                    <span className="tabular font-semibold text-neutral-900">
                      {n} {n === 1 ? 'vote' : 'votes'}
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-neutral-200" aria-hidden="true">
                    <div className="h-full rounded-full bg-accent-600" style={{ width: `${total ? Math.round((n / total) * 100) : 0}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-neutral-600">The counts are shown when the vote closes.</p>
        )}
        {vote.announcementId && (
          <Link href={`/announcements/${vote.announcementId}`} className="inline-block text-sm font-medium text-accent-700 underline-offset-4 hover:underline">
            Read the results announcement
          </Link>
        )}
      </CardBody>
    </Card>
  );
}

/** An open ballot's counting ballots, for the board: who voted what. */
export function OpenBallotsCard({ vote, ballots }: { vote: SyncedVote; ballots: SyncedBallot[] }) {
  const counting = ballots.filter((b) => b.replacedAt == null).sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  return (
    <Card>
      <CardHeader title="Ballots" description="An open ballot: the board sees who voted what." />
      {counting.length === 0 ? (
        <CardBody>
          <p className="text-sm text-neutral-600">No ballots yet.</p>
        </CardBody>
      ) : (
        <ul className="divide-y divide-neutral-200">
          {counting.map((b) => (
            <li key={b.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-5 py-3 text-sm">
              <span className="text-neutral-900">
                {b.address} <span className="text-neutral-600">· {b.castBy.name}</span>
              </span>
              <span className="font-medium text-neutral-900">{choiceLabels(vote.options, b.choices).join(', ')}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
