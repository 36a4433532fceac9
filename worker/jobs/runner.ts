import type { AppDeps } from '../deps';
import { sendDueAnnouncements, settleAnnouncementDeliveries } from '../domain/announcements';
import { purgeExpiredAuthRows } from '../domain/auth';
import { deliverOutbox } from '../domain/outbox';
import { purgeExpiredRateLimits } from '../services/rate-limit';
import { pruneChangeLog, purgeStaleClientGroups } from '../../sync/server/changes';
import { purgeDismissedNotices } from '../../sync/server/notices';

/** One job: idempotent, and safe when two runs overlap. */
export interface Job {
  name: string;
  run(deps: AppDeps): Promise<void>;
}

export const jobs: Job[] = [
  // Before delivery, so a due announcement's mail goes out in the same tick.
  { name: 'send-scheduled-announcements', run: async (deps) => void (await sendDueAnnouncements(deps)) },
  {
    name: 'deliver-email',
    run: async (deps) => {
      await deliverOutbox(deps);
      // Delivery outcomes end an announcement's send (sent or failed) in the same run, also when nudged.
      await settleAnnouncementDeliveries(deps);
    },
  },
  { name: 'purge-expired-auth', run: (deps) => purgeExpiredAuthRows(deps) },
  { name: 'purge-rate-limits', run: (deps) => purgeExpiredRateLimits(deps.database, deps.clock(), 24 * 60 * 60_000) },
  // Sync bookkeeping: the change log for 30 days (older CVRs recompute in full), idle client groups for 90.
  { name: 'prune-sync-change-log', run: async (deps) => void (await pruneChangeLog(deps, 30 * 86_400_000)) },
  { name: 'purge-stale-sync-groups', run: async (deps) => void (await purgeStaleClientGroups(deps, 90 * 86_400_000)) },
  { name: 'purge-dismissed-notices', run: (deps) => purgeDismissedNotices(deps, 30 * 86_400_000) },
];

/** Runs every job once; one failing job does not stop the others. */
export async function runJobs(deps: AppDeps, only?: string[]): Promise<void> {
  for (const job of jobs) {
    if (only && !only.includes(job.name)) continue;
    try {
      await job.run(deps);
    } catch (e) {
      console.error(`job ${job.name} failed`, e);
    }
  }
}
