/**
 * /compliance/{id}: breadcrumb Compliance > title, the overdue alert, category
 * and status badges (the status control and resolving for board and superadmin), due date with
 * "(Overdue)", created date, the message, the way to the messages (count and time of the last), the
 * photos (thumbnails opening larger; a document as a download), resident and issued-by cards, the resolution card and Activity History; the
 * case's fines and letters (Advance for the board, Request a hearing for the resident), its timeline
 * of every stage with its date, and the hearing. Read
 * from the local cache, so it opens offline; REST while the cache has not received it; on a load error
 * "Back to Violations" and "Try Again".
 */
import { useParams } from 'wouter';
import { overdueMessage, violationPolicy } from '../../../schema/violations';
import type { SyncedViolation } from '../../../sync/areas/violations';
import { formatAddress, formatDate, formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Alert, Card, CardBody, CardHeader, DetailList, DetailScreen, StatusWithQueued, Unavailable, type DetailItems } from '../../ui';
import { RichText } from '../../ui/RichText';
import { ActivityHistory, MessagesLinkCard, useQueuedIds } from '../threads';
import { ViolationCategoryBadge, ViolationStatusBadge } from './badges';
import { CaseTimeline } from './CaseTimeline';
import { FinesCard, HearingCard } from './FinesCard';
import { StatusCard } from './StatusCard';
import { ViolationPhotosCard } from './ViolationPhotos';
import { FALLBACK_TITLE, VIOLATION_UNAVAILABLE, violationCrumbs, useViolationEntity } from './use-violation-entity';
import { isOverdueHere } from './use-violations';
import { DueDate } from './ViolationsPage';

export const QUEUED_VIOLATION = 'This violation was issued offline. It reaches the resident when you reconnect.';

const details = (v: SyncedViolation): DetailItems => [
  { label: 'Category', value: v.category },
  { label: 'Status', value: <ViolationStatusBadge status={v.status} /> },
  { label: 'Due Date', value: <DueDate violation={v} /> },
  { label: 'Created', value: formatDateTime(v.createdAt) },
];

function PersonCard({ title, person, address }: { title: string; person: { name: string; email: string }; address?: string | null }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="text-sm">
        <DetailList
          items={[
            { label: 'Name', value: person.name || 'Unknown User' },
            { label: 'Email', value: person.email || '—' },
            address !== undefined && { label: 'Address', value: address ?? '—' },
          ]}
        />
      </CardBody>
    </Card>
  );
}

export function ViolationDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const me = useCurrentUser();
  const online = useOnline();
  const loaded = useViolationEntity(id);
  const queued = useQueuedIds('issueViolation', (args) => args.id);
  const moved = useQueuedIds('setViolationStatus', (args) => args.id);

  if (loaded.unavailable) {
    return (
      <Unavailable
        state={loaded.unavailable}
        words={VIOLATION_UNAVAILABLE}
        title={FALLBACK_TITLE}
        breadcrumb={violationCrumbs(FALLBACK_TITLE)}
        onRetry={() => window.location.reload()}
      />
    );
  }
  const v = loaded.entity;
  const can = me ? violationPolicy.actionsFor({ residentId: v.resident.id }, { userId: me.id, role: me.role }) : null;
  const title = v.title || FALLBACK_TITLE;

  return (
    <DetailScreen
      title={title}
      breadcrumb={violationCrumbs(title)}
      badges={
        <>
          <ViolationCategoryBadge category={v.category} />
          <StatusWithQueued queued={!online && moved.has(v.id)}>
            <ViolationStatusBadge status={v.status} />
          </StatusWithQueued>
        </>
      }
      alerts={
        <>
          {isOverdueHere(v) && <Alert tone="error">{overdueMessage(v.dueDate)}</Alert>}
          {queued.has(v.id) && !online && <Alert tone="info">{QUEUED_VIOLATION}</Alert>}
        </>
      }
      details={details(v)}
      // The status and fines cards come with the cached row: the person cards wait for them, not move under them.
      asideKnown={loaded.cacheKnown}
      aside={
        <>
          {can?.changeStatus && loaded.inCache && <StatusCard violation={v} />}
          {loaded.inCache && <FinesCard violation={v} />}
          <PersonCard title="Resident" person={v.resident} address={formatAddress(v.address && { street: v.address.street, unit_number: v.address.unitNumber })} />
          <PersonCard title="Issued By" person={v.issuedBy} />
        </>
      }
    >
      <Card>
        <CardHeader title="Violation Details" />
        <CardBody>
          <RichText html={v.message} className="break-words text-neutral-800" />
        </CardBody>
      </Card>
      <CaseTimeline violation={v} />
      <HearingCard violation={v} />
      <MessagesLinkCard href={`/compliance/${v.id}/messages`} messages={v.messages} />
      <ViolationPhotosCard violation={v} />
      {v.resolution && (
        <Card>
          <CardHeader title="Resolution" />
          <CardBody className="text-sm">
            <DetailList
              items={[
                { label: 'Resolved By', value: v.resolution.by.name || 'Unknown User' },
                { label: 'Resolved Date', value: formatDate(v.resolution.at) },
                { label: 'Notes', value: v.resolution.notes ? <span className="whitespace-pre-wrap">{v.resolution.notes}</span> : 'No notes' },
              ]}
            />
          </CardBody>
        </Card>
      )}
      {me && <ActivityHistory entries={v.history} viewerRole={me.role} />}
    </DetailScreen>
  );
}
