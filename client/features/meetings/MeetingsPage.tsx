/**
 * /meetings: the HOA's meetings, latest date first, from the local cache (offline too): title, when,
 * where, status and minutes, searched by title and filtered by status (views can be saved). The board
 * schedules from here; everyone reaches the owner votes.
 */
import { useMemo } from 'react';
import { formatMeetingTime, MEETING_ACCESS_LABELS, MEETING_STATUS_LABELS, MEETING_STATUSES, meetingDay, meetingPolicy } from '../../../schema/meetings';
import type { SyncedMeeting } from '../../../sync/areas/meetings';
import { useCurrentUser } from '../../lib/session';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { ButtonLink, type Column, EmptyState, FilterBar, ListScreen, type SelectFilterDef, titleColumn, ViewLink } from '../../ui';
import { MeetingStatusBadge, MinutesBadge } from './badges';
import { useMeetingList } from './use-meetings';

/** Search by title; filter by the meeting's status. */
export const MEETING_FILTERS: ListFilterConfig<SyncedMeeting, 'status'> = { search: (m) => m.title, selects: { status: (m) => m.status } };
export const MEETING_SELECTS: readonly SelectFilterDef<'status'>[] = [{ name: 'status', label: 'Status', options: MEETING_STATUSES.map((s) => ({ value: s, label: MEETING_STATUS_LABELS[s] })) }];

const view = (m: SyncedMeeting) => <ViewLink href={`/meetings/${m.id}`} name={m.title} />;
const when = (m: SyncedMeeting) => `${meetingDay(m)} · ${formatMeetingTime(m.time)}`;
const where = (m: SyncedMeeting) => m.place ?? 'Video meeting';
const badges = (m: SyncedMeeting) => (
  <div className="flex flex-wrap items-center gap-1.5">
    <MeetingStatusBadge status={m.status} />
    <MinutesBadge status={m.minutesStatus} />
  </div>
);

export function meetingColumns(board: boolean): Column<SyncedMeeting>[] {
  return [
    titleColumn<SyncedMeeting>({
      main: (m) => (
        <>
          <p className="font-medium text-neutral-900 sm:max-w-md sm:truncate">{m.title}</p>
          {board && <p className="text-sm font-normal text-neutral-500">{MEETING_ACCESS_LABELS[m.access]}</p>}
        </>
      ),
      phone: (m) => (
        <>
          {badges(m)}
          <p>{when(m)}</p>
          <p>{where(m)}</p>
        </>
      ),
      action: view,
    }),
    { header: 'When', hideOnPhone: true, className: 'whitespace-nowrap', cell: when },
    { header: 'Where', hideOnPhone: true, cell: where },
    { header: 'Status', hideOnPhone: true, cell: badges },
    { header: 'View', hideOnPhone: true, className: 'text-right', cell: view },
  ];
}

export function MeetingsPage() {
  const me = useCurrentUser();
  const board = !!me && meetingPolicy.mayManage(me.role);
  const filters = useListFilters(MEETING_FILTERS);
  const list = useMeetingList({ filter: filters.filter, reverse: filters.reverse, pageSize: LIST_PAGE_SIZE });
  const columns = useMemo(() => meetingColumns(board), [board]);
  const schedule = board ? <ButtonLink href="/meetings/new">Schedule Meeting</ButtonLink> : undefined;
  return (
    <ListScreen
      title="Meetings"
      subtitle={board ? 'Schedule board meetings, run them at the table and publish their minutes' : 'Upcoming and past meetings of the board'}
      actions={
        <>
          <ButtonLink href="/votes" variant="secondary">
            Owner Votes
          </ButtonLink>
          {schedule}
        </>
      }
      filters={<FilterBar filters={filters.store} list="meetings" label="Filter meetings" selects={MEETING_SELECTS} searchPlaceholder="Search by title..." />}
      tableTitle="All Meetings"
      columns={columns}
      rowKey={(m) => m.id}
      rows={list}
      empty={<EmptyState title={list.size === 0 ? 'No meetings yet' : 'No meetings found'} action={list.size === 0 ? schedule : undefined} />}
      exhaustedText="No more meetings"
      loadMoreLabel="Load More"
    />
  );
}
