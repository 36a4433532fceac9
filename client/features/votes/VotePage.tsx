/**
 * /votes/:id: the question and its details, the household's ballot (cast or changed here, offline
 * too), turnout and quorum, the counts once shown, Check a receipt; the board's Edit and Cancel Vote
 * before it opens, and an open ballot's ballots. Everything but the receipt check from the cache;
 * over REST while the cache has not received the vote.
 */
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { VOTE_KIND_LABELS, VOTE_MESSAGES, votePolicy, voteStateAt } from '../../../schema/votes';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { useNavBanner, withBanner } from '../../lib/use-nav-banner';
import { Alert, Button, ButtonLink, Card, CardBody, Dialog, DialogActions, DetailScreen, Unavailable } from '../../ui';
import { VoteStateBadge } from './badges';
import { BallotCard } from './BallotCard';
import { ReceiptCheck } from './ReceiptCheck';
import { OpenBallotsCard, ResultsCard } from './ResultsCard';
import { householdOf, useVoteTime } from './use-votes';
import { useVoteEntity, VOTE_UNAVAILABLE } from './use-vote-entity';
import { VoteLog } from './VoteLog';

const crumbs = (title: string) => [{ label: 'Votes', href: '/votes' }, { label: title }];

export function VotePage() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useVoteEntity(id);
  const me = useCurrentUser();
  const rep = useReplicache();
  const time = useVoteTime();
  const [, navigate] = useLocation();
  const [banner, clearBanner] = useNavBanner();
  const [cancelling, setCancelling] = useState(false);

  if (loaded.unavailable) {
    return <Unavailable state={loaded.unavailable} words={VOTE_UNAVAILABLE} title="Vote" breadcrumb={crumbs('Vote')} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  }
  const { vote, ballots } = loaded.entity;

  const now = Date.now();
  const state = voteStateAt(vote, now);
  const can = me ? votePolicy.actionsFor({ ...vote, mayVote: vote.myAddressId != null }, me.role, now) : { edit: false, cancel: false, vote: false };
  const household = householdOf(ballots, vote.myAddressId);
  const board = me ? votePolicy.mayManage(me.role) : false;
  const notEligible = state === 'open' && vote.openedAt != null && !vote.myAddressId;

  return (
    <DetailScreen
      title={vote.question}
      breadcrumb={crumbs(vote.question)}
      badges={<VoteStateBadge state={state} />}
      actions={
        (can.edit || can.cancel) && (
          <>
            {can.edit && (
              <ButtonLink href={`/votes/${vote.id}/edit`} variant="secondary">
                Edit
              </ButtonLink>
            )}
            {can.cancel && (
              <Button variant="secondary" disabled={!loaded.inCache} onClick={() => setCancelling(true)}>
                Cancel Vote
              </Button>
            )}
          </>
        )
      }
      alerts={
        <>
          {banner && (
            <Alert tone="success" onDismiss={clearBanner}>
              {banner}
            </Alert>
          )}
          {state === 'cancelled' && <Alert tone="warning">{VOTE_MESSAGES.cancelled}</Alert>}
          {notEligible && <Alert tone="info">{VOTE_MESSAGES.notEligible}</Alert>}
        </>
      }
      details={[
        { label: 'Kind', value: vote.kind === 'election' ? `${VOTE_KIND_LABELS.election} · choose up to ${vote.maxChoices}` : VOTE_KIND_LABELS.poll },
        { label: 'Opens', value: time(vote.opensAt) },
        { label: 'Closes', value: time(vote.closesAt) },
        { label: 'Who may vote', value: vote.includeRenters ? 'Every household, renters included: one ballot per address' : 'Owner households (not rented): one ballot per address' },
        { label: 'Ballot', value: vote.secret ? 'Secret: only the counts are shown' : 'Open: the board sees who voted what' },
        { label: 'Results', value: vote.resultsLive ? 'Shown live' : 'Shown when the vote closes' },
        { label: 'Quorum', value: `${vote.quorumPercent}% of eligible addresses` },
      ]}
      aside={<ReceiptCheck voteId={vote.id} />}
    >
      {vote.description && (
        <Card>
          <CardBody>
            <p className="text-sm whitespace-pre-line text-neutral-800">{vote.description}</p>
          </CardBody>
        </Card>
      )}
      {vote.myAddressId && <BallotCard key={household[0]?.id ?? 'none'} vote={vote} household={household} open={can.vote} ready={loaded.inCache} />}
      <ResultsCard vote={vote} />
      {board && !vote.secret && vote.openedAt != null && loaded.inCache && <OpenBallotsCard vote={vote} ballots={ballots} />}
      {board && <VoteLog voteId={vote.id} version={vote.version} />}
      <Dialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        title="Cancel Vote"
        description="The vote will not open. This cannot be undone."
        footer={
          <DialogActions
            onCancel={() => setCancelling(false)}
            label="Cancel Vote"
            onClick={() => {
              void rep?.mutate.cancelVote({ id: vote.id });
              setCancelling(false);
              navigate(`/votes/${vote.id}`, withBanner(VOTE_MESSAGES.cancelledDone));
            }}
          />
        }
      />
    </DetailScreen>
  );
}
