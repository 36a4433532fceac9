/**
 * Reading announcements over REST. The values come from the statement the pull
 * uses (`announcementValuesSql`, sync.ts), so REST and the local cache always say the same; here
 * they get the API's shape, the reader's `isReadBy`, and for board members the people of one row.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES, isPublished, type ApiAnnouncement, type ApiRecipient } from '../../../schema/announcements';
import { isPrivileged } from '../../../schema/roles';
import { announcementDeliveries, announcementReads, announcements, users } from '../../../schema/tables';
import { restAnswer } from '../../../schema/rest-shape';
import { ANNOUNCEMENT_REST, type SyncedAnnouncement } from '../../../sync/areas/announcements';
import { newestFirst } from '../../../sync/order';
import { preparedInTransaction, preparedRead, type Database, type DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { answerKey, countUnderCounters, jsonUnderCounters } from '../../sync/counted';
import { placeholderViewer, statementPerViewerKind, viewerKind } from '../../sync/statements';
import { notFound } from '../errors';
import { resolveAudience } from './audience';
import { announcementValuesSql, visibleAnnouncements } from './sync';

export type AnnouncementRow = typeof announcements.$inferSelect;

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** The cache values of the visible rows `ids` selects (a subquery of `row_id`), newest first. */
async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedAnnouncement[]> {
  const rows = await db.all<{ id: string; json: string }>(announcementValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedAnnouncement).sort(byNewest);
}

const byNewest = newestFirst((a: SyncedAnnouncement) => a.createdAt);

async function readByViewer(db: DbOrTx, viewer: Viewer, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const marks = await db
    .select({ id: announcementReads.announcementId })
    .from(announcementReads)
    .where(and(eq(announcementReads.userId, viewer.userId), eq(announcementReads.hoaId, viewer.hoaId), inArray(announcementReads.announcementId, ids)));
  return new Set(marks.map((m) => m.id));
}

/** The value by the REST rule, with what only the answer holds: the reader's mark and, for board members, the people. */
function toApi(a: SyncedAnnouncement, viewer: Viewer, isReadBy: boolean, people: Pick<ApiAnnouncement, 'recipients' | 'delivery_stats'>): ApiAnnouncement {
  // Filled in place (a list maps every row of its page): the fields keep their order, the added ones last.
  const answer: ApiAnnouncement = Object.assign(restAnswer(a, ANNOUNCEMENT_REST), people, { isReadBy });
  // Residents' cached value says `all`; the answer hides the audience from them.
  answer.audience_type = isPrivileged(viewer.role) ? a.audienceType : null;
  return answer;
}

/** One announcement the actor may see, or 404 (also for another HOA's). */
export async function getVisibleAnnouncement(db: DbOrTx, actor: Viewer, id: string): Promise<AnnouncementRow> {
  // Built once per transaction and role (every pushed mutation on an announcement starts here).
  const q = preparedInTransaction(db, `announcement.visible:${viewerKind(actor.role)}`, () =>
    db.select().from(announcements).where(and(visibleAnnouncements(placeholderViewer(actor.role)), eq(announcements.id, sql.placeholder('id')))).limit(1).prepare(),
  );
  const [row] = await q.all({ hoaId: actor.hoaId, userId: actor.userId, id });
  if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
  return row;
}

const recipientOf = (id: string, name: string | null, email: string | null): ApiRecipient => ({ _id: id, name: name || 'Unknown User', email: email ?? '' });

