/**
 * /announcements, read from the local cache through the list kit: counters, paging and the unread
 * dot work offline and at once; pinned announcements come first. No filters here (the spec gives
 * none); page size in docs/decisions/095-announcement-paging-local.md.
 */
import { useMemo } from 'react';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { previewText } from '../../../schema/rich-text';
import { useCurrentUser, useHasRole } from '../../lib/session';
import { Alert, Badge, ButtonLink, type Column, EmptyState, ListScreen, titleColumn, ViewLink } from '../../ui';
import { AnnouncementStatusBadge, CategoryBadge } from './badges';
import { isUnread, useAnnouncementList, type AnnouncementView } from './use-announcements';
import { useNavBanner } from '../../lib/use-nav-banner';
import { VoteBanners } from '../votes/OpenVoteBanner';
import { useVotesToCastState } from '../votes/use-votes';

/** Rows per Load more step. */
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

/** The list's columns; phones get one compact card per announcement (title, preview, badges, View), wider screens the table. */
function announcementColumns(privileged: boolean, myName: string | undefined): Column<AnnouncementView>[] {
  const viewLink = (a: AnnouncementView) => <ViewLink href={`/announcements/${a.id}`} name={a.title} />;
  const author = (a: AnnouncementView) => a.createdBy?.name ?? (a.version === 0 ? (myName ?? 'Unknown') : 'Unknown');

  return [
    titleColumn<AnnouncementView>({
      main: (a) => (
        <div className="sm:max-w-xl">
          <p className="flex items-center gap-2 font-medium text-neutral-900">
            {isUnread(a) && <span className="size-2 shrink-0 rounded-full bg-accent-600" aria-label="Unread" role="img" />}
            <span className="truncate">{a.title}</span>
            {a.pinned && <Badge>Pinned</Badge>}
          </p>
          <p className="mt-0.5 line-clamp-1 text-sm font-normal text-neutral-600">{previewText(a.message)}</p>
        </div>
      ),
      phone: (a) => (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <CategoryBadge category={a.category} />
          <AnnouncementStatusBadge a={a} />
          {privileged && <span>by {author(a)}</span>}
        </div>
      ),
      action: viewLink,
    }),
    { header: 'Category', hideOnPhone: true, cell: (a) => <CategoryBadge category={a.category} /> },
    { header: 'Status', hideOnPhone: true, cell: (a) => <AnnouncementStatusBadge a={a} /> },
    ...(privileged ? [{ header: 'Created By', hideOnPhone: true, className: 'whitespace-nowrap', cell: author }] : []),
    { header: 'Actions', hideOnPhone: true, className: 'text-right', cell: viewLink },
  ];
}

export function AnnouncementsPage() {
  const privileged = useHasRole('board');
  const me = useCurrentUser();
  const list = useAnnouncementList(ANNOUNCEMENTS_PAGE_SIZE);
  const [banner, clearBanner] = useNavBanner();
  const votes = useVotesToCastState(Date.now());

  const myName = me?.name;
  // Once per role (and name): the table's rows are memoized and re-render only when their row changes.
  const columns = useMemo(() => announcementColumns(privileged, myName), [privileged, myName]);

  const create = privileged ? <ButtonLink href="/announcements/create">Create Announcement</ButtonLink> : undefined;
  // Residents' home: their way to the resident directory (it has no main-navigation entry).
  const directory = (
    <ButtonLink href="/directory" variant="secondary">
      Resident Directory
    </ButtonLink>
  );
  return (
    <ListScreen
      title="Announcements"
      subtitle="Stay updated with community news and announcements"
      actions={create ?? directory}
      banner={
        <>
          {banner && (
            <Alert tone="success" onDismiss={clearBanner}>
              {banner}
            </Alert>
          )}
          <VoteBanners toCast={votes.toCast} />
        </>
      }
      bannerKnown={votes.known}
      stats={[
        { label: 'Total Announcements', value: list.size },
        { label: 'Unread Announcements', value: list.counters.unread },
      ]}
      tableTitle="All Announcements"
      columns={columns}
      rowKey={(a) => a.id}
      rows={list}
      empty={<EmptyState title={ANNOUNCEMENT_MESSAGES.noAnnouncements} action={create} />}
      exhaustedText="No more announcements"
    />
  );
}
