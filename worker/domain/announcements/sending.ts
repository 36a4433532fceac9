/**
 * Sending: draft → sending (one `announcement_deliveries` row and one
 * `email_outbox` row per recipient) → the outbox job delivers → `settleAnnouncementDeliveries`
 * copies each final outcome onto its delivery row and ends the status in `sent` (at least one
 * delivered) or `failed`. Scheduled sends go out from a job; failed deliveries can be retried.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES, announcementPolicy } from '../../../schema/announcements';
import { announcementDeliveries, announcements, emailOutbox } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { announcementEmail } from '../../emails';
import { chunks } from '../../services/chunks';
import { queueEmails } from '../../services/email';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, invalidField } from '../errors';
import { deliverOutbox } from '../outbox';
import { assertActiveRecipients, customRecipientIds, resolveAudience, type Member } from './audience';
import { boardRow } from './drafts';
import { getAnnouncement, type AnnouncementRow } from './read';
import { announcementRows } from './sync';
import { hoaNameOf } from '../hoa-name';

type DeliveryRow = typeof announcementDeliveries.$inferSelect;

/** What an announcement's mail is about in the outbox (delivery statistics count by it). */
export const announcementRef = (id: string) => `announcement:${id}`;

/**
 * Queues the email to every recipient (one outbox row and one delivery row each) for a row already
 * moved to `sending`. The mail is rendered once: it is the same for everyone.
 */
async function queueDeliveries(deps: AppDeps, tx: Tx, row: AnnouncementRow, recipients: Member[], now: number): Promise<void> {
  const hoaName = await hoaNameOf(tx, row.hoaId);
  const mail = announcementEmail({
    hoaName: hoaName,
    title: row.title,
    category: row.category,
    messageHtml: row.message,
    url: `${deps.config.appUrl}/announcements/${row.id}`,
    attachmentName: row.attachmentFilename,
  });
  const ref = announcementRef(row.id);
  const outboxIds = await queueEmails(
    deps,
    tx,
    recipients.map((r) => ({ hoaId: row.hoaId, to: r.email, toUserId: r.id, ref, ...mail })),
  );
  const deliveries = recipients.map((r, i) => ({
    id: newId(),
    hoaId: row.hoaId,
    announcementId: row.id,
    userId: r.id,
    email: r.email,
    outboxId: outboxIds[i],
    status: 'pending' as const,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  }));
  for (const part of chunks(deliveries, 50)) await tx.insert(announcementDeliveries).values(part);
}

export interface SendOptions {
  /** Milliseconds; in the future → `scheduled`, otherwise sent now. */
  scheduledAt?: number | null;
  /**
   * Who delivers the first pass. `job` (default, the sync push): the outbox job is nudged after
   * commit. `caller` (REST): the route delivers inline after commit and answers with the numbers.
   */
  delivery?: 'job' | 'caller';
}

/**
 * Sends a draft now (draft → sending, deliveries queued) or schedules it (draft → scheduled).
 * Custom recipients are checked again: all must still be active members. An audience with nobody
 * in it is refused rather than ending as an announcement nobody received.
 */
export async function sendAnnouncement(deps: AppDeps, tx: Tx, actor: Actor, id: string, opts: SendOptions = {}): Promise<AnnouncementRow> {
  const current = await boardRow(tx, actor, id);
  if (!announcementPolicy.isSendable(current)) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftSend);
  const now = deps.clock();
  const onlyDraft = and(eq(announcements.id, current.id), eq(announcements.hoaId, actor.hoaId), eq(announcements.status, 'draft'))!;

  if (opts.scheduledAt != null && opts.scheduledAt > now) {
    const [row] = await announcementRows.update(deps, tx, onlyDraft, { status: 'scheduled', scheduledAt: opts.scheduledAt, updatedAt: now });
    if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftSend);
    return row;
  }

  const custom = current.audienceType === 'custom' ? ((await customRecipientIds(tx, actor.hoaId, [current.id])).get(current.id) ?? []) : [];
  const recipients = current.audienceType === 'custom' ? await assertActiveRecipients(tx, actor.hoaId, custom) : await resolveAudience(tx, actor.hoaId, current.audienceType, []);
  if (recipients.length === 0) throw invalidField('audience_type', ANNOUNCEMENT_MESSAGES.noRecipients);
  const [row] = await announcementRows.update(deps, tx, onlyDraft, { status: 'sending', sentAt: now, scheduledAt: null, updatedAt: now });
  if (!row) throw conflict(ANNOUNCEMENT_MESSAGES.notDraftSend);
  await queueDeliveries(deps, tx, row, recipients, now);
  if (opts.delivery !== 'caller') deps.database.afterCommit(() => deps.onEmailQueued?.());
  return row;
}

/**
 * Job: sends scheduled announcements that are due. Each is claimed with a conditional update
 * (scheduled → sending), so overlapping runs never send one twice. Members who left since the
 * announcement was scheduled are skipped; with nobody left the announcement ends `failed`.
 */
