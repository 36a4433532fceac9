import { sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../db';
import { tooManyRequests } from '../domain/errors';

export interface RateRule {
  /** e.g. `login:ip` */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counter in one statement (an upsert), so concurrent requests and separate Worker
 * isolates count against the same row. It is a write, so it goes through the one writer.
 */
export async function hit(database: Database, rule: RateRule, subject: string, now: number, message: string): Promise<void> {
  refuseOverLimit(rule, await count(database, rule, subject, now), now, message);
}

function refuseOverLimit(rule: RateRule, row: { count: number; windowStart: number }, now: number, message: string): void {
  if (row.count > rule.limit) throw tooManyRequests(message, secondsLeftIn(rule, row.windowStart, now));
}

const secondsLeftIn = (rule: RateRule, windowStart: number, now: number) => Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));

/** Adds one to the subject's window (a new window when the old one ended) and returns the count. */
export async function count(database: Database, rule: RateRule, subject: string, now: number): Promise<{ count: number; windowStart: number }> {
  return database.transaction((tx) => countIn(tx, rule, subject, now));
}

/** `count` inside the caller's write transaction; `amount` counts several at once (a push's mutations). */
export async function countIn(tx: Tx, rule: RateRule, subject: string, now: number, amount = 1): Promise<{ count: number; windowStart: number }> {
  const key = `${rule.name}:${subject}`;
  const expired = now - rule.windowMs;
  const rows = await tx.all<{ count: number; window_start: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, ${amount})
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN window_start <= ${expired} THEN ${amount} ELSE count + ${amount} END,
      window_start = CASE WHEN window_start <= ${expired} THEN ${now} ELSE window_start END
    RETURNING count, window_start`);
  return { count: rows[0]?.count ?? 1, windowStart: rows[0]?.window_start ?? now };
}

/**
 * Several `hit`s in one write transaction (one wait for the writer, not one each): every count is
 * taken and committed, then the first rule over its limit refuses.
 */
export async function hitAll(database: Database, hits: { rule: RateRule; subject: string }[], now: number, message: string): Promise<void> {
  const rows = await database.transaction(async (tx) => {
    const out = [];
    for (const { rule, subject } of hits) out.push({ rule, ...(await countIn(tx, rule, subject, now)) });
    return out;
  });
  for (const row of rows) refuseOverLimit(row.rule, row, now, message);
}

/** The subject's count in its current window, without counting (a read: it does not wait for the writer). */
export async function currentCount(db: DbOrTx, rule: RateRule, subject: string, now: number): Promise<{ count: number; windowStart: number }> {
  const [row] = await db.all<{ count: number; window_start: number }>(sql`SELECT count, window_start FROM rate_limits WHERE key = ${`${rule.name}:${subject}`}`);
  if (!row || row.window_start <= now - rule.windowMs) return { count: 0, windowStart: now };
  return { count: row.count, windowStart: row.window_start };
}

/**
 * How much of the subject's window is left, without counting (a read: no writer); once nothing is,
 * 429 with the window's Retry-After. For budgets spent by amounts (`countIn(…, amount)`).
 */
export async function budgetLeft(db: DbOrTx, rule: RateRule, subject: string, now: number, message: string): Promise<number> {
  const { count, windowStart } = await currentCount(db, rule, subject, now);
  if (count >= rule.limit) throw tooManyRequests(message, secondsLeftIn(rule, windowStart, now));
  return rule.limit - count;
}

/** Takes back one count (an attempt counted up front that turned out to succeed). */
export async function giveBack(database: Database, rule: RateRule, subject: string): Promise<void> {
  await database.transaction((tx) => giveBackIn(tx, rule, subject));
}

/** `giveBack` inside the caller's write transaction. */
export async function giveBackIn(tx: Tx, rule: RateRule, subject: string): Promise<void> {
  await tx.run(sql`UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ${`${rule.name}:${subject}`}`);
}

/** Housekeeping: windows that ended. Takes the write lock only when there is something to delete. */
export async function purgeExpiredRateLimits(database: Database, now: number, maxWindowMs: number): Promise<void> {
  const cutoff = now - maxWindowMs;
  const [old] = await database.db.all(sql`SELECT 1 FROM rate_limits WHERE window_start <= ${cutoff} LIMIT 1`);
  if (!old) return;
  await database.transaction((tx) => tx.run(sql`DELETE FROM rate_limits WHERE window_start <= ${cutoff}`));
}
