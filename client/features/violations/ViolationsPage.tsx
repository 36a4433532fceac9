/**
 * /compliance and /violations, read from the local cache through the list kit, so
 * filters apply at once and work offline (an inspection walk): title search (300 ms), Status and
 * Category multi-selects, Load More by 10, the counters (Open, Resolved, Escalated), Recent Activity and
 * Violation Categories. Board and superadmin see Create Violation; the create screen's success
 * message shows here for 5 s. Residents see the violations issued to them.
 */
import { VIOLATION_CATEGORIES, VIOLATION_MESSAGES, VIOLATION_STATUS_LABELS, VIOLATION_STATUSES, violationPolicy } from '../../../schema/violations';
import { formatDay } from '../../../schema/days';
import type { SyncedViolation } from '../../../sync/areas/violations';
import { formatAddress } from '../../lib/format';
import { useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { useNavBanner } from '../../lib/use-nav-banner';
import { Alert, ButtonLink, type Column, EmptyState, FilterBar, ListScreen, type SelectFilterDef, StatusWithQueued, titleColumn, ViewLink } from '../../ui';
import { useQueuedIds } from '../threads';
import { ViolationCategoryBadge, ViolationStatusBadge } from './badges';
import { isOverdueHere, useViolationList } from './use-violations';
import { useViolationStats } from './violation-stats';

type FilterName = 'status' | 'category';

export const VIOLATION_FILTERS: ListFilterConfig<SyncedViolation, FilterName> = {
  search: (v) => v.title,
  selects: { status: (v) => v.status, category: (v) => v.category },
};
export const VIOLATION_SELECTS: readonly SelectFilterDef<FilterName>[] = [
  { name: 'status', label: 'Status', options: VIOLATION_STATUSES.map((s) => ({ value: s, label: VIOLATION_STATUS_LABELS[s] })) },
  { name: 'category', label: 'Category', options: VIOLATION_CATEGORIES.map((c) => ({ value: c, label: c })) },
];

export const NO_VIOLATIONS = 'No violations found';
export const NO_MORE_VIOLATIONS = 'No more violations';

const addressOf = (v: SyncedViolation) => formatAddress(v.address && { street: v.address.street, unit_number: v.address.unitNumber });

/** The due date, with "(Overdue)" beside it when it is past and the status is open. */
export function DueDate({ violation: v }: { violation: SyncedViolation }) {
  return (
    // The mark may go to a line of its own where the column is narrow (the table below 1280 px).
    <span className="xl:whitespace-nowrap">
      <span className="whitespace-nowrap">{formatDay(v.dueDate)}</span>
      {isOverdueHere(v) && (
        <>
          {' '}
          <span className="font-medium whitespace-nowrap text-danger-700">{VIOLATION_MESSAGES.overdueMark}</span>
        </>
      )}
    </span>
  );
}

export function ViolationsPage() {
  const me = useCurrentUser();
  const board = !!me && violationPolicy.mayIssue(me.role);
  const filters = useListFilters(VIOLATION_FILTERS);
  const list = useViolationList({ filter: filters.filter, reverse: filters.reverse, pageSize: LIST_PAGE_SIZE });
  const stats = useViolationStats(list);
  const [banner, clearBanner] = useNavBanner();
  const online = useOnline();
  const queued = useQueuedIds('issueViolation', (args) => args.id);
  const moved = useQueuedIds('setViolationStatus', (args) => args.id);

  // Issued, or its status changed (resolved with notes too), on this device and not on the server yet.
  const status = (v: SyncedViolation) => (
    <StatusWithQueued queued={!online && (queued.has(v.id) || moved.has(v.id))}>
      <ViolationStatusBadge status={v.status} />
    </StatusWithQueued>
  );
  const view = (v: SyncedViolation) => <ViewLink href={`/compliance/${v.id}`} name={v.title} />;

  // Phones get one card per violation (title, badges, resident, due date, View); wider screens the table.
  const columns: Column<SyncedViolation>[] = [
    titleColumn<SyncedViolation>({
      main: (v) => <p className="font-medium text-neutral-900 sm:max-w-[14rem] sm:truncate">{v.title}</p>,
      phone: (v) => (
        <>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <ViolationCategoryBadge category={v.category} />
            {status(v)}
          </div>
          <p>{[v.resident.name, addressOf(v)].filter(Boolean).join(' · ')}</p>
          <p>
            Due <DueDate violation={v} />
          </p>
        </>
      ),
      action: view,
    }),
    { header: 'Category', hideOnPhone: true, cell: (v) => <ViolationCategoryBadge category={v.category} /> },
    { header: 'Status', hideOnPhone: true, cell: status },
    // A street address on one or two lines, not a word a line, in its own column or (below 1280 px,
    // where the View column was off the card's right edge at 1024 px) under the resident.
    { header: 'Resident', hideOnPhone: true, className: 'min-w-[9rem]', cell: (v) => v.resident.name || '—' },
    { header: 'Address', hideOnPhone: true, className: 'min-w-[10rem]', foldBelowXl: true, cell: (v) => addressOf(v) ?? '—' },
    { header: 'Due Date', hideOnPhone: true, cell: (v) => <DueDate violation={v} /> },
    { header: 'View', hideOnPhone: true, className: 'text-right', cell: view },
  ];

  const create = board ? <ButtonLink href="/compliance/create">Create Violation</ButtonLink> : undefined;
  const actions = board ? (
    <>
      <ButtonLink href="/inspections" variant="secondary">
        Inspection Rounds
      </ButtonLink>
      <ButtonLink href="/violations/fine-schedule" variant="secondary">
        Fine Schedule
      </ButtonLink>
      {create}
    </>
  ) : undefined;
  return (
    <ListScreen
      title="Compliance"
      subtitle={board ? 'Issue and follow up compliance violations' : 'Violations issued to you'}
      actions={actions}
      banner={
        banner && (
          <Alert tone="success" onDismiss={clearBanner}>
            {banner}
          </Alert>
        )
      }
      stats={stats}
      filters={<FilterBar filters={filters.store} list="violations" label="Filter violations" selects={VIOLATION_SELECTS} />}
      tableTitle={board ? 'All Violations' : 'My Violations'}
      columns={columns}
      rowKey={(v) => v.id}
      rows={list}
      empty={<EmptyState title={NO_VIOLATIONS} action={list.size === 0 ? create : undefined} />}
      exhaustedText={NO_MORE_VIOLATIONS}
      loadMoreLabel="Load more"
    />
  );
}
