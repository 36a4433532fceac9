import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { emailOutbox } from '../../schema/tables';
import type { DbOrTx } from '../db';
import type { AppDeps } from '../deps';
import type { DeliveryResult } from '../services/mailer';
import { renderPending, type PendingMail } from './mail-render';
import { notFound } from './errors';

const MINUTE = 60_000;
/** Wait before attempt 2, 3 and 4; after the 4th failed attempt the row is failed for good. */
export const RETRY_BACKOFF_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE];
export const MAX_ATTEMPTS = RETRY_BACKOFF_MS.length + 1;
/** A row left in `sending` this long (a run that crashed mid-send) is claimed again. */
export const STALE_CLAIM_MS = 10 * MINUTE;
const BATCH_SIZE = 100;
/** What a delivered mail with a single-use link keeps of its body. */
export const REDACTED_BODY = '[Removed after delivery: this mail contained a single-use link.]';

export interface OutboxRunSummary {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * One delivery run: claim due rows (queued → sending with a conditional update, so two overlapping
 * runs never take the same row), hand them to the mailer outside any transaction, then record each
 * outcome: delivered with the provider id, queued again with backoff, or failed with the error.
 */
export async function deliverOutbox(deps: AppDeps, opts: { limit?: number; ref?: string } = {}): Promise<OutboxRunSummary> {
  const now = deps.clock();
  const summary: OutboxRunSummary = { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
  const due = and(
    or(
      and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, now)),
      and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.claimedAt, now - STALE_CLAIM_MS)),
    ),
    // `ref`: only the mail of one thing (an announcement's send delivers its own rows before answering).
    opts.ref ? eq(emailOutbox.ref, opts.ref) : undefined,
  );
  const claimed = await deps.database.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(due)
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(opts.limit ?? BATCH_SIZE);
    if (candidates.length === 0) return [];
    // The `due` condition again in the update: only rows still unclaimed are taken.
    return tx
      .update(emailOutbox)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(inArray(emailOutbox.id, candidates.map((c) => c.id)), due))
      .returning();
  });
  summary.claimed = claimed.length;
  if (claimed.length === 0) return summary;

  // Mail not rendered yet (its transaction's process stopped before it could): rendered now.
  const bodies = await renderPending(claimed.filter((r) => r.props !== null) as PendingMail[]);
  const unrenderable = new Map<string, DeliveryResult>();
  const sendable: OutboxRow[] = [];
  for (const row of claimed) {
    const body = bodies.get(row.id);
    if (body instanceof Error) unrenderable.set(row.id, { id: row.id, ok: false, error: body.message, permanent: true });
    else sendable.push(body ? Object.assign(row, body, { props: null }) : row);
  }

  let results: DeliveryResult[];
  try {
    results = sendable.length ? await deps.mailer.send(sendable.map((r) => ({ id: r.id, to: r.toEmail, subject: r.subject, html: r.html, text: r.text }))) : [];
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    results = sendable.map((r) => ({ id: r.id, ok: false as const, error, permanent: false }));
  }
  const byId = new Map([...results, ...unrenderable.values()].map((r) => [r.id, r]));

  const doneAt = deps.clock();
  // The local mailer's outbox IS the mailbox (/dev/mail, this machine only): it keeps the bodies.
  const redactable = deps.mailer.kind !== 'local';
  // What the row keeps of its body: blanked when it held a single-use link, else the body rendered in this run.
  const keptBody = (row: OutboxRow) =>
    redactable && row.redactAfterDelivery ? { html: REDACTED_BODY, text: REDACTED_BODY, props: null } : bodies.has(row.id) && !unrenderable.has(row.id) ? { subject: row.subject, html: row.html, text: row.text, props: null } : {};
  await deps.database.transaction(async (tx) => {
    for (const row of claimed) {
      const result = byId.get(row.id) ?? { id: row.id, ok: false as const, error: 'No delivery result from the mailer', permanent: false };
      // Only rows this run still holds (a stale-claim takeover may have moved them on).
      const held = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.claimedAt, now));
      if (result.ok) {
        summary.delivered++;
        await tx
          .update(emailOutbox)
          .set({ status: 'delivered', providerId: result.providerId, deliveredAt: doneAt, lastError: null, claimedAt: null, ...keptBody(row) })
          .where(held);
      } else if (result.permanent || row.attempts >= MAX_ATTEMPTS) {
        summary.failed++;
        await tx.update(emailOutbox).set({ status: 'failed', lastError: result.error.slice(0, 1000), claimedAt: null, ...keptBody(row) }).where(held);
      } else {
        summary.retrying++;
        const wait = RETRY_BACKOFF_MS[Math.min(row.attempts - 1, RETRY_BACKOFF_MS.length - 1)];
        await tx
          .update(emailOutbox)
          .set({ status: 'queued', lastError: result.error.slice(0, 1000), nextAttemptAt: doneAt + wait, claimedAt: null })
          .where(held);
      }
    }
  });
  return summary;
}

/**
 * Sends again now: failed rows (a board member's "retry" of failed deliveries) get a fresh set of
 * attempts. Returns how many rows were queued again.
 */
export async function requeueFailed(deps: AppDeps, where: { hoaId: string; ids?: string[]; ref?: string }): Promise<number> {
  const now = deps.clock();
  const scope = and(
    eq(emailOutbox.status, 'failed'),
    eq(emailOutbox.hoaId, where.hoaId),
    where.ids ? inArray(emailOutbox.id, where.ids) : undefined,
    where.ref ? eq(emailOutbox.ref, where.ref) : undefined,
  );
  const rows = await deps.database.transaction((tx) =>
    tx.update(emailOutbox).set({ status: 'queued', attempts: 0, nextAttemptAt: now }).where(scope).returning({ id: emailOutbox.id }),
  );
  if (rows.length) deps.onEmailQueued?.();
  return rows.length;
}

/** One recipient's delivery, for the statistics of whatever the mail was about. */
export interface RecipientDelivery {
  outboxId: string;
  userId: string | null;
  email: string;
  status: 'queued' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  error: string | null;
  deliveredAt: number | null;
}

/**
 * Delivery of every mail with this `ref` in the HOA (e.g. `announcement:<id>`), grouped by outcome:
 * pending (queued, sending or waiting for a retry), delivered and failed.
 */
export async function deliveriesFor(db: DbOrTx, hoaId: string, ref: string) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.hoaId, hoaId), eq(emailOutbox.ref, ref)))
    .orderBy(asc(emailOutbox.toEmail));
  const out = { total: rows.length, delivered: [] as RecipientDelivery[], failed: [] as RecipientDelivery[], pending: [] as RecipientDelivery[] };
  for (const r of rows) {
    const d: RecipientDelivery = { outboxId: r.id, userId: r.toUserId, email: r.toEmail, status: r.status, attempts: r.attempts, error: r.lastError, deliveredAt: r.deliveredAt };
    (r.status === 'delivered' ? out.delivered : r.status === 'failed' ? out.failed : out.pending).push(d);
  }
  return out;
}

// ---------------------------------------------------------------- the local mailbox (/dev/mail)

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function listMail(deps: AppDeps, opts: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
  return deps.database.db
    .select()
    .from(emailOutbox)
    .where(opts.to ? eq(sql`lower(${emailOutbox.toEmail})`, opts.to.toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`))
    .limit(opts.limit ?? 200);
}

export async function getMail(deps: AppDeps, id: string): Promise<OutboxRow> {
  const [row] = await deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!row) throw notFound('Mail not found');
  return row;
}