export async function sendDueAnnouncements(deps: AppDeps, opts: { limit?: number } = {}): Promise<number> {
  const now = deps.clock();
  const due = and(eq(announcements.status, 'scheduled'), sql`${announcements.scheduledAt} <= ${now}`, isNull(announcements.deletedAt));
  const candidates = await deps.database.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(due)
    .orderBy(asc(announcements.scheduledAt))
    .limit(opts.limit ?? 20);
  let sent = 0;
  for (const { id } of candidates) {
    const claimed = await deps.database.transaction(async (tx) => {
      const [row] = await announcementRows.update(deps, tx, and(eq(announcements.id, id), due)!, { status: 'sending', sentAt: now, updatedAt: now });
      if (!row) return false;
      const custom = row.audienceType === 'custom' ? ((await customRecipientIds(tx, row.hoaId, [row.id])).get(row.id) ?? []) : [];
      const recipients = await resolveAudience(tx, row.hoaId, row.audienceType, custom);
      if (recipients.length === 0) {
        await announcementRows.update(deps, tx, eq(announcements.id, row.id), { status: 'failed' });
        return false;
      }
      await queueDeliveries(deps, tx, row, recipients, now);
      return true;
    });
    if (claimed) sent++;
  }
  if (sent > 0) deps.onEmailQueued?.();
  return sent;
}

/**
 * After a delivery run: copies final outbox outcomes (delivered, failed) onto the pending delivery
 * rows, then ends each `sending` announcement with nothing pending in `sent` (≥1 delivered) or
 * `failed`. Announcements whose counts changed get a new version, so synced clients see the counts.
 * Cheap when there is nothing to do (one read, no write lock).
 */
export async function settleAnnouncementDeliveries(deps: AppDeps, opts: { announcementId?: string } = {}): Promise<number> {
  const only = opts.announcementId ? sql`AND d.announcement_id = ${opts.announcementId}` : sql``;
  const onlyAnnouncement = opts.announcementId ? sql`AND a.id = ${opts.announcementId}` : sql``;
  const finished = sql`
    SELECT d.id FROM ${announcementDeliveries} d JOIN ${emailOutbox} o ON o.id = d.outbox_id
    WHERE d.status = 'pending' AND o.status IN ('delivered', 'failed') ${only}`;
  const unsettled = sql`
    SELECT a.id FROM ${announcements} a WHERE a.status = 'sending' ${onlyAnnouncement}
      AND NOT EXISTS (SELECT 1 FROM ${announcementDeliveries} d WHERE d.announcement_id = a.id AND d.status = 'pending')`;
  const [work] = await deps.database.db.all(sql`SELECT EXISTS (${finished}) OR EXISTS (${unsettled}) AS any`);
  if (!(work as { any: number } | undefined)?.any) return 0;

  return deps.database.transaction(async (tx) => {
    const now = deps.clock();
    const updated = await tx.all<{ announcementId: string }>(sql`
      UPDATE ${announcementDeliveries}
      SET status = o.status, error = o.last_error, attempts = o.attempts, delivered_at = o.delivered_at, updated_at = ${now}
      FROM ${emailOutbox} o
      WHERE o.id = ${announcementDeliveries}.outbox_id AND ${announcementDeliveries}.id IN (${finished})
      RETURNING announcement_id AS announcementId`);
    const done = await tx.all<{ id: string }>(unsettled);
    const touched = [...new Set([...updated.map((u) => u.announcementId), ...done.map((d) => d.id)])];
    for (const part of chunks(touched)) {
      // Read after the update above: the delivery counts on each row are current (kept by triggers).
      for (const row of await tx.select().from(announcements).where(inArray(announcements.id, part))) {
        const status = row.status === 'sending' && row.deliveriesPending === 0 ? (row.deliveriesDelivered > 0 ? 'sent' : 'failed') : row.status;
        // A new version even when the status stays: the delivery counts in the value changed.
        await announcementRows.update(deps, tx, eq(announcements.id, row.id), { status, updatedAt: now });
      }
    }
    return touched.length;
  });
}

/** How long the REST send and retry wait for their first delivery pass before answering (clients time out at 10 s). */
const INLINE_DELIVERY_BUDGET_MS = 5_000;

/**
 * Delivers this announcement's queued mail now (after the commit, outside any transaction) and
 * settles the outcome, so the answer can say how many were delivered. What does not fit in the
 * budget, or waits for a retry, is left to the outbox job.
 */
