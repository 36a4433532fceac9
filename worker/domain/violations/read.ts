/**
 * Reading violations over REST. The values come from the statement the pull uses
 * (`violationValuesSql`, sync.ts), so REST and the local cache always say the same; here they get the
 * API's shape (populated `user_id`, `address_id`, `issued_by`, `messages`, `resolution`, `history`) and
 * `is_overdue`, computed at read time from the server's clock and the HOA's day.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { violations } from '../../../schema/tables';
import { toApiHistoryEntry, type SyncedThreadMessage } from '../../../schema/threads';
import { toApiAttachment } from '../../../schema/uploads';
import { VIOLATION_MESSAGES, violationPolicy, type ApiViolationHearing, type ApiViolationLetter, type ApiViolation, type ApiViolationMessage, type ApiViolationPage, type ViolationListQuery } from '../../../schema/violations';
import { restAnswer } from '../../../schema/rest-shape';
import { VIOLATION_REST, type SyncedViolation } from '../../../sync/areas/violations';
import { newestFirst } from '../../../sync/order';
import type { Database, DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { answerKey, countUnderCounters, jsonUnderCounters } from '../../sync/counted';
import { notFound } from '../errors';
import { hoaToday, hoaTodayForRead } from '../hoa-days';
import { violationValuesSql, visibleViolations } from './sync';

export type ViolationRow = typeof violations.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

const toApiMessage = (m: SyncedThreadMessage): ApiViolationMessage => ({
  _id: m.id,
  sender_id: { _id: m.author.id, name: m.author.name, is_staff: m.author.isStaff },
  message: m.message,
  is_internal: !m.isPublic,
  photo_url: m.attachment?.s3Key ?? null,
  attachment: toApiAttachment(m.attachment ?? null),
  sent_at: iso(m.createdAt),
});

const isoOrNull = (ms: number | null) => (ms == null ? null : iso(ms));
const toApiLetter = (l: SyncedViolation['letters'][number]): ApiViolationLetter => ({ _id: l.id, stage: l.stage, sent_at: iso(l.sentAt), cure_by: isoOrNull(l.cureBy), fine_cents: l.fineCents });
const toApiHearing = (h: SyncedViolation['hearing']): ApiViolationHearing | null =>
  h && { _id: h.id, note: h.note, requested_at: iso(h.requestedAt), scheduled_for: isoOrNull(h.scheduledFor), decision: h.decision, reason: h.reason, decided_at: isoOrNull(h.decidedAt) };

/** The REST shape of a cache value; `today` (the HOA's day) decides whether it is overdue. */
export function toApiViolation(v: SyncedViolation, today: number): ApiViolation {
  return {
    ...restAnswer(v, VIOLATION_REST, {
      messages: (messages) => messages.map(toApiMessage),
      resolution: (r) => (r ? { resolved_by: { _id: r.by.id, name: r.by.name }, resolved_at: iso(r.at), resolution_notes: r.notes } : null),
      history: (history) => history.map(toApiHistoryEntry),
      letters: (letters) => letters.map(toApiLetter),
      hearing: toApiHearing,
      photos: (photos) => (photos ?? []).map((p) => toApiAttachment(p)!),
    }),
    photo_url: v.attachment?.s3Key ?? null,
    is_overdue: violationPolicy.isOverdue(v, today),
  };
}

/** The cache values of the visible rows `ids` selects (a subquery of `row_id`). */
async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedViolation[]> {
  const rows: { id: string; json: string }[] = await db.all(violationValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedViolation);
}

/** One violation row the actor may see (for a write), or 404 with the spec's words (also for another HOA's). */
export async function getVisibleViolation(db: DbOrTx, actor: Viewer, id: string): Promise<ViolationRow> {
  const [row] = await db.select().from(violations).where(and(visibleViolations(actor), eq(violations.id, id))).limit(1);
  if (!row) throw notFound(VIOLATION_MESSAGES.notFound);
  return row;
}

/** GET /api/violations/:id (and the body of every write's answer). */
export async function getViolation(db: DbOrTx, actor: Viewer, id: string, now: number): Promise<ApiViolation> {
  const [v] = await valuesOf(db, actor, sql`SELECT ${id} AS row_id`);
  if (!v) throw notFound(VIOLATION_MESSAGES.notFound);
  return toApiViolation(v, await hoaToday(db, actor.hoaId, now));
}

/** The list's condition: what the actor sees, narrowed by the filters. */
function listWhere(actor: Viewer, q: ViolationListQuery): SQL {
  return and(
    visibleViolations(actor),
    q.category.length ? inArray(violations.category, q.category) : undefined,
    q.status.length ? inArray(violations.status, q.status) : undefined,
  )!;
}

/**
 * GET /api/violations: the violations the actor may see, filtered, newest first, read in the order
 * of the (hoa, created_at, id) index, or (user, created_at, id) for a resident.
 */
async function listViolations(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: ViolationListQuery, today: number): Promise<ApiViolationPage> {
  const { db } = database;
  const where = listWhere(actor, q);
  const total = await countUnderCounters(database, actor, answerKey('violations', 'count', q.category, q.status), async () => (await db.select({ n: count() }).from(violations).where(where))[0].n);
  const page = sql`SELECT ${violations.id} AS row_id FROM ${violations} WHERE ${where}
    ORDER BY ${violations.createdAt} DESC, ${violations.id} DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const values = await valuesOf(db, actor, page);
  values.sort(newestFirst((v) => v.createdAt));
  const totalPages = Math.ceil(total / q.limit);
  return { docs: values.map((v) => toApiViolation(v, today)), totalDocs: total, totalPages, page: q.page, limit: q.limit, hasNextPage: q.page < totalPages };
}

/** GET /api/violations as the JSON text of its answer, kept under the change counters (and the HOA's day: overdue follows it). */
export async function listViolationsJson(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: ViolationListQuery, now: number): Promise<string> {
  const today = await hoaTodayForRead(database, actor.hoaId, now);
  const key = answerKey('violations', 'page', today, q.page, q.limit, q.category, q.status);
  return jsonUnderCounters(database, actor, { key, whose: 'shared' }, () => listViolations(database, actor, q, today));
}
