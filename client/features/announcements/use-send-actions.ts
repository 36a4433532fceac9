/**
 * The detail screen's send actions: Send (the `sendAnnouncement` mutator, so it
 * works offline), Refresh Status and Retry (REST, they need the server now), and what each reports:
 * the send's delivery result once the server's counts reach the cache, "sending completed" when a
 * sending announcement finishes while open, the retry's summary. Messages clear after 5 seconds.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiAnnouncement } from '../../../schema/announcements';
import { useReplicache } from '../../lib/replicache';
import { useTimedMessage } from '../../lib/use-nav-banner';
import type { RemoteRow } from '../../lib/use-synced-entity';
import { retryDeliveries } from './announcements-api';
import { DETAIL_MESSAGES } from './detail-messages';
import type { AnnouncementView } from './use-announcements';

export function useSendActions(id: string, a: AnnouncementView | undefined, remote: RemoteRow<ApiAnnouncement>) {
  const rep = useReplicache();
  const [success, flash] = useTimedMessage();
  const [error, setError] = useState<string | null>(null);
  const [awaitingSend, setAwaitingSend] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [retrying, setRetrying] = useState(false);

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

  async function send(scheduledAt: string | null) {
    setError(null);
    try {
      if (!rep) throw new Error(DETAIL_MESSAGES.sendFailed);
      await rep.mutate.sendAnnouncement({ id, scheduled_at: scheduledAt });
      if (!scheduledAt) setAwaitingSend(true);
    } catch {
      setError(DETAIL_MESSAGES.sendFailed);
    }
  }

  async function refreshStatus() {
    setError(null);
    // From here on the outcome is reported as a status update, not as the result of the send.
    setAwaitingSend(false);
    setRefreshing(true);
    try {
      rep?.pull().catch(() => {});
      const fresh = await remote.reload();
      if (fresh.status === 'sent') flash(DETAIL_MESSAGES.sendingCompleted);
    } catch {
      setError(DETAIL_MESSAGES.refreshFailed);
    } finally {
      setRefreshing(false);
    }
  }

  async function retryAll() {
    setError(null);
    setRetrying(true);
    try {
      const result = await retryDeliveries(id);
      remote.set(result);
      flash(DETAIL_MESSAGES.retried(result.retry_summary.email_delivered, result.retry_summary.email_failed));
      rep?.pull().catch(() => {});
    } catch (e) {
      console.error(DETAIL_MESSAGES.retryFailed, e);
      setError(DETAIL_MESSAGES.retryFailed);
    } finally {
      setRetrying(false);
    }
  }

  return {
    success,
    error,
    clearError: () => setError(null),
    send,
    refresh: { run: () => void refreshStatus(), busy: refreshing },
    retry: { run: () => void retryAll(), busy: retrying },
  };
}
