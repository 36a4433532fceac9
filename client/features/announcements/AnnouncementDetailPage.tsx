/**
 * /announcements/{id} (community §2, §4): read from the local cache, so it opens offline. Opening a
 * published announcement marks it read (a synced mutation). Send goes through the `sendAnnouncement`
 * mutator (it works offline and happens when the push reaches the server); its result is read from
 * the cache once the server's delivery counts arrive. Per-recipient lists and retries need the
 * server (`GET /api/announcements/:id`, `POST …/retry`).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { ANNOUNCEMENT_MESSAGES, announcementPolicy, AUDIENCE_LABELS, type ApiAnnouncement } from '../../../schema/announcements';
import { fileSizeText } from '../../../schema/uploads';
import { formatDateTime } from '../../lib/format';
import { useReplicache, useSyncStatus } from '../../lib/replicache';
import { useCurrentUser, useHasRole } from '../../lib/session';
import { Alert, Badge, Button, ButtonLink, Card, CardBody, CardHeader, Dialog, Field, Input, PageHeader, Spinner, cx } from '../../ui';
import { attachmentDownloadUrl, recipientsText, retryDeliveries, successRate, viewOfApi } from './announcements-api';
import { AnnouncementUnavailable, unavailableMessage } from './AnnouncementUnavailable';
import { CategoryBadge, StatusBadge } from './badges';
import { RichText } from './RichText';
import { useAnnouncement, type AnnouncementView } from './use-announcements';
import { useNavBanner, useTimedMessage } from './use-nav-banner';
import { useRemoteAnnouncement } from './use-remote-announcement';

export const DETAIL_MESSAGES = {
  sent: (delivered: number, total: number) => `Announcement sent successfully (${delivered}/${total} emails delivered)`,
  sendingCompleted: 'Announcement status updated - sending completed!',
  retried: (ok: number, failed: number) => `Retry completed: ${ok} succeeded, ${failed} failed`,
  sendFailed: 'Failed to send announcement',
  refreshFailed: 'Failed to refresh announcement',
  retryFailed: 'Failed to retry deliveries',
  downloadFailed: 'Failed to download attachment',
  sendQueuedOffline: 'The announcement will be sent when you reconnect.',
} as const;

const crumbsFor = (title: string) => [{ label: 'Announcements', href: '/announcements' }, { label: title }];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-neutral-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-neutral-900">{children}</dd>
    </div>
  );
}

function Tile({ label, value, tone }: { label: string; value: ReactNode; tone?: 'success' | 'warning' | 'danger' }) {
  const color = tone === 'success' ? 'text-success-700' : tone === 'warning' ? 'text-warning-700' : tone === 'danger' ? 'text-danger-700' : 'text-neutral-900';
  return (
    <div className="rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2.5">
      <p className="text-xs font-medium text-neutral-600">{label}</p>
      <p className={cx('tabular mt-0.5 text-xl font-semibold', color)}>{value}</p>
    </div>
  );
}

/** Names and emails in a list that scrolls at about 24rem (community §9). */
function PeopleList({ label, people, empty }: { label: string; people: { _id: string; name: string; email: string; note?: ReactNode }[]; empty: string }) {
  if (people.length === 0) return <p className="px-5 py-4 text-sm text-neutral-600">{empty}</p>;
  return (
    <ul className="max-h-96 divide-y divide-neutral-200 overflow-y-auto" tabIndex={0} aria-label={label}>
      {people.map((p) => (
        <li key={p._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-5 py-2.5 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium text-neutral-900">{p.name}</span>
            <span className="block truncate text-neutral-600">{p.email}</span>
          </span>
          {p.note}
        </li>
      ))}
    </ul>
  );
}

interface Counts {
  total: number;
  delivered: number;
  failed: number;
  pending: number;
}

/** Counts from the server's lists when loaded, else from the cache. */
function countsOf(a: AnnouncementView, remote: ApiAnnouncement | null): Counts | null {
  const s = remote?.delivery_stats;
  if (s) return { total: s.total_sent, delivered: s.email_delivered.length, failed: s.email_failed.length, pending: s.pending.length };
  return a.deliveryCounts;
}

/** `YYYY-MM-DDTHH:mm` in local time, the value format of a datetime-local input. */
const localDateTimeValue = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function SendDialog({ open, onClose, onSend, audience, online }: { open: boolean; onClose: () => void; onSend: (scheduledAt: string | null) => Promise<void>; audience: string; online: boolean }) {
  const [later, setLater] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    let at: string | null = null;
    if (later) {
      const when = new Date(later);
      if (Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
        setError('Choose a time in the future');
        return;
      }
      at = when.toISOString();
    }
    setBusy(true);
    try {
      await onSend(at);
      onClose();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send announcement"
      description={`Recipients (${audience}) receive an email notification and can view the announcement in the app.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} busy={busy} busyText="Sending...">
            {later ? 'Schedule' : 'Send'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Field label="Send later (optional)" error={error ?? undefined} hint="Leave empty to send now.">
          <Input
            type="datetime-local"
            min={localDateTimeValue(new Date())}
            value={later}
            onChange={(e) => {
              setLater(e.target.value);
              setError(null);
            }}
            invalid={!!error}
          />
        </Field>
        {!online && <p className="text-sm text-warning-800">{DETAIL_MESSAGES.sendQueuedOffline}</p>}
      </div>
    </Dialog>
  );
}

export function AnnouncementDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const rep = useReplicache();
  const privileged = useHasRole('board');
  const me = useCurrentUser();
  const { online } = useSyncStatus();
  const { announcement: cached, loading } = useAnnouncement(id);
  // Board members load the delivery lists; anyone loads the row while the cache lacks it.
  const remote = useRemoteAnnouncement(id, { enabled: online && !loading && (!cached || (privileged && cached.status !== 'draft')), version: cached?.version });
  const a: AnnouncementView | undefined = cached ?? (remote.data ? viewOfApi(remote.data) : undefined);

  const [banner, clearBanner] = useNavBanner();
  const [success, flash] = useTimedMessage();
  const [actionError, setActionError] = useState<string | null>(null);
  const [sendOpen, setSendOpen] = useState(false);
  const [awaitingSend, setAwaitingSend] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [downloading, setDownloading] = useState(false);

  // Drafts are not marked read (§4); scheduled ones are not out yet either.
  const shouldMarkRead = !!cached && !cached.isReadBy && announcementPolicy.canMarkRead(cached);
  useEffect(() => {
    if (shouldMarkRead && rep) rep.mutate.markAnnouncementRead({ id }).catch(() => {});
  }, [shouldMarkRead, rep, id]);

  // The send this user made: report it once the server's delivery counts are in the cache.
  const status = a?.status;
  const delivered = a?.deliveryCounts?.delivered;
  const total = a?.deliveryCounts?.total;
  const previousStatus = useRef(status);
  useEffect(() => {
    const previous = previousStatus.current;
    previousStatus.current = status;
    if (awaitingSend) {
      if (!status || status === 'draft' || status === 'sending') return;
      setAwaitingSend(false);
      if (status === 'sent' && total !== undefined && delivered !== undefined) flash(DETAIL_MESSAGES.sent(delivered, total));
    } else if (previous === 'sending' && status === 'sent') {
      // The cache refreshes itself (pokes): a sending announcement that finishes while open says so, as Refresh Status does.
      flash(DETAIL_MESSAGES.sendingCompleted);
    }
  }, [awaitingSend, status, delivered, total, flash]);

  const waiting = loading || (!a && (remote.loading || (online && !remote.error)));
  if (waiting || !a) {
    return <AnnouncementUnavailable title="View Announcement" breadcrumb={crumbsFor('View Announcement')} loading={waiting} message={unavailableMessage(online, remote.error)} />;
  }

  const counts = countsOf(a, remote.data);
  const stats = remote.data?.delivery_stats ?? null;
  const sending = a.status === 'sending';
  const hasFailures = (counts?.failed ?? 0) > 0;
  // A draft made offline has not had its audience resolved by the server yet (custom lists are known).
  const recipientsKnown = a.version > 0 || a.audienceType === 'custom';
  const createdBy = a.createdBy?.name ?? (privileged && a.version === 0 ? (me?.name ?? 'Unknown') : 'Unknown');

  async function send(scheduledAt: string | null) {
    setActionError(null);
    if (!rep) {
      setActionError(DETAIL_MESSAGES.sendFailed);
      return;
    }
    try {
      await rep.mutate.sendAnnouncement({ id, scheduled_at: scheduledAt });
      if (!scheduledAt) setAwaitingSend(true);
    } catch {
      setActionError(DETAIL_MESSAGES.sendFailed);
    }
  }

  async function refreshStatus() {
    setActionError(null);
    // From here on the outcome is reported as a status update, not as the result of the send.
    setAwaitingSend(false);
    setRefreshing(true);
    try {
      rep?.pull().catch(() => {});
      const fresh = await remote.reload();
      if (fresh.status === 'sent') flash(DETAIL_MESSAGES.sendingCompleted);
    } catch {
      setActionError(DETAIL_MESSAGES.refreshFailed);
    } finally {
      setRefreshing(false);
    }
  }

  async function retryAll() {
    setActionError(null);
    setRetrying(true);
    try {
      const result = await retryDeliveries(id);
      remote.set(result);
      flash(DETAIL_MESSAGES.retried(result.retry_summary.email_delivered, result.retry_summary.email_failed));
      rep?.pull().catch(() => {});
    } catch (e) {
      console.error(DETAIL_MESSAGES.retryFailed, e);
      setActionError(DETAIL_MESSAGES.retryFailed);
    } finally {
      setRetrying(false);
    }
  }

  async function download(s3Key: string) {
    setActionError(null);
    setDownloading(true);
    try {
      const { downloadUrl } = await attachmentDownloadUrl(s3Key);
      // A new tab keeps the app open; 'noopener' would make window.open return null, so cut the opener by hand.
      const tab = window.open(downloadUrl, '_blank');
      if (tab) tab.opener = null;
      else window.location.assign(downloadUrl);
    } catch {
      setActionError(DETAIL_MESSAGES.downloadFailed);
    } finally {
      setDownloading(false);
    }
  }

  const needsConnection = online ? undefined : 'Needs a connection';
  const actions = privileged ? (
    <>
      {a.status === 'draft' && (
        <>
          <ButtonLink href={`/announcements/${a.id}/edit`} variant="secondary">
            Edit
          </ButtonLink>
          <Button onClick={() => setSendOpen(true)}>Send</Button>
        </>
      )}
      {a.status === 'failed' && (
        <Button onClick={retryAll} busy={retrying} busyText="Retrying..." disabled={!online} title={needsConnection}>
          Retry Send
        </Button>
      )}
      {a.status === 'sent' && hasFailures && (
        <Button onClick={retryAll} busy={retrying} busyText="Retrying..." disabled={!online || sending} title={needsConnection}>
          Retry All
        </Button>
      )}
    </>
  ) : undefined;

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
        actions={actions}
      />

      <div className="mb-6 space-y-3 empty:hidden">
        {banner && (
          <Alert tone="success" onDismiss={clearBanner}>
            {banner}
          </Alert>
        )}
        {success && <Alert tone="success">{success}</Alert>}
        {actionError && (
          <Alert tone="error" onDismiss={() => setActionError(null)}>
            {actionError}
          </Alert>
        )}
        {a.status === 'failed' && (
          <Alert tone="error" title={ANNOUNCEMENT_MESSAGES.sendFailed}>
            {ANNOUNCEMENT_MESSAGES.sendFailedDetail}
          </Alert>
        )}
        {sending && (
          <div role="status" className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-warning-200 bg-warning-50 px-4 py-3 text-sm text-warning-800">
            <Spinner className="text-warning-600" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">Sending emails...</p>
              <p>{online ? 'Sending may take a few minutes. You can leave this page; sending continues.' : DETAIL_MESSAGES.sendQueuedOffline}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={refreshStatus} busy={refreshing} busyText="Refreshing..." disabled={!online} title={needsConnection}>
              Refresh Status
            </Button>
          </div>
        )}
        {a.status === 'scheduled' && a.scheduledAt != null && <Alert tone="info">Scheduled to send on {formatDateTime(a.scheduledAt)}.</Alert>}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader title="Message" />
            <CardBody>
              <RichText html={a.message} className="break-words text-neutral-800" />
            </CardBody>
          </Card>

          {a.attachment && (
            <Card>
              <CardHeader title="Attachment" />
              <CardBody className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0 text-sm">
                  <p className="truncate font-medium text-neutral-900">{a.attachment.filename}</p>
                  <p className="tabular text-neutral-600">
                    {a.attachment.fileType.toUpperCase()} · {fileSizeText(a.attachment.fileSize)}
                  </p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <Button variant="secondary" size="sm" onClick={() => download(a.attachment!.s3Key)} busy={downloading} busyText="Preparing..." disabled={!online}>
                    Download<span className="sr-only"> {a.attachment.filename}</span>
                  </Button>
                  {!online && <p className="text-xs text-neutral-600">Downloads need a connection.</p>}
                </div>
              </CardBody>
            </Card>
          )}

          {privileged && counts && (
            <Card>
              <CardHeader title="Delivery Statistics" description={online ? undefined : 'Offline: the counts are from your last sync; the recipient lists need a connection.'} />
              <CardBody className="space-y-4">
                <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
                  <Tile label="Intended Recipients" value={counts.total} />
                  <Tile label="Successfully Delivered" value={counts.delivered} tone={counts.delivered ? 'success' : undefined} />
                  <Tile label="Sending in Progress" value={counts.pending} tone={counts.pending ? 'warning' : undefined} />
                  <Tile label="Sending Failed" value={counts.failed} tone={counts.failed ? 'danger' : undefined} />
                </div>
                {a.status === 'sent' && (
                  <div>
                    <div className="flex items-baseline justify-between text-sm">
                      <span className="font-medium text-neutral-800">Delivery Success Rate</span>
                      <span className="tabular font-semibold text-neutral-900">{successRate(counts.delivered, counts.total)}%</span>
                    </div>
                    <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-neutral-200" aria-hidden="true">
                      <div className="h-full rounded-full bg-success-600" style={{ width: `${successRate(counts.delivered, counts.total)}%` }} />
                    </div>
                  </div>
                )}
              </CardBody>
            </Card>
          )}

          {privileged && hasFailures && (
            <Card>
              <CardHeader title="Failed Email Deliveries" />
              {stats ? (
                <PeopleList
                  label="Failed Email Deliveries"
                  empty="No failed deliveries"
                  people={stats.email_failed.map((f) => ({ ...f, note: f.error ? <span className="text-xs text-danger-700">{f.error}</span> : undefined }))}
                />
              ) : (
                <p className="px-5 py-4 text-sm text-neutral-600">{online ? 'Loading...' : 'The list of failed deliveries needs a connection.'}</p>
              )}
            </Card>
          )}

          {privileged && remote.data && remote.data.recipients.length > 0 && (
            <Card>
              <CardHeader title="Recipients" description={recipientsText(remote.data.recipients.length)} />
              <PeopleList
                label="Recipients"
                empty="No recipients"
                people={remote.data.recipients.map((r) => {
                  const failed = stats?.email_failed.some((f) => f._id === r._id);
                  const done = stats?.email_delivered.some((d) => d._id === r._id);
                  const note = failed ? <Badge variant="destructive">Failed</Badge> : done ? <Badge variant="success">Delivered</Badge> : stats ? <Badge variant="warning">Pending</Badge> : undefined;
                  return { ...r, note };
                })}
              />
            </Card>
          )}
        </div>

        <Card>
          <CardHeader title="Details" />
          <CardBody>
            <dl className="space-y-3">
              {a.sentAt != null && <Detail label="Sent At">{formatDateTime(a.sentAt)}</Detail>}
              {recipientsKnown && <Detail label="Total Recipients">{recipientsText(a.totalRecipients)}</Detail>}
              {privileged && <Detail label="Created By">{createdBy}</Detail>}
              {privileged && <Detail label="Created At">{formatDateTime(a.createdAt)}</Detail>}
              {privileged && (
                <Detail label="Audience">
                  {AUDIENCE_LABELS[a.audienceType]}
                  {a.audienceType === 'custom' && <span className="block text-neutral-600">Specific recipients selected ({a.customRecipients.length})</span>}
                </Detail>
              )}
            </dl>
          </CardBody>
        </Card>
      </div>

      {privileged && a.status === 'draft' && (
        <SendDialog open={sendOpen} onClose={() => setSendOpen(false)} onSend={send} audience={AUDIENCE_LABELS[a.audienceType]} online={online} />
      )}
    </div>
  );
}
