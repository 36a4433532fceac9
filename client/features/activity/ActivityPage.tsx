/**
 * /activity (board and superadmin): the HOA's trail, newest first, read from REST a page at a time
 * (it is the server's record, not synced): filters by actor, kind and days, search over the
 * summaries, Load more, and Export CSV of the filtered rows.
 */
import { useState } from 'react';
import { ACTIVITY_KIND_LABELS, ACTIVITY_MESSAGES, ACTIVITY_PAGE_SIZE, type ApiActivity } from '../../../schema/activity';
import { api, errorMessage } from '../../lib/api';
import { saveTextFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/replicache';
import { usePagedList } from '../../lib/use-paged-list';
import { Alert, Badge, Button, EmptyState, ListScreen, type Column } from '../../ui';
import { ActivityFiltersRow } from './ActivityFiltersRow';
import { ActivityValues } from './ActivityValues';
import { useActivityFilters } from './use-activity-filters';

const EXPORT_FAILED = 'Could not export the activity';

const columns: Column<ApiActivity>[] = [
  {
    header: 'What',
    primary: true,
    cell: (e) => <span className="font-medium break-words text-neutral-900">{e.summary}</span>,
  },
  {
    header: 'When',
    className: 'whitespace-nowrap',
    cell: (e) => formatDateTime(e.at),
  },
  { header: 'Who', className: 'min-w-[8rem]', cell: (e) => e.actor.name },
  {
    header: 'Device',
    // Under the name below 1280 px: the table was wider than its card at 1024 px.
    foldBelowXl: true,
    cell: (e) =>
      e.device || e.client_group_id ? (
        <span className="text-sm">
          {e.device ?? 'Unknown device'}
          {e.client_group_id && <span className="block text-xs text-neutral-500">Synced from the app</span>}
        </span>
      ) : (
        <span className="text-neutral-500">—</span>
      ),
  },
  {
    header: 'Kind',
    cell: (e) => <Badge variant="secondary">{ACTIVITY_KIND_LABELS[e.kind]}</Badge>,
  },
  {
    header: 'Changes',
    className: 'min-w-48',
    cell: (e) => <ActivityValues entry={e} />,
  },
];

export function ActivityPage() {
  const filters = useActivityFilters();
  const list = usePagedList<ApiActivity, never>('/api/activity', {
    limit: ACTIVITY_PAGE_SIZE,
    query: filters.query,
    loadFailed: ACTIVITY_MESSAGES.loadFailed,
    loadMoreFailed: ACTIVITY_MESSAGES.loadFailed,
  });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const csv = await api<string>('/api/activity/export', {
        query: filters.query,
      });
      saveTextFile(`activity-${new Date().toISOString().slice(0, 10)}.csv`, csv ?? '');
    } catch (e) {
      setExportError(errorMessage(e, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  }

  // Offline the trail cannot be read (it is not synced): said as such, with a way to try again.
  const offline = !useOnline();
  const error = exportError ?? (list.error && offline ? ACTIVITY_MESSAGES.offline : list.error);
  return (
    <ListScreen
      title="Activity"
      subtitle="Every change the board and the superadmin made: who, when, what and from which device"
      actions={
        <Button variant="secondary" busy={exporting} busyText="Exporting…" onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
      banner={
        error && (
          <Alert
            tone="error"
            onDismiss={exportError ? () => setExportError(null) : undefined}
            action={
              !exportError && (
                <Button variant="secondary" size="sm" onClick={() => void list.reload()}>
                  Try again
                </Button>
              )
            }
          >
            {error}
          </Alert>
        )
      }
      tableTitle="Activity Trail"
      tableDescription="Newest first. The trail cannot be edited."
      filters={<ActivityFiltersRow filters={filters} />}
      columns={columns}
      rowKey={(e) => e._id}
      rows={list.rows}
      empty={<EmptyState title={list.error ? ACTIVITY_MESSAGES.unread : ACTIVITY_MESSAGES.empty} />}
      exhaustedText="No more activity"
    />
  );
}
