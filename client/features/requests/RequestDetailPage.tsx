/**
 * /requests/{id}: breadcrumb, category, status, created date, resolution
 * deadline, description, the way to the messages with their count, the attachment, resolution notes
 * and Activity History. Board and superadmin also see Submitted By (name, email, address), Assigned
 * To and the controls (status, assignment, deadline, notes). Read from the local cache, so it opens
 * offline; REST while the cache has not received the request.
 */
import { useParams } from 'wouter';
import { formatDeadline, requestPolicy } from '../../../schema/requests';
import type { SyncedRequest } from '../../../sync/areas/requests';
import { formatAddress, formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Alert, AttachmentCard, Card, CardBody, CardHeader, DetailScreen, StatusWithQueued, Unavailable, type DetailItems } from '../../ui';
import { RichText } from '../../ui/RichText';
import { ActivityHistory, MessagesLinkCard, useQueuedIds } from '../threads';
import { RequestCategoryBadge, RequestStatusBadge } from './badges';
import { uploadedFileOf } from '../../lib/upload';
import { TriageCard } from './TriageCard';
import { FALLBACK_TITLE, REQUEST_UNAVAILABLE, requestCrumbs, useRequestEntity } from './use-request-entity';

export const QUEUED_REQUEST = 'This request was filed offline. It reaches the board when you reconnect.';

function requestDetails(r: SyncedRequest, board: boolean): DetailItems {
  const address = formatAddress(r.address && { street: r.address.street, unit_number: r.address.unitNumber });
  return [
    { label: 'Category', value: r.category },
    { label: 'Status', value: <RequestStatusBadge status={r.status} /> },
    { label: 'Created', value: formatDateTime(r.createdAt) },
    { label: 'Resolution Deadline', value: r.resolutionDeadline === null ? 'Not set' : formatDeadline(r.resolutionDeadline) },
    board && {
      label: 'Submitted By',
      value: (
        <>
          <span className="block font-medium">{r.resident.name || 'Unknown User'}</span>
          {r.resident.email && <span className="block text-neutral-600">{r.resident.email}</span>}
          {address && <span className="block text-neutral-600">{address}</span>}
        </>
      ),
    },
    board && { label: 'Assigned To', value: r.assignee ? r.assignee.name || 'Unknown User' : 'Unassigned' },
  ];
}

export function RequestDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const me = useCurrentUser();
  const online = useOnline();
  const loaded = useRequestEntity(id);
  const queued = useQueuedIds('createRequest', (args) => args.id);
  const moved = useQueuedIds('setRequestStatus', (args) => args.id);

  if (loaded.unavailable) {
    return <Unavailable state={loaded.unavailable} words={REQUEST_UNAVAILABLE} title={FALLBACK_TITLE} breadcrumb={requestCrumbs(FALLBACK_TITLE)} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  }
  const r = loaded.entity;
  const board = !!me && requestPolicy.seesPeople(me.role);
  const can = me ? requestPolicy.actionsFor({ residentId: r.resident.id }, { userId: me.id, role: me.role }) : null;

  return (
    <DetailScreen
      title={r.title || FALLBACK_TITLE}
      breadcrumb={requestCrumbs(r.title || FALLBACK_TITLE)}
      badges={
        <>
          <RequestCategoryBadge category={r.category} />
          <StatusWithQueued queued={!online && moved.has(r.id)}>
            <RequestStatusBadge status={r.status} />
          </StatusWithQueued>
        </>
      }
      alerts={queued.has(r.id) && !online && <Alert tone="info">{QUEUED_REQUEST}</Alert>}
      details={requestDetails(r, board)}
      aside={can?.changeStatus && loaded.inCache && <TriageCard request={r} />}
    >
      <Card>
        <CardHeader title="Description" />
        <CardBody>
          <RichText html={r.description} className="break-words text-neutral-800" />
        </CardBody>
      </Card>
      <MessagesLinkCard href={`/requests/${r.id}/messages`} messages={r.messages} />
      {r.attachment && <AttachmentCard feature="requests" file={uploadedFileOf(r.attachment)} />}
      {r.resolutionNotes && (
        <Card>
          <CardHeader title="Resolution Notes" />
          <CardBody>
            <p className="text-sm whitespace-pre-wrap text-neutral-800">{r.resolutionNotes}</p>
          </CardBody>
        </Card>
      )}
      {me && <ActivityHistory entries={r.history} viewerRole={me.role} />}
    </DetailScreen>
  );
}
