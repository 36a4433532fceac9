/**
 * /votes/new and /votes/:id/edit (board and superadmin): the vote's question, options, who may vote,
 * times (the HOA's time zone), quorum, ballot and results. Written through the createVote /
 * updateVote mutators with a client-made id, offline too. A vote that has opened is not editable.
 */
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { VOTE_MESSAGES, voteFormSchema, votePolicy } from '../../../schema/votes';
import type { SyncedVote } from '../../../sync/areas/votes';
import { useHoaTimeZone } from '../../lib/hoa-day';
import { withBanner } from '../../lib/use-nav-banner';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, ButtonLink, Card, CardBody, FormScreen, Unavailable } from '../../ui';
import { msToZonedInput, zonedInputToMs } from './time';
import { useVoteEntity, VOTE_UNAVAILABLE } from './use-vote-entity';
import { VoteFields, type VoteFormValues } from './VoteFields';

const FIELDS: FieldMap<VoteFormValues> = {
  question: 'question',
  description: 'description',
  kind: 'kind',
  options: 'options',
  max_choices: 'max_choices',
  opens_at: 'opens_at',
  closes_at: 'closes_at',
  quorum_percent: 'quorum_percent',
};
const HOUR = 3_600_000;

function initialOf(vote: SyncedVote | undefined, zone: string): VoteFormValues {
  const start = Math.ceil((Date.now() + HOUR) / HOUR) * HOUR;
  return {
    question: vote?.question ?? '',
    description: vote?.description ?? '',
    kind: vote?.kind ?? 'poll',
    options: vote?.options ?? ['', ''],
    max_choices: String(vote?.maxChoices ?? 1),
    include_renters: vote?.includeRenters ?? false,
    opens_at: msToZonedInput(vote?.opensAt ?? start, zone),
    closes_at: msToZonedInput(vote?.closesAt ?? start + 7 * 24 * HOUR, zone),
    quorum_percent: String(vote?.quorumPercent ?? 30),
    secret: vote?.secret ?? true,
    results_live: vote?.resultsLive ?? false,
  };
}

function VoteForm({ vote, zone }: { vote?: SyncedVote; zone: string }) {
  const [, navigate] = useLocation();
  const [id] = useState(() => vote?.id ?? crypto.randomUUID());
  const back = vote ? `/votes/${vote.id}` : '/votes';
  const { values, set, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: initialOf(vote, zone),
    schema: voteFormSchema,
    toInput: (v: VoteFormValues) => ({
      ...v,
      description: v.description,
      max_choices: Number(v.max_choices),
      quorum_percent: v.quorum_percent.trim() === '' ? NaN : Number(v.quorum_percent),
      opens_at: zonedInputToMs(v.opens_at, zone),
      closes_at: zonedInputToMs(v.closes_at, zone),
    }),
    fieldOf: FIELDS,
    mutate: (rep, data) => (vote ? rep.mutate.updateVote({ id, ...data }) : rep.mutate.createVote({ id, ...data })),
    failureMessage: vote ? 'Failed to save the vote' : 'Failed to create the vote',
    onSaved: () => navigate(`/votes/${id}`, withBanner(vote ? VOTE_MESSAGES.saved : VOTE_MESSAGES.created)),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Card>
        <CardBody className="space-y-5 py-5">
          <VoteFields values={values} set={set} errors={errors} busy={busy} zoneLabel={zone.replace(/_/g, ' ')} />
          {formError && <Alert tone="error">{formError}</Alert>}
        </CardBody>
        <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 px-5 py-4 sm:flex-row sm:justify-end">
          <ButtonLink href={back} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" busy={busy} busyText="Saving...">
            {vote ? 'Save Vote' : 'Create Vote'}
          </Button>
        </div>
      </Card>
    </form>
  );
}

const crumbsOf = (title: string) => [{ label: 'Votes', href: '/votes' }, { label: title }];

export function VoteFormPage() {
  const { id } = useParams<{ id?: string }>();
  const zone = useHoaTimeZone();
  if (id) return <EditVote id={id} zone={zone} />;
  return (
    <FormScreen title="New Vote" breadcrumb={crumbsOf('New Vote')}>
      <VoteForm zone={zone} />
    </FormScreen>
  );
}

function EditVote({ id, zone }: { id: string; zone: string }) {
  const loaded = useVoteEntity(id);
  const crumbs = crumbsOf('Edit Vote');
  if (loaded.unavailable) return <Unavailable state={loaded.unavailable} words={VOTE_UNAVAILABLE} title="Edit Vote" breadcrumb={crumbs} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  const { vote } = loaded.entity;
  return (
    <FormScreen title="Edit Vote" breadcrumb={crumbs}>
      {votePolicy.isEditable(vote, Date.now()) ? <VoteForm key={vote.id} vote={vote} zone={zone} /> : <Alert tone="warning">{VOTE_MESSAGES.notEditable}</Alert>}
    </FormScreen>
  );
}
