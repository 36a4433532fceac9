/**
 * /votes (every member): the HOA's votes, newest first, from the local cache (offline too): the
 * question, state, closing time and turnout; the board's New Vote. A header link leads to Meetings.
 */
import { useMemo } from 'react';
import { turnoutLabel, VOTE_KIND_LABELS, VOTE_KINDS, VOTE_STATE_LABELS, VOTE_STATES, voteStateAt } from '../../../schema/votes';
import type { SyncedVote } from '../../../sync/areas/votes';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { useHasRole } from '../../lib/session';
import { useNavBanner } from '../../lib/use-nav-banner';
import { Alert, ButtonLink, type Column, EmptyState, FilterBar, ListScreen, type SelectFilterDef, titleColumn, ViewLink } from '../../ui';
import { VoteStateBadge } from './badges';
import { OpenVoteBanner } from './OpenVoteBanner';
import { useVoteList, useVoteTime } from './use-votes';

type FilterName = 'state' | 'kind';

/** Search by question; the state as of now (the times decide it) and the kind. */
export const VOTE_FILTERS: ListFilterConfig<SyncedVote, FilterName> = {
  search: (v) => v.question,
  selects: { state: (v) => voteStateAt(v, Date.now()), kind: (v) => v.kind },
};
export const VOTE_SELECTS: readonly SelectFilterDef<FilterName>[] = [
  { name: 'state', label: 'Status', options: VOTE_STATES.map((s) => ({ value: s, label: VOTE_STATE_LABELS[s] })) },
  { name: 'kind', label: 'Kind', options: VOTE_KINDS.map((k) => ({ value: k, label: VOTE_KIND_LABELS[k] })) },
];

const view = (v: SyncedVote) => <ViewLink href={`/votes/${v.id}`} name={v.question} />;

export function voteColumns(time: (at: number) => string, now: number): Column<SyncedVote>[] {
  const state = (v: SyncedVote) => <VoteStateBadge state={voteStateAt(v, now)} />;
  const turnout = (v: SyncedVote) => (v.openedAt != null ? turnoutLabel(v.voted, v.eligible) : v.cancelledAt == null ? 'Not open yet' : '—');
  const upcoming = (v: SyncedVote) => v.openedAt == null && v.cancelledAt == null;
  return [
    titleColumn<SyncedVote>({
      header: 'Question',
      main: (v) => (
        <div className="sm:max-w-md">
          <p className="font-medium text-neutral-900 sm:truncate">{v.question}</p>
          <p className="text-sm font-normal text-neutral-600">{VOTE_KIND_LABELS[v.kind]}</p>
        </div>
      ),
      phone: (v) => (
        <>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {state(v)}
            <span>{upcoming(v) ? `Opens ${time(v.opensAt)}` : `Closes ${time(v.closesAt)}`}</span>
          </div>
          {!upcoming(v) && <p>{turnout(v)}</p>}
        </>
      ),
      action: view,
    }),
    { header: 'Status', hideOnPhone: true, cell: state },
    { header: 'Closes', hideOnPhone: true, className: 'whitespace-nowrap', cell: (v) => time(v.closesAt) },
    { header: 'Turnout', hideOnPhone: true, className: 'whitespace-nowrap', cell: turnout },
    { header: 'View', hideOnPhone: true, className: 'text-right', cell: view },
  ];
}

export function VotesPage() {
  const board = useHasRole('board');
  const filters = useListFilters(VOTE_FILTERS);
  const list = useVoteList({ filter: filters.filter, reverse: filters.reverse, pageSize: LIST_PAGE_SIZE });
  const time = useVoteTime();
  const [banner, clearBanner] = useNavBanner();
  const columns = useMemo(() => voteColumns(time, Date.now()), [time]);
  const create = board ? <ButtonLink href="/votes/new">New Vote</ButtonLink> : undefined;
  return (
    <ListScreen
      title="Votes"
      subtitle="Polls and elections of the community: one ballot per address"
      actions={
        <>
          <ButtonLink href="/meetings" variant="secondary">
            Meetings
          </ButtonLink>
          {create}
        </>
      }
      banner={
        <>
          {banner && (
            <Alert tone="success" onDismiss={clearBanner}>
              {banner}
            </Alert>
          )}
          <OpenVoteBanner />
        </>
      }
      filters={<FilterBar filters={filters.store} list="votes" label="Filter votes" selects={VOTE_SELECTS} searchPlaceholder="Search by question..." />}
      tableTitle="All Votes"
      columns={columns}
      rowKey={(v) => v.id}
      rows={list}
      empty={<EmptyState title={list.size === 0 ? "No votes yet" : "No votes found"} action={list.size === 0 ? create : undefined} />}
      exhaustedText="No more votes"
      loadMoreLabel="Load More"
    />
  );
}
