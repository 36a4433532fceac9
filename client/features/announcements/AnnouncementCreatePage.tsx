/**
 * /announcements/create (board and superadmin, the route guard sends others to
 * /announcements). The draft is written through the `createAnnouncementDraft` mutator with a
 * client-made id, so it works offline; it reaches the server with the next push.
 */
import { useLocation } from 'wouter';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { withBanner } from '../../lib/use-nav-banner';
import { FormScreen } from '../../ui';
import { AnnouncementForm, NotifyInfoCard } from './AnnouncementForm';
import { EMPTY_FORM } from './form-values';

export const CREATE_FAILED = 'Failed to create announcement';

export function AnnouncementCreatePage() {
  const [, navigate] = useLocation();
  return (
    <FormScreen title="Create Announcement" breadcrumb={[{ label: 'Announcements', href: '/announcements' }, { label: 'Create Announcement' }]} aside={<NotifyInfoCard />}>
      <AnnouncementForm
        initial={EMPTY_FORM}
        submitLabel="Create Draft"
        busyText="Creating..."
        cancelHref="/announcements"
        clearRecipientsOn="any-change"
        save={(rep, data) => rep.mutate.createAnnouncementDraft({ id: crypto.randomUUID(), ...data })}
        failureMessage={CREATE_FAILED}
        onSaved={() => navigate('/announcements', withBanner(ANNOUNCEMENT_MESSAGES.created))}
      />
    </FormScreen>
  );
}
