/**
 * /announcements (community §2), read from the local cache: counts, paging and the unread counter
 * work offline and at once. Load more pages through the cached list (page size in docs/decisions.md).
 */
import { useState, useTransition } from 'react';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { previewText } from '../../../schema/rich-text';
import { useCurrentUser, useHasRole } from '../../lib/session';
import { applyListView } from '../../lib/use-synced-list';
import { Alert, ButtonLink, Card, CardHeader, DataTable, EmptyState, PageHeader, StatCard, type Column } from '../../ui';
import { CategoryBadge, StatusBadge } from './badges';
import { isUnread, useAnnouncements, type AnnouncementView } from './use-announcements';
import { useNavBanner } from './use-nav-banner';

/** Rows per Load more step. */
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

export function AnnouncementsPage() {
  const privileged = useHasRole('board');
  const me = useCurrentUser();
  const { items, loading } = useAnnouncements();
  const [pages, setPages] = useState(1);
  const [paging, startPaging] = useTransition();
  const [banner, clearBanner] = useNavBanner();
  const view = applyListView(items, { limit: pages * ANNOUNCEMENTS_PAGE_SIZE });
  const unread = items.filter(isUnread).length;

  const viewLink = (a: AnnouncementView) => (
    <ButtonLink href={`/announcements/${a.id}`} variant="secondary" size="sm">
      View<span className="sr-only"> {a.title}</span>
    </ButtonLink>
  );
  const author = (a: AnnouncementView) => a.createdBy?.name ?? (a.version === 0 ? (me?.name ?? 'Unknown') : 'Unknown');

  // Phones get one compact card per announcement (title, preview, badges, View); wider screens the table.
  const columns: Column<AnnouncementView>[] = [
    {
      header: 'Title',
      primary: true,
      className: 'w-full',
      cell: (a) => (
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1 sm:max-w-xl">
            <p className="flex items-center gap-2 font-medium text-neutral-900">
              {isUnread(a) && <span className="size-2 shrink-0 rounded-full bg-accent-600" aria-label="Unread" role="img" />}
              <span className="truncate">{a.title}</span>
            </p>
            <p className="mt-0.5 line-clamp-1 text-sm font-normal text-neutral-600">{previewText(a.message)}</p>
            <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 font-normal sm:hidden">
              <CategoryBadge category={a.category} />
              <StatusBadge status={a.status} />
              {privileged && <span className="text-sm text-neutral-600">by {author(a)}</span>}
            </div>
          </div>
          <div className="shrink-0 sm:hidden">{viewLink(a)}</div>
        </div>
      ),
    },
    { header: 'Category', hideOnPhone: true, cell: (a) => <CategoryBadge category={a.category} /> },
    { header: 'Status', hideOnPhone: true, cell: (a) => <StatusBadge status={a.status} /> },
    ...(privileged ? [{ header: 'Created By', hideOnPhone: true, className: 'whitespace-nowrap', cell: author }] : []),
    { header: 'Actions', hideOnPhone: true, className: 'text-right', cell: viewLink },
  ];

  return (
    <div>
      <PageHeader
        title="Announcements"
        subtitle="Stay updated with community news and announcements"
        actions={privileged ? <ButtonLink href="/announcements/create">Create Announcement</ButtonLink> : undefined}
      />
      {banner && (
        <Alert tone="success" className="mb-6" onDismiss={clearBanner}>
          {banner}
        </Alert>
      )}
      <div className="mb-6 grid grid-cols-2 gap-4">
        <StatCard label="Total Announcements" value={loading ? '–' : items.length} />
        <StatCard label="Unread Announcements" value={loading ? '–' : unread} />
      </div>
      <Card>
        <CardHeader title="All Announcements" />
        <DataTable
          caption="All Announcements"
          columns={columns}
          rows={view.shown}
          rowKey={(a) => a.id}
          loading={loading}
          empty={
            <EmptyState
              title={ANNOUNCEMENT_MESSAGES.noAnnouncements}
              action={privileged ? <ButtonLink href="/announcements/create">Create Announcement</ButtonLink> : undefined}
            />
          }
          loadMore={{
            hasMore: view.hasMore,
            loading: paging,
            onLoadMore: () => startPaging(() => setPages((p) => p + 1)),
            exhaustedText: items.length > ANNOUNCEMENTS_PAGE_SIZE ? 'No more announcements' : undefined,
          }}
        />
      </Card>
    </div>
  );
}
