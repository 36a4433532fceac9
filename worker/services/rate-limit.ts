import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { tooManyRequests } from '../domain/errors';

export interface RateRule {
  /** e.g. `login:ip` */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counter in one statement (an upsert), so concurrent requests and
 * separate Worker isolates count against the same row.
 */
export async function hit(db: Db, rule: RateRule, subject: string, now: number, message: string): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const expired = now - rule.windowMs;
  const rows = await db.all<{ count: number; window_start: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN window_start <= ${expired} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${expired} THEN ${now} ELSE window_start END
    RETURNING count, window_start`);
  const row = rows[0];
  if (row && row.count > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((row.window_start + rule.windowMs - now) / 1000));
    throw tooManyRequests(message, retryAfter);
  }
}

export async function purgeExpiredRateLimits(db: Db, now: number, maxWindowMs: number): Promise<void> {
  await db.run(sql`DELETE FROM rate_limits WHERE window_start <= ${now - maxWindowMs}`);
}
