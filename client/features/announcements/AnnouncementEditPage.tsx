/**
 * /announcements/{id}/edit (board and superadmin). Prefilled from the cache (or
 * the server while the cache lacks the row); only drafts can be edited, anything else redirects to
 * the detail screen. Saving goes through the `updateAnnouncementDraft` mutator, so it works offline.
 */
import { Redirect, useLocation, useParams } from 'wouter';
import { ANNOUNCEMENT_MESSAGES, announcementPolicy } from '../../../schema/announcements';
import { withBanner } from '../../lib/use-nav-banner';
import { FormScreen, Unavailable } from '../../ui';
import { AnnouncementForm, NotifyInfoCard } from './AnnouncementForm';
import { formValuesOf } from './form-values';
import { ANNOUNCEMENT_UNAVAILABLE, FALLBACK_TITLE, useAnnouncementEntity } from './use-announcement-entity';

export const UPDATE_FAILED = 'Failed to update announcement';

export function AnnouncementEditPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const loaded = useAnnouncementEntity(id);
  const crumbs = (title: string) => [{ label: 'Announcements', href: '/announcements' }, { label: title, href: `/announcements/${id}` }, { label: 'Edit' }];

  if (loaded.unavailable) return <Unavailable state={loaded.unavailable} words={ANNOUNCEMENT_UNAVAILABLE} title="Edit Announcement" breadcrumb={crumbs(FALLBACK_TITLE)} />;
  const a = loaded.entity;
  if (!announcementPolicy.isEditable(a)) return <Redirect to={`/announcements/${a.id}`} replace />;

  return (
    <FormScreen title="Edit Announcement" breadcrumb={crumbs(a.title || FALLBACK_TITLE)} aside={<NotifyInfoCard />}>
      <AnnouncementForm
        key={a.id}
        initial={formValuesOf(a)}
        submitLabel="Update Announcement"
        busyText="Updating..."
        cancelHref={`/announcements/${a.id}`}
        clearRecipientsOn="leaving-custom"
        save={(rep, data) => rep.mutate.updateAnnouncementDraft({ id: a.id, ...data })}
        failureMessage={UPDATE_FAILED}
        onSaved={() => navigate(`/announcements/${a.id}`, withBanner(ANNOUNCEMENT_MESSAGES.updated))}
      />
    </FormScreen>
  );
}
