/**
 * The retention job: rows older than seven years leave the trail. The delete is guarded twice: by the
 * clock (what the job means) and by the database's own "now" (what the append-only trigger allows),
 * so the job never asks for a delete the trigger refuses.
 */
import { sql } from 'drizzle-orm';
import { ACTIVITY_RETENTION_YEARS } from '../../../schema/activity';
import type { AppDeps } from '../../deps';

export async function purgeOldActivity(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ACTIVITY_RETENTION_YEARS);
  const modifier = `-${ACTIVITY_RETENTION_YEARS} years`;
  const result = await deps.database.transaction((tx) =>
    tx.run(sql`DELETE FROM activity WHERE at < ${cutoff.getTime()} AND at <= CAST(strftime('%s', 'now', ${modifier}) AS INTEGER) * 1000`),
  );
  return result.rowsAffected;
}
