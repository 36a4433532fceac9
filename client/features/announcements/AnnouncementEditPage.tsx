/**
 * /announcements/{id}/edit (community §2, §4; board and superadmin). Prefilled from the cache; only
 * drafts can be edited, anything else redirects to the detail screen. Saving goes through the
 * `updateAnnouncementDraft` mutator, so it works offline.
 */
import { Redirect, useLocation, useParams } from 'wouter';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { useReplicache, useSyncStatus } from '../../lib/replicache';
import { PageHeader } from '../../ui';
import { viewOfApi } from './announcements-api';
import { AnnouncementForm, NotifyInfoCard } from './AnnouncementForm';
import { AnnouncementUnavailable, unavailableMessage } from './AnnouncementUnavailable';
import { formValuesOf } from './form-values';
import { useAnnouncement } from './use-announcements';
import { withBanner } from './use-nav-banner';
import { useRemoteAnnouncement } from './use-remote-announcement';

export const UPDATE_FAILED = 'Failed to update announcement';

export function AnnouncementEditPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const rep = useReplicache();
  const { online } = useSyncStatus();
  const { announcement: cached, loading } = useAnnouncement(id);
  // While the cache has not received the row yet, read it from the server.
  const remote = useRemoteAnnouncement(id, { enabled: online && !loading && !cached, version: undefined });
  const a = cached ?? (remote.data ? viewOfApi(remote.data) : undefined);

  const crumbs = (title: string) => [{ label: 'Announcements', href: '/announcements' }, { label: title, href: `/announcements/${id}` }, { label: 'Edit' }];

  const waiting = loading || (!a && (remote.loading || (online && !remote.error)));
  if (waiting || !a) {
    return <AnnouncementUnavailable title="Edit Announcement" breadcrumb={crumbs('View Announcement')} loading={waiting} message={unavailableMessage(online, remote.error)} />;
  }
  if (a.status !== 'draft') return <Redirect to={`/announcements/${a.id}`} replace />;

  return (
    <div>
      <PageHeader title="Edit Announcement" breadcrumb={crumbs(a.title || 'View Announcement')} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <AnnouncementForm
          key={a.id}
          initial={formValuesOf(a)}
          submitLabel="Update Announcement"
          busyText="Updating..."
          cancelHref={`/announcements/${a.id}`}
          clearRecipientsOn="leaving-custom"
          onSubmit={async (data) => {
            if (!rep) throw new Error(UPDATE_FAILED);
            try {
              await rep.mutate.updateAnnouncementDraft({ id: a.id, ...data });
            } catch (e) {
              throw new Error(UPDATE_FAILED, { cause: e });
            }
            navigate(`/announcements/${a.id}`, withBanner(ANNOUNCEMENT_MESSAGES.updated));
          }}
        />
        <NotifyInfoCard />
      </div>
    </div>
  );
}
