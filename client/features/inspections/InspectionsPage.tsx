/**
 * /inspections (board and superadmin): the HOA's rounds, newest first, from the local cache (offline
 * too): title, date, status, progress ("12 of 20 addresses") and who started it, with Start Round.
 */
import { useMemo } from 'react';
import { formatDay } from '../../../schema/days';
import { progressLabel } from '../../../schema/inspections';
import type { SyncedRound } from '../../../sync/areas/inspections';
import { LIST_PAGE_SIZE } from '../../lib/use-list-filters';
import { ButtonLink, type Column, EmptyState, ListScreen, titleColumn, ViewLink } from '../../ui';
import { RoundStatusBadge } from './badges';
import { useProgressByRound, useRoundList } from './use-inspections';

const view = (r: SyncedRound) => <ViewLink href={`/inspections/${r.id}`} name={r.title} />;

/** The columns, built again only when the progress changes (rows are memoized). */
function roundColumns(progressOf: Map<string, { done: number; total: number }>): Column<SyncedRound>[] {
  const progress = (r: SyncedRound) => {
    const p = progressOf.get(r.id);
    return p ? progressLabel(p.done, p.total) : '—';
  };
  return [
    titleColumn<SyncedRound>({
      main: (r) => <p className="font-medium text-neutral-900 sm:max-w-md sm:truncate">{r.title}</p>,
      phone: (r) => (
        <>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <RoundStatusBadge status={r.status} />
            <span>{formatDay(r.date)}</span>
          </div>
          <p>
            {progress(r)} · {r.startedBy.name}
          </p>
        </>
      ),
      action: view,
    }),
    { header: 'Date', hideOnPhone: true, className: 'whitespace-nowrap', cell: (r) => formatDay(r.date) },
    { header: 'Status', hideOnPhone: true, cell: (r) => <RoundStatusBadge status={r.status} /> },
    { header: 'Progress', hideOnPhone: true, className: 'whitespace-nowrap', cell: progress },
    { header: 'Started by', hideOnPhone: true, className: 'whitespace-nowrap', cell: (r) => r.startedBy.name },
    { header: 'View', hideOnPhone: true, className: 'text-right', cell: view },
  ];
}

export function InspectionsPage() {
  const list = useRoundList({ pageSize: LIST_PAGE_SIZE });
  const progressOf = useProgressByRound();
  const columns = useMemo(() => roundColumns(progressOf), [progressOf]);
  const start = <ButtonLink href="/inspections/new">Start Round</ButtonLink>;
  return (
    <ListScreen
      title="Inspection Rounds"
      subtitle="Walk the community address by address and record what you find"
      actions={start}
      tableTitle="All Rounds"
      columns={columns}
      rowKey={(r) => r.id}
      rows={list}
      empty={<EmptyState title="No inspection rounds yet" action={start} />}
      exhaustedText="No more rounds"
      loadMoreLabel="Load More"
    />
  );
}
