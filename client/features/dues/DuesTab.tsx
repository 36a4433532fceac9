/**
 * The Dues tab: title search, frequency and status multi-selects, the table (cards on
 * phones) and the spec's empty texts. "Dues (shown of total)" heads the card.
 */
import { DUE_FREQUENCIES, DUE_FREQUENCY_LABELS, DUE_MESSAGES, DUE_STATUSES, DUE_STATUS_LABELS } from '../../../schema/dues';
import { formatDay, formatUsd } from '../../../schema/money';
import type { SyncedDue } from '../../../sync/areas/dues';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { ButtonLink, Card, CardHeader, type Column, DataTable, EmptyState, FilterBar, type SelectFilterDef, ViewLink } from '../../ui';
import { DueStatusBadge } from './badges';
import { useDueList } from './use-dues';

type DueFilter = 'frequency' | 'status';
const FILTERS: ListFilterConfig<SyncedDue, DueFilter> = { search: (d) => d.title, selects: { frequency: (d) => d.frequency, status: (d) => d.status } };
const SELECTS: readonly SelectFilterDef<DueFilter>[] = [
  { name: 'frequency', label: 'Frequency', options: DUE_FREQUENCIES.map((f) => ({ value: f, label: DUE_FREQUENCY_LABELS[f] })) },
  { name: 'status', label: 'Status', options: DUE_STATUSES.map((s) => ({ value: s, label: DUE_STATUS_LABELS[s] })) },
];

const view = (d: SyncedDue) => <ViewLink href={`/dues/${d.id}`} name={d.title} />;
const nextSend = (d: SyncedDue) => (d.nextSendDate == null ? DUE_MESSAGES.notSet : formatDay(d.nextSendDate));

const COLUMNS: Column<SyncedDue>[] = [
  {
    header: 'Title',
    primary: true,
    cell: (d) => (
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-neutral-900">{d.title}</p>
          <p className="mt-1 text-sm font-normal text-neutral-600 sm:hidden">
            {formatUsd(d.amountCents)} · {DUE_FREQUENCY_LABELS[d.frequency]} · Next: {nextSend(d)}
          </p>
          <div className="mt-2 sm:hidden">
            <DueStatusBadge due={d} />
          </div>
        </div>
        <div className="shrink-0 sm:hidden">{view(d)}</div>
      </div>
    ),
  },
  { header: 'Amount', hideOnPhone: true, className: 'whitespace-nowrap', cell: (d) => formatUsd(d.amountCents) },
  { header: 'Frequency', hideOnPhone: true, cell: (d) => DUE_FREQUENCY_LABELS[d.frequency] },
  { header: 'Next Send Date', hideOnPhone: true, className: 'whitespace-nowrap', cell: nextSend },
  { header: 'Status', hideOnPhone: true, cell: (d) => <DueStatusBadge due={d} /> },
  { header: 'Actions', hideOnPhone: true, className: 'text-right', cell: view },
];

export function DuesTab({ board }: { board: boolean }) {
  const filters = useListFilters(FILTERS);
  const list = useDueList({ filter: filters.filter, pageSize: LIST_PAGE_SIZE });
  const filtered = filters.filter !== undefined;
  const empty = filtered ? (
    <EmptyState title={DUE_MESSAGES.emptyFiltered} />
  ) : (
    <EmptyState
      title={DUE_MESSAGES.emptyAll}
      description={board ? DUE_MESSAGES.emptyBoard : DUE_MESSAGES.emptyResident}
      action={board ? <ButtonLink href="/dues/create">Create Due</ButtonLink> : undefined}
    />
  );
  return (
    <Card>
      <CardHeader title={`Dues (${list.loading ? '–' : list.total} of ${list.loading ? '–' : list.size})`} />
      <FilterBar filters={filters.store} list="dues" label="Filter dues" selects={SELECTS} sortable={false} />
      <DataTable
        caption="Dues"
        columns={COLUMNS}
        rows={list.items}
        rowKey={(d) => d.id}
        loading={list.loading}
        empty={empty}
        loadMore={{ hasMore: list.hasMore, loading: false, onLoadMore: list.loadMore, exhaustedText: 'No more dues' }}
      />
    </Card>
  );
}
