import type { AppDeps } from '../deps';
import { purgeExpiredAuthRows } from '../domain/auth';
import { deliverOutbox } from '../domain/outbox';
import { purgeExpiredRateLimits } from '../services/rate-limit';

/** One job: idempotent, and safe when two runs overlap. */
export interface Job {
  name: string;
  run(deps: AppDeps): Promise<void>;
}

export const jobs: Job[] = [
  { name: 'deliver-email', run: async (deps) => void (await deliverOutbox(deps)) },
  { name: 'purge-expired-auth', run: (deps) => purgeExpiredAuthRows(deps) },
  { name: 'purge-rate-limits', run: (deps) => purgeExpiredRateLimits(deps.database.db, deps.clock(), 24 * 60 * 60_000) },
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