export async function deliverAnnouncementNow(deps: AppDeps, id: string): Promise<void> {
  const started = Date.now();
  const ref = announcementRef(id);
  try {
    while (Date.now() - started < INLINE_DELIVERY_BUDGET_MS) {
      const run = await deliverOutbox(deps, { ref });
      if (run.claimed > 0) continue;
      // Nothing left to claim here; a concurrent job run may still hold some of these rows: wait for it briefly.
      const [inFlight] = await deps.database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.ref, ref), eq(emailOutbox.status, 'sending')))
        .limit(1);
      if (!inFlight) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await settleAnnouncementDeliveries(deps, { announcementId: id });
  } catch (e) {
    // The send is committed; the job finishes what this pass could not. The answer shows the state so far.
    console.error(`announcement ${id}: inline delivery failed, left to the outbox job`, e);
  }
  // Anything still queued (budget spent, a retry later, or the failure above) goes to the job.
  deps.onEmailQueued?.();
}

/**
 * Queues failed deliveries again: all of them, or those of `userIds`. Delivered ones are never sent
 * twice. The announcement goes back to `sending` until the new attempts settle. Returns the
 * delivery rows queued again.
 */
export async function retryAnnouncementDeliveries(deps: AppDeps, tx: Tx, actor: Actor, id: string, userIds: string[]): Promise<string[]> {
  const current = await boardRow(tx, actor, id);
  if (current.status === 'sending') throw conflict(ANNOUNCEMENT_MESSAGES.retryWhileSending);
  if (!announcementPolicy.isRetryable(current)) throw conflict(ANNOUNCEMENT_MESSAGES.notRetryable);
  const scope = and(eq(announcementDeliveries.hoaId, actor.hoaId), eq(announcementDeliveries.announcementId, current.id));
  const wanted = [...new Set(userIds)];
  let rows: DeliveryRow[];
  if (wanted.length > 0) {
    rows = [];
    for (const part of chunks(wanted)) rows.push(...(await tx.select().from(announcementDeliveries).where(and(scope, inArray(announcementDeliveries.userId, part)))));
    if (rows.length !== wanted.length) throw invalidField('user_ids', ANNOUNCEMENT_MESSAGES.retryUnknownUsers);
    rows = rows.filter((r) => r.status === 'failed');
  } else {
    rows = await tx.select().from(announcementDeliveries).where(and(scope, eq(announcementDeliveries.status, 'failed')));
  }
  if (rows.length === 0) return [];

  const now = deps.clock();
  for (const part of chunks(rows)) {
    await tx
      .update(emailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, claimedAt: null })
      .where(and(eq(emailOutbox.hoaId, actor.hoaId), eq(emailOutbox.status, 'failed'), inArray(emailOutbox.id, part.map((r) => r.outboxId))));
    await tx
      .update(announcementDeliveries)
      .set({ status: 'pending', error: null, updatedAt: now })
      .where(inArray(announcementDeliveries.id, part.map((r) => r.id)));
  }
  await announcementRows.update(deps, tx, eq(announcements.id, current.id), { status: 'sending', updatedAt: now });
  return rows.map((r) => r.id);
}

/** The outcome of some delivery rows (a retry's), for `retry_summary`. */
export async function summarizeDeliveries(db: DbOrTx, hoaId: string, deliveryIds: string[]) {
  const summary = { email_delivered: 0, email_failed: 0, pending: 0 };
  for (const part of chunks(deliveryIds)) {
    const rows = await db
      .select({ status: announcementDeliveries.status, n: count() })
      .from(announcementDeliveries)
      .where(and(eq(announcementDeliveries.hoaId, hoaId), inArray(announcementDeliveries.id, part)))
      .groupBy(announcementDeliveries.status);
    for (const r of rows) summary[r.status === 'delivered' ? 'email_delivered' : r.status === 'failed' ? 'email_failed' : 'pending'] += r.n;
  }
  return summary;
}

/**
 * The REST send (`POST …/send`): commit the send, deliver what the provider takes at once and
 * answer with the numbers ("x/y emails delivered"). A scheduled send answers with 0 delivered.
 */
export async function sendAnnouncementAndReport(deps: AppDeps, actor: Actor, id: string, scheduledAt: number | null) {
  const row = await deps.database.transaction((tx) => sendAnnouncement(deps, tx, actor, id, { scheduledAt, delivery: 'caller' }));
  if (row.status === 'sending') await deliverAnnouncementNow(deps, id);
  const announcement = await getAnnouncement(deps.database.db, actor, id);
  const delivered = announcement.delivery_stats?.email_delivered.length ?? 0;
  return { ...announcement, delivery_summary: { email_delivered: delivered, total_recipients: announcement.total_recipients } };
}

/** The REST retry (`POST …/retry`): queue the failed deliveries again, deliver now, and summarise them. */
export async function retryAnnouncementAndReport(deps: AppDeps, actor: Actor, id: string, userIds: string[]) {
  const retried = await deps.database.transaction((tx) => retryAnnouncementDeliveries(deps, tx, actor, id, userIds));
  if (retried.length > 0) await deliverAnnouncementNow(deps, id);
  const retry_summary = await summarizeDeliveries(deps.database.db, actor.hoaId, retried);
  return { ...(await getAnnouncement(deps.database.db, actor, id)), retry_summary };
}
