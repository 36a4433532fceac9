/**
 * /announcements/create (community §2; board and superadmin, the route guard sends others to
 * /announcements). The draft is written through the `createAnnouncementDraft` mutator with a
 * client-made id, so it works offline; it reaches the server with the next push.
 */
import { useLocation } from 'wouter';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { useReplicache } from '../../lib/replicache';
import { PageHeader } from '../../ui';
import { AnnouncementForm, NotifyInfoCard } from './AnnouncementForm';
import { EMPTY_FORM } from './form-values';
import { withBanner } from './use-nav-banner';

export const CREATE_FAILED = 'Failed to create announcement';

export function AnnouncementCreatePage() {
  const [, navigate] = useLocation();
  const rep = useReplicache();

  return (
    <div>
      <PageHeader title="Create Announcement" breadcrumb={[{ label: 'Announcements', href: '/announcements' }, { label: 'Create Announcement' }]} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <AnnouncementForm
          initial={EMPTY_FORM}
          submitLabel="Create Draft"
          busyText="Creating..."
          cancelHref="/announcements"
          clearRecipientsOn="any-change"
          onSubmit={async (data) => {
            if (!rep) throw new Error(CREATE_FAILED);
            try {
              await rep.mutate.createAnnouncementDraft({ id: crypto.randomUUID(), ...data });
            } catch (e) {
              throw new Error(CREATE_FAILED, { cause: e });
            }
            navigate('/announcements', withBanner(ANNOUNCEMENT_MESSAGES.created));
          }}
        />
        <NotifyInfoCard />
      </div>
    </div>
  );
}
