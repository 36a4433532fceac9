/**
 * /applications/:id: the application (description, requested start date, plans and photos, the
 * deadline with its days left), the board's reviews with the acting member's own, the outcome, the
 * decision letter (generated, edited and sent by the board; shown to the resident, printable), the
 * way to the request's messages and the Activity History. From the cache (offline too), REST while the
 * cache lacks it.
 */
import { useParams } from 'wouter';
import { APPLICATION_STATUS_LABELS, applicationPolicy, type DecidedBy } from '../../../schema/applications';
import { formatDay } from '../../../schema/days';
import type { SyncedApplication } from '../../../sync/areas/applications';
import { formatAddress, formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Alert, Card, CardBody, CardHeader, DetailScreen, Unavailable, type DetailItems } from '../../ui';
import { RichText } from '../../ui/RichText';
import { ActivityHistory, MessagesLinkCard, useQueuedIds } from '../threads';
import { useRequest } from '../requests/use-requests';
import { ApplicationFiles } from './ApplicationFiles';
import { ApplicationStatusBadge, DeadlineFlag, DeadlineText } from './badges';
import { LetterEditor, SentLetter } from './LetterCard';
import { ReviewsCard } from './ReviewsCard';
import { APPLICATION_UNAVAILABLE, applicationCrumbs, FALLBACK_TITLE, useApplicationEntity } from './use-applications';

export const QUEUED_APPLICATION = 'This application was submitted offline. It reaches the board when you reconnect; its photos upload first.';
const DECIDED_BY_TEXT: Record<DecidedBy, string> = { reviews: 'by the board’s reviews', motion: 'by a motion at a board meeting', deadline: 'at the review deadline' };

function details(a: SyncedApplication, board: boolean, now: number): DetailItems {
  return [
    { label: 'Status', value: <ApplicationStatusBadge status={a.status} /> },
    { label: 'Submitted', value: formatDateTime(a.submittedAt) },
    { label: 'Requested start', value: formatDay(a.startDate) },
    { label: 'Review deadline', value: <DeadlineText application={a} now={now} /> },
    board && { label: 'Resident', value: a.resident.name || 'Unknown User' },
    { label: 'Address', value: formatAddress(a.address && { street: a.address.street, unit_number: a.address.unitNumber }) ?? '—' },
  ];
}

export function ApplicationDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const me = useCurrentUser();
  const online = useOnline();
  const loaded = useApplicationEntity(id);
  const { request } = useRequest(id);
  const queued = useQueuedIds('submitApplication', (args) => args.id);

  if (loaded.unavailable) {
    return <Unavailable state={loaded.unavailable} words={APPLICATION_UNAVAILABLE} title={FALLBACK_TITLE} breadcrumb={applicationCrumbs(FALLBACK_TITLE)} onRetry={() => void loaded.remote.reload().catch(() => {})} />;
  }
  const a = loaded.entity;
  const now = Date.now();
  const board = !!me && applicationPolicy.seesReviews(me.role);
  const can = me ? applicationPolicy.actionsFor(a, me.role) : { review: false, sendLetter: false };
  const decided = a.decidedAt != null && a.decidedBy;

  return (
    <DetailScreen
      title={a.title || FALLBACK_TITLE}
      breadcrumb={applicationCrumbs(a.title || FALLBACK_TITLE)}
      badges={
        <>
          <ApplicationStatusBadge status={a.status} />
          {a.status === 'under_review' && <DeadlineFlag application={a} now={now} />}
        </>
      }
      alerts={queued.has(a.id) && !online && <Alert tone="info">{QUEUED_APPLICATION}</Alert>}
      details={details(a, board, now)}
      aside={board && loaded.inCache && <div className="print:hidden"><ReviewsCard application={a} canReview={can.review} /></div>}
    >
      {a.letter && <SentLetter letter={a.letter} />}
      <div className="space-y-6 print:hidden">
        {decided && (
          <Alert tone={a.status === 'denied' ? 'error' : 'success'}>
            {APPLICATION_STATUS_LABELS[a.status]} {DECIDED_BY_TEXT[a.decidedBy!]} on {formatDateTime(a.decidedAt!)}.
          </Alert>
        )}
        {a.status === 'escalated' && <Alert tone="warning">No decision by the deadline: the application is with the full board.</Alert>}
        {can.sendLetter && loaded.inCache && <LetterEditor application={a} />}
        <Card>
          <CardHeader title="Description" />
          <CardBody>
            <RichText html={a.description} className="break-words text-neutral-800" />
          </CardBody>
        </Card>
        <ApplicationFiles photos={a.photos} plans={a.plans} refused={a.photosRefused} />
        <MessagesLinkCard href={`/requests/${a.id}/messages`} messages={request?.messages ?? []} />
        {me && <ActivityHistory entries={a.history} viewerRole={me.role} />}
      </div>
    </DetailScreen>
  );
}
