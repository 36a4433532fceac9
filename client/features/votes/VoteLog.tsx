/** The board's view of a vote's append-only log (online: it asks the server): each event, who, when. A secret ballot's casts name no choice. */
import { useEffect, useState } from 'react';
import { VOTE_EVENT_LABELS, type VoteEventType } from '../../../schema/votes';
import { api, errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/replicache';
import { Alert, Card, CardBody, CardHeader, LoadingText } from '../../ui';
import { useVoteTime } from './use-votes';

interface LogEvent {
  _id: string;
  type: VoteEventType;
  at: string;
  actor: { _id: string; name: string } | null;
  detail: { choices?: string[] } | null;
}

export function VoteLog({ voteId, version }: { voteId: string; version: number }) {
  const online = useOnline();
  const time = useVoteTime();
  const [state, setState] = useState<{ events: LogEvent[] } | { error: string } | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    api<{ docs: LogEvent[] }>(`/api/votes/${encodeURIComponent(voteId)}/events`).then(
      (r) => live && setState({ events: r.docs }),
      (e) => live && setState({ error: errorMessage(e, 'Failed to load the log') }),
    );
    return () => {
      live = false;
    };
    // A new version of the vote (a ballot, the close) reads the log again.
  }, [voteId, version, online]);

  let body;
  if (!state) body = online ? <LoadingText label="Loading log..." /> : <p className="text-sm text-neutral-600">The log is shown when you are online.</p>;
  else if ('error' in state) body = <Alert tone="error">{state.error}</Alert>;
  else
    body = (
      <ol className="space-y-2 text-sm">
        {state.events.map((e) => (
          <li key={e._id} className="flex flex-col sm:flex-row sm:justify-between sm:gap-x-3">
            <span className="text-neutral-900">
              {VOTE_EVENT_LABELS[e.type]}
              {e.actor && <span className="text-neutral-600"> · {e.actor.name}</span>}
              {e.detail?.choices && <span className="text-neutral-600"> · {e.detail.choices.join(', ')}</span>}
            </span>
            <span className="text-neutral-600">{time(Date.parse(e.at))}</span>
          </li>
        ))}
      </ol>
    );
  return (
    <Card>
      <CardHeader title="Log" description="Every event of this vote, as recorded. It cannot be changed." />
      <CardBody>{body}</CardBody>
    </Card>
  );
}
