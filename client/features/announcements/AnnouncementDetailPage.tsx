/**
 * /announcements/{id} (community §2), read from the local cache, so it opens offline. Opening a
 * published announcement marks it read (a synced mutation: applied at once, sent when online).
 * Sending, retries and delivery statistics come with the announcements issue.
 */
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { ANNOUNCEMENT_MESSAGES, audienceDisplay, fileSizeMb } from '../../../schema/announcements';
import { formatDateTime } from '../../lib/format';
import { useReplicache } from '../../lib/replicache';
import { useHasRole } from '../../lib/session';
import { Alert, ButtonLink, Card, CardBody, CardHeader, LoadingText, PageHeader } from '../../ui';
import { CategoryBadge, StatusBadge } from './badges';
import { RichText } from './RichText';
import { useAnnouncement } from './use-announcements';

const crumbsFor = (title: string) => [{ label: 'Announcements', href: '/announcements' }, { label: title }];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-neutral-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-neutral-900">{children}</dd>
    </div>
  );
}

export function AnnouncementDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const rep = useReplicache();
  const privileged = useHasRole('board');
  const { announcement: a, loading } = useAnnouncement(id);

  const shouldMarkRead = !!a && !a.isReadBy && a.status !== 'draft';
  useEffect(() => {
    if (shouldMarkRead && rep) rep.mutate.markAnnouncementRead({ id }).catch(() => {});
  }, [shouldMarkRead, rep, id]);

  if (loading) {
    return (
      <div>
        <PageHeader title="View Announcement" breadcrumb={crumbsFor('View Announcement')} />
        <LoadingText label={ANNOUNCEMENT_MESSAGES.loadingOne} />
      </div>
    );
  }
  if (!a) {
    return (
      <div>
        <PageHeader title="View Announcement" breadcrumb={crumbsFor('View Announcement')} />
        <Alert tone="error" title={ANNOUNCEMENT_MESSAGES.loadOneFailed} action={<ButtonLink href="/announcements" variant="secondary" size="sm">Back to Announcements</ButtonLink>}>
          {ANNOUNCEMENT_MESSAGES.notFound}
        </Alert>
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title={a.title || 'View Announcement'}
        breadcrumb={crumbsFor(a.title || 'View Announcement')}
        badges={
          <>
            <CategoryBadge category={a.category} />
            <StatusBadge status={a.status} />
          </>
        }
      />
      {a.status === 'failed' && (
        <Alert tone="error" title={ANNOUNCEMENT_MESSAGES.sendFailed} className="mb-6">
          {ANNOUNCEMENT_MESSAGES.sendFailedDetail}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <div className="space-y-6">
          <Card>
            <CardHeader title="Message" />
            <CardBody>
              <RichText html={a.message} className="text-neutral-800" />
            </CardBody>
          </Card>
          {a.attachment && (
            <Card>
              <CardHeader title="Attachment" />
              <CardBody className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium text-neutral-900">{a.attachment.filename}</span>
                <span className="text-neutral-600">{a.attachment.fileType.toUpperCase()}</span>
                <span className="tabular text-neutral-600">{fileSizeMb(a.attachment.fileSize)}</span>
              </CardBody>
            </Card>
          )}
        </div>
        <Card className="h-fit">
          <CardHeader title="Details" />
          <CardBody>
            <dl className="space-y-3">
              {a.sentAt != null && <Detail label="Sent At">{formatDateTime(a.sentAt)}</Detail>}
              {privileged && <Detail label="Created By">{a.createdBy?.name ?? 'Unknown'}</Detail>}
              {privileged && <Detail label="Created At">{formatDateTime(a.createdAt)}</Detail>}
              {privileged && (
                <Detail label="Audience">
                  {audienceDisplay(a.audienceType)}
                  {a.audienceType === 'custom' && <span className="block text-neutral-600">Specific recipients selected ({a.customRecipients.length})</span>}
                </Detail>
              )}
            </dl>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
