/** The detail screen's messages and the offline states this app adds. */
import { formatDateTime } from '../../lib/format';

export const DETAIL_MESSAGES = {
  sent: (delivered: number, total: number) => `Announcement sent successfully (${delivered}/${total} emails delivered)`,
  sendingCompleted: 'Announcement status updated - sending completed!',
  retried: (ok: number, failed: number) => `Retry completed: ${ok} succeeded, ${failed} failed`,
  sendFailed: 'Failed to send announcement',
  refreshFailed: 'Failed to refresh announcement',
  retryFailed: 'Failed to retry deliveries',
  /** In the send dialog, offline. */
  sendQueuedOffline: 'The announcement will be sent when you reconnect.',
  /** A send made offline that the server does not have yet. */
  queued: 'Queued — will send when you reconnect',
  queuedSchedule: (at: number) => `Queued — will be scheduled for ${formatDateTime(at)} when you reconnect`,
  sendingNote: 'Sending may take a few minutes. You can leave this page; sending continues.',
  /** The server is sending while this device is offline: it goes on without us. */
  sendingNoteOffline: 'Sending continues on the server. Reconnect to see its progress.',
  scheduled: (at: number) => `Scheduled to send on ${formatDateTime(at)}.`,
} as const;
