/**
 * Reading documents over REST. The values come from the statement the pull uses
 * (`documentValuesSql`), so REST and the local cache always say the same; here they get the API's
 * shape. Lists, counts and stats are kept under the change counters (worker/sync/counted.ts).
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsSql } from '../contains';
import { DOCUMENT_MESSAGES, RECENT_UPLOADS, type ApiDocument, type ApiDocumentPage, type ApiDocumentStats, type DocumentListQuery } from '../../../schema/documents';
import { documents } from '../../../schema/tables';
import { restAnswer } from '../../../schema/rest-shape';
import { fileSizeText } from '../../../schema/uploads';
import type { SyncedDocument } from '../../../sync/areas/documents';
import { newestFirst } from '../../../sync/order';
import type { Database, DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { answerKey, countUnderCounters, jsonUnderCounters } from '../../sync/counted';
import { notFound } from '../errors';
import { documentValuesSql, visibleDocuments } from './sync';

export type DocumentRow = typeof documents.$inferSelect;

/** The value by the REST rule (schema/rest-shape.ts), with the size as the spec shows it. */
export const toApiDocument = (d: SyncedDocument): ApiDocument => ({ ...restAnswer(d, {}), fileSizeFormatted: fileSizeText(d.fileSize) });

const byNewest = newestFirst((a: SyncedDocument) => a.createdAt);

/** The values of the visible rows `ids` selects, newest first. */
async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedDocument[]> {
  const rows = await db.all<{ id: string; json: string }>(documentValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedDocument).sort(byNewest);
}

/** One document row the viewer may see, or 404 (another HOA's, a deleted one, Board Only for a resident). */
export async function getVisibleDocumentRow(db: DbOrTx, viewer: Viewer, id: string): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(and(visibleDocuments(viewer), eq(documents.id, id))).limit(1);
  if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
  return row;
}

/** GET /api/documents/:id (and the answer of every write). */
export async function getDocument(db: DbOrTx, viewer: Viewer, id: string): Promise<ApiDocument> {
  const [d] = await valuesOf(db, viewer, sql`SELECT ${id} AS row_id`);
  if (!d) throw notFound(DOCUMENT_MESSAGES.notFound);
  return toApiDocument(d);
}

/** The filters of a list query on top of what the viewer sees. */
function listWhere(viewer: Viewer, q: Pick<DocumentListQuery, 'search' | 'category'>): SQL {
  return and(
    visibleDocuments(viewer),
    q.search ? containsSql(sql`${documents.title}`, q.search) : undefined,
    q.category.length > 0 ? inArray(documents.category, q.category) : undefined,
  )!;
}

/** GET /api/documents: the documents the viewer may see, newest first (read in index order), filtered and paged. */
export async function listDocuments(database: Pick<Database, 'db' | 'client'>, viewer: Viewer, q: DocumentListQuery): Promise<ApiDocumentPage> {
  const { db } = database;
  const where = listWhere(viewer, q);
  // The count is kept under the change counters, as every list's is: it reads every matching row.
  const countKey = answerKey('documents', 'count', q.category, q.search ?? '');
  const total = await countUnderCounters(database, viewer, countKey, async () => (await db.select({ n: count() }).from(documents).where(where))[0].n);
  const page = sql`SELECT ${documents.id} AS row_id FROM ${documents} WHERE ${where}
    ORDER BY ${documents.createdAt} DESC, ${documents.id} DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const values = await valuesOf(db, viewer, page);
  const totalPages = Math.ceil(total / q.limit);
  return { docs: values.map(toApiDocument), hasNextPage: q.page < totalPages, page: q.page, totalDocs: total, totalPages, limit: q.limit };
}

/** GET /api/documents as the JSON text of its answer, kept while nothing it shows can have changed. */
export function listDocumentsJson(database: Pick<Database, 'db' | 'client'>, viewer: Viewer, q: DocumentListQuery): Promise<string> {
  const key = answerKey('documents', 'page', q.page, q.limit, q.category, q.search ?? '');
  return jsonUnderCounters(database, viewer, { key, whose: 'shared' }, () => listDocuments(database, viewer, q));
}

/**
 * The stat cards: totals, the newest 3, and the count per category, over what the
 * viewer sees. The route answers board and superadmin only; the domain never counts more than
 * the viewer may see either way.
 */
export async function documentStats(db: DbOrTx, viewer: Viewer): Promise<ApiDocumentStats> {
  const visible = visibleDocuments(viewer);
  const [totals] = await db
    .select({ total: count(), open: sql<number>`coalesce(sum(${documents.isPublic}), 0)` })
    .from(documents)
    .where(visible);
  const categories = await db
    .select({ category: documents.category, count: count() })
    .from(documents)
    .where(visible)
    .groupBy(documents.category);
  // Most documents first (sorted here: a handful of rows, and SQLite would sort them in a temporary B-tree).
  categories.sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
  const recent = sql`SELECT ${documents.id} AS row_id FROM ${documents} WHERE ${visible} ORDER BY ${documents.createdAt} DESC, ${documents.id} DESC LIMIT ${RECENT_UPLOADS}`;
  return {
    totalDocuments: totals.total,
    publicDocuments: Number(totals.open),
    recentUploads: (await valuesOf(db, viewer, recent)).map(toApiDocument),
    categories,
  };
}

/** GET /api/documents/stats as JSON text, kept under the change counters. */
export function documentStatsJson(database: Pick<Database, 'db' | 'client'>, viewer: Viewer): Promise<string> {
  return jsonUnderCounters(database, viewer, { key: answerKey('documents', 'stats'), whose: 'shared' }, () => documentStats(database.db, viewer));
}
