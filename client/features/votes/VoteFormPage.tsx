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
import { Alert, Button, ButtonLink, Card, CardBody, FormScreen, LoadingText } from '../../ui';
import { msToZonedInput, zonedInputToMs } from './time';
import { useVote } from './use-votes';
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

export function VoteFormPage() {
  const { id } = useParams<{ id?: string }>();
  const zone = useHoaTimeZone();
  const { vote, loading } = useVote(id ?? '');
  const title = id ? 'Edit Vote' : 'New Vote';
  const crumbs = [{ label: 'Votes', href: '/votes' }, { label: title }];
  let body;
  if (!id) body = <VoteForm zone={zone} />;
  else if (!vote) body = loading ? <LoadingText label="Loading vote..." /> : <Alert tone="error">{VOTE_MESSAGES.notFound}</Alert>;
  else if (!votePolicy.isEditable(vote, Date.now())) body = <Alert tone="warning">{VOTE_MESSAGES.notEditable}</Alert>;
  else body = <VoteForm key={vote.id} vote={vote} zone={zone} />;
  return (
    <FormScreen title={title} breadcrumb={crumbs}>
      {body}
    </FormScreen>
  );
}
