/**
 * Where the send stands, in the detail screen's alerts area: queued on this
 * device until the server has it, sending (with Refresh Status), failed, or scheduled.
 */
import { ANNOUNCEMENT_MESSAGES } from '../../../schema/announcements';
import { Alert, Button, Spinner } from '../../ui';
import { DETAIL_MESSAGES } from './detail-messages';
import type { AnnouncementView } from './use-announcements';

export function SendState({
  a,
  queued,
  online,
  refresh,
}: {
  a: AnnouncementView;
  /** A send made offline that the server does not have yet: shown as queued, whatever the cache predicts. */
  queued: boolean;
  online: boolean;
  refresh: { run: () => void; busy: boolean };
}) {
  if (queued) {
    return <Alert tone="warning">{a.status === 'scheduled' && a.scheduledAt != null ? DETAIL_MESSAGES.queuedSchedule(a.scheduledAt) : DETAIL_MESSAGES.queued}</Alert>;
  }
  if (a.status === 'failed') {
    return (
      <Alert tone="error" title={ANNOUNCEMENT_MESSAGES.sendFailed}>
        {ANNOUNCEMENT_MESSAGES.sendFailedDetail}
      </Alert>
    );
  }
  if (a.status === 'sending') {
    return (
      <div role="status" className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-warning-200 bg-warning-50 px-4 py-3 text-sm text-warning-800">
        <Spinner className="text-warning-600" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">Sending emails...</p>
          <p>{online ? DETAIL_MESSAGES.sendingNote : DETAIL_MESSAGES.sendingNoteOffline}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={refresh.run} busy={refresh.busy} busyText="Refreshing..." disabled={!online} title={online ? undefined : 'Needs a connection'}>
          Refresh Status
        </Button>
      </div>
    );
  }
  if (a.status === 'scheduled' && a.scheduledAt != null) return <Alert tone="info">{DETAIL_MESSAGES.scheduled(a.scheduledAt)}</Alert>;
  return null;
}
