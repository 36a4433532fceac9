/**
 * /announcements (community §2), read from the local cache: counts, paging and the unread counter
 * work offline and at once. Load more pages through the cached list (page size in docs/decisions.md).
 */
import { useState, useTransition } from 'react';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { previewText } from '../../../schema/rich-text';
import { useHasRole } from '../../lib/session';
import { applyListView } from '../../lib/use-synced-list';
import { Alert, ButtonLink, Card, CardHeader, DataTable, EmptyState, PageHeader, StatCard, type Column } from '../../ui';
import { CategoryBadge, StatusBadge } from './badges';
import { isUnread, useAnnouncements, type AnnouncementView } from './use-announcements';
import { useNavBanner } from './use-nav-banner';

/** Rows per Load more step. */
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

export function AnnouncementsPage() {
  const privileged = useHasRole('board');
  const { items, loading } = useAnnouncements();
  const [pages, setPages] = useState(1);
  const [paging, startPaging] = useTransition();
  const [banner, clearBanner] = useNavBanner();
  const view = applyListView(items, { limit: pages * ANNOUNCEMENTS_PAGE_SIZE });
  const unread = items.filter(isUnread).length;

  const columns: Column<AnnouncementView>[] = [
    {
      header: 'Title',
      primary: true,
      className: 'w-full',
      cell: (a) => (
        <div className="min-w-0 sm:max-w-xl">
          <p className="flex items-center gap-2 font-medium text-neutral-900">
            {isUnread(a) && <span className="size-2 shrink-0 rounded-full bg-accent-600" aria-label="Unread" role="img" />}
            <span className="truncate">{a.title}</span>
          </p>
          <p className="mt-0.5 line-clamp-1 text-sm font-normal break-all text-neutral-600 sm:break-normal">{previewText(a.message)}</p>
        </div>
      ),
    },
    { header: 'Category', cell: (a) => <CategoryBadge category={a.category} /> },
    { header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
    ...(privileged ? [{ header: 'Created By', className: 'whitespace-nowrap', cell: (a: AnnouncementView) => a.createdBy?.name ?? 'Unknown' }] : []),
    {
      header: 'Actions',
      className: 'text-right',
      cell: (a) => (
        <ButtonLink href={`/announcements/${a.id}`} variant="secondary" size="sm">
          View<span className="sr-only"> {a.title}</span>
        </ButtonLink>
      ),
    },
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
