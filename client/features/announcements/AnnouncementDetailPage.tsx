/**
 * /announcements/{id}: read from the local cache, so it opens offline. Opening a
 * published announcement marks it read (a synced mutation). Send goes through the `sendAnnouncement`
 * mutator (it works offline and happens when the push reaches the server); until the server has it,
 * an offline send reads as queued. Per-recipient lists and retries need the server.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { ANNOUNCEMENT_MESSAGES, announcementPolicy, AUDIENCE_LABELS } from '../../../schema/announcements';
import { useIsQueued, useReplicache, useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { useNavBanner } from '../../lib/use-nav-banner';
import { Alert, AttachmentCard, Badge, Button, ButtonLink, Card, CardBody, CardHeader, DetailScreen, Unavailable } from '../../ui';
import { announcementDetails } from './announcement-details';
import { AnnouncementStatusBadge, CategoryBadge, useSendQueued } from './badges';
import { FailedDeliveries, IntendedRecipients } from './DeliveryLists';
import { deliveryCountsOf, DeliveryStatistics } from './DeliveryStatistics';
import { uploadedFileOf } from '../../lib/upload';
import { RichText } from '../../ui/RichText';
import { SendDialog } from './SendDialog';
import { SendState } from './SendState';
import { ANNOUNCEMENT_UNAVAILABLE, detailCrumbs, FALLBACK_TITLE, useAnnouncementEntity } from './use-announcement-entity';
import { useSendActions } from './use-send-actions';

export function AnnouncementDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const rep = useReplicache();
  const me = useCurrentUser();
  const online = useOnline();
  const privileged = !!me && announcementPolicy.mayManage(me.role);
  // Board members load the delivery lists; anyone loads the row while the cache lacks it.
  const loaded = useAnnouncementEntity(id, (a) => privileged && a.status !== 'draft');
  const { remote } = loaded;
  const actions = useSendActions(id, loaded.entity, remote);
  const [banner, clearBanner] = useNavBanner();
  const [sendOpen, setSendOpen] = useState(false);
  const [pinNote, setPinNote] = useState<string | null>(null);
  // The server does not have this user's send yet. Offline it reads as queued; online it is on its way.
  const sendPending = useIsQueued('sendAnnouncement', (args) => args.id === id);
  const queued = useSendQueued(id);

  // Drafts are not marked read; scheduled ones are not out yet either. The marker needs the cached row.
  const shouldMarkRead = loaded.inCache && !loaded.entity.isReadBy && announcementPolicy.canMarkRead(loaded.entity);
  useEffect(() => {
    if (shouldMarkRead && rep) rep.mutate.markAnnouncementRead({ id }).catch(() => {});
  }, [shouldMarkRead, rep, id]);

  if (loaded.unavailable) {
    return <Unavailable state={loaded.unavailable} words={ANNOUNCEMENT_UNAVAILABLE} title={FALLBACK_TITLE} breadcrumb={detailCrumbs(FALLBACK_TITLE)} />;
  }
  const a = loaded.entity;
  const can = me ? announcementPolicy.actionsFor(a, me.role) : { edit: false, send: false, retry: false, pin: false };
  // A mutator: works offline, and the list reorders at once.
  const togglePin = () => {
    if (!rep) return;
    rep.mutate.pinAnnouncement({ id: a.id, pinned: !a.pinned }).catch(() => {});
    setPinNote(a.pinned ? ANNOUNCEMENT_MESSAGES.unpinnedDone : ANNOUNCEMENT_MESSAGES.pinnedDone);
  };
  const stats = remote.data?.delivery_stats ?? null;
  const counts = deliveryCountsOf(a.deliveryCounts, stats);
  const hasFailures = (counts?.failed ?? 0) > 0;
  const needsConnection = online ? undefined : 'Needs a connection';
  const title = a.title || FALLBACK_TITLE;

  return (
    <DetailScreen
      title={title}
      breadcrumb={detailCrumbs(title)}
      badges={
        <>
          <CategoryBadge category={a.category} />
          <AnnouncementStatusBadge a={a} />
          {a.pinned && <Badge>Pinned</Badge>}
        </>
      }
      actions={
        <>
          {can.edit && (
            <ButtonLink href={`/announcements/${a.id}/edit`} variant="secondary">
              Edit
            </ButtonLink>
          )}
          {can.pin && (
            <Button variant="secondary" onClick={togglePin}>
              {a.pinned ? 'Unpin' : 'Pin to the top'}
            </Button>
          )}
          {can.send && <Button onClick={() => setSendOpen(true)}>Send</Button>}
          {can.retry && a.status === 'failed' && (
            <Button onClick={actions.retry.run} busy={actions.retry.busy} busyText="Retrying..." disabled={!online} title={needsConnection}>
              Retry Send
            </Button>
          )}
          {can.retry && a.status === 'sent' && hasFailures && (
            <Button onClick={actions.retry.run} busy={actions.retry.busy} busyText="Retrying..." disabled={!online} title={needsConnection}>
              Retry All
            </Button>
          )}
        </>
      }
      alerts={
        <>
          {banner && (
            <Alert tone="success" onDismiss={clearBanner}>
              {banner}
            </Alert>
          )}
          {actions.success && <Alert tone="success">{actions.success}</Alert>}
          {pinNote && (
            <Alert tone="success" onDismiss={() => setPinNote(null)}>
              {pinNote}
            </Alert>
          )}
          {actions.error && (
            <Alert tone="error" onDismiss={actions.clearError}>
              {actions.error}
            </Alert>
          )}
          <SendState a={a} queued={queued} online={online} refresh={actions.refresh} />
        </>
      }
      details={announcementDetails(a, { privileged, sendPending, myName: me?.name })}
    >
      <Card>
        <CardHeader title="Message" />
        <CardBody>
          <RichText html={a.message} className="break-words text-neutral-800" />
        </CardBody>
      </Card>
      {a.attachment && <AttachmentCard feature="announcements" file={uploadedFileOf(a.attachment)} />}
      {privileged && counts && <DeliveryStatistics counts={counts} showRate={a.status === 'sent'} online={online} />}
      {privileged && hasFailures && <FailedDeliveries stats={stats} online={online} />}
      {privileged && remote.data && remote.data.recipients.length > 0 && <IntendedRecipients recipients={remote.data.recipients} stats={stats} />}
      {can.send && <SendDialog open={sendOpen} onClose={() => setSendOpen(false)} onSend={actions.send} audience={AUDIENCE_LABELS[a.audienceType]} online={online} />}
    </DetailScreen>
  );
}
