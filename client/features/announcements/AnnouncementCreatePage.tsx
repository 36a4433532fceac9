/**
 * /announcements/create (community §2; board and superadmin, the route guard sends others to
 * /announcements). The draft is written through the `createAnnouncementDraft` mutator with a
 * client-made id, so it works offline; it reaches the server with the next push.
 */
import { useLocation } from 'wouter';
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { useReplicache } from '../../lib/replicache';
import { Card, CardBody, PageHeader } from '../../ui';
import { MailIcon } from '../../ui/icons';
import { AnnouncementForm } from './AnnouncementForm';
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
        <Card className="order-first lg:order-none">
          <CardBody className="flex gap-3 text-sm text-neutral-700">
            <MailIcon className="mt-0.5 size-5 shrink-0 text-accent-700" />
            <div className="space-y-1">
              <p className="font-medium text-neutral-900">How recipients are notified</p>
              <p>Recipients receive an email notification and can view the announcement in the app.</p>
            </div>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
