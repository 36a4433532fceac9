/**
 * /applications: architectural applications from the local cache (offline too), newest first. The
 * board sees the HOA's, with the resident and address, and its review settings; a resident sees their
 * own. Columns: title, resident, address, submitted, deadline with "N days left" and its flag, status.
 */
import { useMemo } from 'react';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, applicationPolicy, daysLeftText } from '../../../schema/applications';
import { formatDay } from '../../../schema/days';
import type { SyncedApplication } from '../../../sync/areas/applications';
import { formatAddress, formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { useNavBanner } from '../../lib/use-nav-banner';
import { Alert, ButtonLink, type Column, EmptyState, FilterBar, ListScreen, type SelectFilterDef, titleColumn, ViewLink } from '../../ui';
import { ApplicationStatusBadge, DeadlineFlag, DeadlineText } from './badges';
import { ReviewSettingsCard } from './ReviewSettingsCard';
import { useApplicationList } from './use-applications';

export const APPLICATION_FILTERS: ListFilterConfig<SyncedApplication, 'status'> = { search: (a) => a.title, selects: { status: (a) => a.status } };
export const APPLICATION_SELECTS: readonly SelectFilterDef<'status'>[] = [{ name: 'status', label: 'Status', options: APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] })) }];

const addressOf = (a: SyncedApplication) => formatAddress(a.address && { street: a.address.street, unit_number: a.address.unitNumber });
const view = (a: SyncedApplication) => <ViewLink href={`/applications/${a.id}`} name={a.title} />;

export function applicationColumns(board: boolean, now: number): Column<SyncedApplication>[] {
  const status = (a: SyncedApplication) => (
    <span className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
      <ApplicationStatusBadge status={a.status} />
      {a.status === 'under_review' && <DeadlineFlag application={a} now={now} />}
    </span>
  );
  return [
    titleColumn<SyncedApplication>({
      main: (a) => <p className="font-medium text-neutral-900 sm:max-w-xs sm:truncate">{a.title}</p>,
      phone: (a) => (
        <>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">{status(a)}</div>
          {board && <p>{[a.resident.name, addressOf(a)].filter(Boolean).join(' · ')}</p>}
          <p>Submitted {formatDate(a.submittedAt)}</p>
          <p>
            Deadline {formatDay(a.deadline)}
            {applicationPolicy.isOpen(a) && ` · ${daysLeftText(a.deadline, now)}`}
          </p>
        </>
      ),
      action: view,
    }),
    ...(board
      ? [
          { header: 'Resident', hideOnPhone: true, className: 'whitespace-nowrap', cell: (a: SyncedApplication) => a.resident.name || '—' },
          { header: 'Address', hideOnPhone: true, className: 'whitespace-nowrap', cell: (a: SyncedApplication) => addressOf(a) ?? '—' },
        ]
      : []),
    { header: 'Submitted', hideOnPhone: true, className: 'whitespace-nowrap', cell: (a) => formatDate(a.submittedAt) },
    { header: 'Deadline', hideOnPhone: true, cell: (a) => <DeadlineText application={a} now={now} /> },
    { header: 'Status', hideOnPhone: true, cell: status },
    { header: 'View', hideOnPhone: true, className: 'text-right', cell: view },
  ];
}

export function ApplicationsPage() {
  const me = useCurrentUser();
  const board = !!me && applicationPolicy.seesReviews(me.role);
  const filters = useListFilters(APPLICATION_FILTERS);
  const list = useApplicationList({ filter: filters.filter, reverse: filters.reverse, pageSize: LIST_PAGE_SIZE });
  const [banner, clearBanner] = useNavBanner();
  // Days left are counted from when the screen opened (rows are memoized on the columns).
  const columns = useMemo(() => applicationColumns(board, Date.now()), [board]);
  const submit = <ButtonLink href="/applications/create">Submit Application</ButtonLink>;
  return (
    <ListScreen
      title="Architectural Applications"
      subtitle={board ? 'Review residents’ plans for changes to their homes' : 'Plans for changes to your home, and the board’s decisions'}
      actions={submit}
      banner={
        <>
          {banner && (
            <Alert tone="success" onDismiss={clearBanner}>
              {banner}
            </Alert>
          )}
          {me && applicationPolicy.mayManage(me.role) && <ReviewSettingsCard hoaId={me.hoa_id} />}
        </>
      }
      filters={<FilterBar filters={filters.store} list="applications" label="Filter applications" selects={APPLICATION_SELECTS} />}
      tableTitle={board ? 'All Applications' : 'My Applications'}
      columns={columns}
      rowKey={(a) => a.id}
      rows={list}
      empty={<EmptyState title={list.size === 0 ? 'No applications yet' : 'No applications found'} description={list.size === 0 ? 'Planning a deck, fence, solar panels or new paint? Submit your plans for the board’s review before the work starts.' : undefined} action={submit} />}
      exhaustedText="No more applications"
      loadMoreLabel="Load More"
    />
  );
}