/** Board members' view of one row's people: the delivery rows once sent, the resolved audience before. */
async function recipientsAndStats(db: DbOrTx, hoaId: string, a: SyncedAnnouncement): Promise<Pick<ApiAnnouncement, 'recipients' | 'delivery_stats'>> {
  if (!isPublished(a.status)) {
    const members = await resolveAudience(db, hoaId, a.audienceType, a.customRecipients);
    return { recipients: members.map((m) => recipientOf(m.id, m.name, m.email)), delivery_stats: null };
  }
  const deliveries = await db
    .select({ d: announcementDeliveries, name: users.name })
    .from(announcementDeliveries)
    .leftJoin(users, and(eq(users.id, announcementDeliveries.userId), eq(users.hoaId, announcementDeliveries.hoaId)))
    .where(and(eq(announcementDeliveries.announcementId, a.id), sql`+${announcementDeliveries.hoaId} = ${hoaId}`))
    .orderBy(asc(users.name), asc(announcementDeliveries.email));
  const person = ({ d, name }: (typeof deliveries)[number]) => recipientOf(d.userId, name, d.email);
  return {
    recipients: deliveries.map(person),
    delivery_stats: {
      total_sent: deliveries.length,
      email_delivered: deliveries.filter((x) => x.d.status === 'delivered').map((x) => ({ ...person(x), delivered_at: iso(x.d.deliveredAt) })),
      email_failed: deliveries.filter((x) => x.d.status === 'failed').map((x) => ({ ...person(x), error: x.d.error })),
      pending: deliveries.filter((x) => x.d.status === 'pending').map(person),
    },
  };
}

/** GET /api/announcements/:id (and the body of every write's answer). */
export async function getAnnouncement(db: DbOrTx, actor: Viewer, id: string): Promise<ApiAnnouncement> {
  const [a] = await valuesOf(db, actor, sql`SELECT ${id} AS row_id`);
  if (!a) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
  const read = await readByViewer(db, actor, [a.id]);
  const people = isPrivileged(actor.role) ? await recipientsAndStats(db, actor.hoaId, a) : { recipients: [], delivery_stats: null };
  return toApi(a, actor, read.has(a.id), people);
}

type PageValues = { hoaId: string; userId: string; limit: number; offset: number };

/**
 * A page of values, newest first, rendered once for each kind of viewer (the board sees the same
 * rows whoever they are; a resident's rows depend on them): every list request after the first reuses
 * the statement instead of building it again.
 */
const pageRead = statementPerViewerKind((viewer) =>
  preparedRead<{ id: string; json: string }, PageValues>(() => {
    const a = announcements;
    const page = sql`SELECT ${a.id} AS row_id FROM ${a} WHERE ${visibleAnnouncements(viewer)}
      ORDER BY ${a.createdAt} DESC, ${a.id} DESC LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`;
    return announcementValuesSql(viewer, page);
  }),
);

const readMarks = preparedRead<{ id: string }, { userId: string; hoaId: string; ids: string }>(
  () => sql`SELECT ${announcementReads.announcementId} AS id FROM ${announcementReads}
    WHERE ${announcementReads.userId} = ${sql.placeholder('userId')} AND ${announcementReads.hoaId} = ${sql.placeholder('hoaId')}
      AND ${announcementReads.announcementId} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`,
);

/** GET /api/announcements: the announcements the actor may see, newest first (read in index order). */
export async function listAnnouncements(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: { page: number; limit: number }) {
  const { db } = database;
  const total = await countUnderCounters(database, actor, answerKey('announcements', 'count'), async () => (await db.select({ n: count() }).from(announcements).where(visibleAnnouncements(actor)))[0].n);
  const rows = await pageRead(actor.role)(database, { hoaId: actor.hoaId, userId: actor.userId, limit: q.limit, offset: (q.page - 1) * q.limit });
  const values = rows.map((r) => JSON.parse(r.json) as SyncedAnnouncement).sort(byNewest);
  const marks = values.length ? await readMarks(database, { userId: actor.userId, hoaId: actor.hoaId, ids: JSON.stringify(values.map((v) => v.id)) }) : [];
  const read = new Set(marks.map((m) => m.id));
  const totalPages = Math.ceil(total / q.limit);
  return {
    docs: values.map((a) => toApi(a, actor, read.has(a.id), { recipients: [], delivery_stats: null })),
    totalDocs: total,
    totalPages,
    page: q.page,
    limit: q.limit,
    hasNextPage: q.page < totalPages,
  };
}

/** GET /api/announcements as the JSON text of its answer, kept under the change counters (`isReadBy` is the viewer's own). */
export function listAnnouncementsJson(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: { page: number; limit: number }): Promise<string> {
  return jsonUnderCounters(database, actor, { key: answerKey('announcements', 'page', q.page, q.limit), whose: 'own' }, () => listAnnouncements(database, actor, q));
}
