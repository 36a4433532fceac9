/**
 * The household's ballot: what it chose, who cast it and when, the receipt for the one who cast it;
 * while the vote is open the options to (re)cast it, through the castVote mutator (offline too: the
 * screen says it is kept on the device, and Queued until the server has it).
 */
import { useState } from 'react';
import { choiceLabels, VOTE_MESSAGES, votePolicy } from '../../../schema/votes';
import type { SyncedBallot, SyncedVote } from '../../../sync/areas/votes';
import { useIsQueued, useOnline, useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Alert, Button, Card, CardBody, CardHeader, QueuedBadge } from '../../ui';
import { actingUser } from '../threads';
import { useVoteTime } from './use-votes';

/** `ready`: the vote is in the cache, which the ballot is cast through (a moment after a page loads on the vote). */
export function BallotCard({ vote, household, open, ready }: { vote: SyncedVote; household: SyncedBallot[]; open: boolean; ready: boolean }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const online = useOnline();
  const time = useVoteTime();
  const current = household.find((b) => b.replacedAt == null);
  const [choices, setChoices] = useState<number[]>(current?.choices ?? []);
  const [error, setError] = useState<string | null>(null);
  const queued = useIsQueued('castVote', (a) => a.voteId === vote.id);
  const poll = vote.kind === 'poll';

  const toggle = (i: number) => {
    setError(null);
    if (poll) return setChoices([i]);
    setChoices((c) => (c.includes(i) ? c.filter((x) => x !== i) : [...c, i]));
  };
  const cast = () => {
    const refusal = votePolicy.choicesRefusal(vote, choices);
    if (refusal) return setError(refusal);
    void rep?.mutate.castVote({ id: crypto.randomUUID(), voteId: vote.id, choices, shown: { by: me ? actingUser(me) : undefined } });
  };

  return (
    <Card>
      <CardHeader title={VOTE_MESSAGES.household} description="One ballot per address: the latest cast by anyone living there counts." actions={queued ? <QueuedBadge /> : undefined} />
      <CardBody className="space-y-4">
        {current ? (
          <div className="space-y-1 text-sm">
            <p className="text-neutral-900">
              <span className="font-semibold">{choiceLabels(vote.options, current.choices).join(', ')}</span>
            </p>
            <p className="text-neutral-600">
              Cast by {current.castBy.name || 'you'} on {time(current.castAt)}
              {current.receiptCode && (
                <>
                  {' '}
                  · Receipt <span className="font-mono font-semibold text-neutral-900">{current.receiptCode}</span>
                </>
              )}
            </p>
          </div>
        ) : (
          <p className="text-sm text-neutral-600">{open ? 'Your household has not voted yet.' : 'Your household did not vote.'}</p>
        )}
        {open && (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-neutral-800">{poll ? 'Choose one' : `Choose up to ${vote.maxChoices}`}</legend>
            {vote.options.map((o, i) => (
              <label key={i} className="flex items-center gap-3 rounded-lg border border-neutral-200 px-3 py-2.5 text-sm text-neutral-900 has-checked:border-accent-600 has-checked:bg-accent-50">
                <input type={poll ? 'radio' : 'checkbox'} name="choice" checked={choices.includes(i)} onChange={() => toggle(i)} className="size-4 accent-accent-700" />
                {o}
              </label>
            ))}
          </fieldset>
        )}
        {open && !online && <Alert tone="warning">{VOTE_MESSAGES.offline(time(vote.closesAt))}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {open && (
          <div className="flex justify-end">
            <Button disabled={!ready} onClick={cast}>
              {current ? 'Change Vote' : 'Cast Vote'}
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
