/**
 * /requests, read from the local cache through the list kit, so filters apply at
 * once and work offline: title search (300 ms), Categories and Status, Newest/Oldest, Clear Filters,
 * Load More by 10. Board and superadmin also see the resident and address, the counters, Recent
 * Activity (the first three) and the count per category.
 */
import { REQUEST_CATEGORIES, REQUEST_MESSAGES, REQUEST_STATUS_LABELS, REQUEST_STATUSES, requestPolicy } from '../../../schema/requests';
import type { SyncedRequest } from '../../../sync/areas/requests';
import { formatAddress, formatDate } from '../../lib/format';
import { useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { useNavBanner } from '../../lib/use-nav-banner';
import { Alert, ButtonLink, type Column, EmptyState, FilterBar, ListScreen, type SelectFilterDef, StatusWithQueued, titleColumn, ViewLink } from '../../ui';
import { useQueuedIds } from '../threads';
import { RequestCategoryBadge, RequestStatusBadge } from './badges';
import { useRequestStats } from './request-stats';
import { useRequestList } from './use-requests';

type FilterName = 'category' | 'status';

export const REQUEST_FILTERS: ListFilterConfig<SyncedRequest, FilterName> = {
  search: (r) => r.title,
  selects: { category: (r) => r.category, status: (r) => r.status },
};
export const REQUEST_SELECTS: readonly SelectFilterDef<FilterName>[] = [
  { name: 'category', label: 'Categories', options: REQUEST_CATEGORIES.map((c) => ({ value: c, label: c })) },
  { name: 'status', label: 'Status', options: REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] })) },
];

export const NO_REQUESTS = 'No requests found';
export const NO_MORE_REQUESTS = 'No more requests';

const residentLine = (r: SyncedRequest) => [r.resident.name, formatAddress(r.address && { street: r.address.street, unit_number: r.address.unitNumber })].filter(Boolean).join(' · ');

export function RequestsPage() {
  const me = useCurrentUser();
  const board = !!me && requestPolicy.seesPeople(me.role);
  const filters = useListFilters(REQUEST_FILTERS);
  const list = useRequestList({ filter: filters.filter, reverse: filters.reverse, pageSize: LIST_PAGE_SIZE });
  const stats = useRequestStats(list);
  const [banner, clearBanner] = useNavBanner();
  const online = useOnline();
  const queued = useQueuedIds('createRequest', (args) => args.id);
  const moved = useQueuedIds('setRequestStatus', (args) => args.id);

  // Filed, or its status changed, on this device and not on the server yet.
  const status = (r: SyncedRequest) => (
    <StatusWithQueued queued={!online && (queued.has(r.id) || moved.has(r.id))}>
      <RequestStatusBadge status={r.status} />
    </StatusWithQueued>
  );
  const view = (r: SyncedRequest) => <ViewLink href={`/requests/${r.id}`} name={r.title} />;

  // Phones get one card per request (title, badges, who, date, View); wider screens the table.
  const columns: Column<SyncedRequest>[] = [
    titleColumn<SyncedRequest>({
      main: (r) => <p className="font-medium text-neutral-900 sm:max-w-md sm:truncate">{r.title}</p>,
      phone: (r) => (
        <>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <RequestCategoryBadge category={r.category} />
            {status(r)}
            <span>{formatDate(r.createdAt)}</span>
          </div>
          {board && <p>{residentLine(r)}</p>}
        </>
      ),
      action: view,
    }),
    { header: 'Category', hideOnPhone: true, cell: (r) => <RequestCategoryBadge category={r.category} /> },
    { header: 'Status', hideOnPhone: true, cell: status },
    ...(board
      ? [
          {
            header: 'Resident',
            hideOnPhone: true,
            className: 'whitespace-nowrap',
            cell: (r: SyncedRequest) => r.resident.name,
          },
          {
            header: 'Address',
            hideOnPhone: true,
            className: 'whitespace-nowrap',
            // Under the resident below 1280 px: at 1024 px the View column was off the card's right edge.
            foldBelowXl: true,
            cell: (r: SyncedRequest) => formatAddress(r.address && { street: r.address.street, unit_number: r.address.unitNumber }) ?? '—',
          },
        ]
      : []),
    { header: 'Created', hideOnPhone: true, className: 'whitespace-nowrap', cell: (r) => formatDate(r.createdAt) },
    { header: 'View', hideOnPhone: true, className: 'text-right', cell: view },
  ];

  const create = <ButtonLink href="/requests/create">Create Request</ButtonLink>;
  const actions = (
    <>
      <ButtonLink href="/applications" variant="secondary">
        Architectural Applications
      </ButtonLink>
      {create}
    </>
  );
  return (
    <ListScreen
      title="Requests"
      subtitle={board ? REQUEST_MESSAGES.subtitleBoard : REQUEST_MESSAGES.subtitleResident}
      actions={actions}
      banner={
        banner && (
          <Alert tone="success" onDismiss={clearBanner}>
            {banner}
          </Alert>
        )
      }
      stats={board ? stats : undefined}
      filters={<FilterBar filters={filters.store} list="requests" label="Filter requests" selects={REQUEST_SELECTS} />}
      tableTitle={board ? 'All Requests' : 'My Requests'}
      columns={columns}
      rowKey={(r) => r.id}
      rows={list}
      empty={<EmptyState title={NO_REQUESTS} action={list.size === 0 ? create : undefined} />}
      exhaustedText={NO_MORE_REQUESTS}
      loadMoreLabel="Load More"
    />
  );
}
