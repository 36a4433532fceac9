import type { AppDeps } from '../deps';
import { purgeExpiredAuthRows } from '../domain/auth';
import { deliverOutbox } from '../domain/outbox';
import { removeOrphanedUploads } from '../domain/uploads';
import { purgeExpiredRateLimits } from '../services/rate-limit';
import { pruneChangeLog, purgeStaleClientGroups } from '../sync/changes';
import { purgeDismissedNotices } from '../sync/notices';
import type { Job } from './job';

const DAY = 86_400_000;

/** The platform's jobs, run after the areas' own (a due scheduled send queues mail the delivery below sends in the same tick). */
const platformJobs: Job[] = [
  {
    name: 'deliver-email',
    run: async (deps) => {
      await deliverOutbox(deps);
      // Delivery outcomes end what the mail was about (an announcement's send) in the same run, also when nudged.
      for (const settle of deps.areas.afterEmailDelivery) await settle(deps);
    },
  },
  { name: 'purge-expired-auth', run: (deps) => purgeExpiredAuthRows(deps) },
  { name: 'purge-rate-limits', run: (deps) => purgeExpiredRateLimits(deps.database, deps.clock(), DAY) },
  // Sync bookkeeping: the change log for 30 days (older CVRs recompute in full), idle client groups for 90, dismissed notices for 30.
  { name: 'prune-sync-change-log', run: (deps) => pruneChangeLog(deps, 30 * DAY) },
  { name: 'purge-stale-sync-groups', run: (deps) => purgeStaleClientGroups(deps, 90 * DAY) },
  { name: 'purge-dismissed-notices', run: (deps) => purgeDismissedNotices(deps, 30 * DAY) },
  // Uploads no record took within a day (a photo of a violation discarded on the device).
  { name: 'remove-orphaned-uploads', run: (deps) => removeOrphanedUploads(deps) },
];

/** Runs every job once (or those named in `only`); one failing job does not stop the others. */
export async function runJobs(deps: AppDeps, only?: string[]): Promise<void> {
  for (const job of [...deps.areas.jobs, ...platformJobs]) {
    if (only && !only.includes(job.name)) continue;
    try {
      await job.run(deps);
    } catch (e) {
      console.error(`job ${job.name} failed`, e);
    }
  }
}
