/**
 * Reading invoices over REST. The values come from the statement the pull uses
 * (`invoiceValuesSql`), so REST and the local cache always say the same; here they get the API's
 * shape (populated `dues_id` and `recipient_id`).
 */
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { containsSql } from '../contains';
import { INVOICE_MESSAGES, type ApiInvoice, type ApiInvoicePage, type InvoiceListQuery, type InvoiceStatus } from '../../../schema/invoices';
import { isoDay } from '../../../schema/money';
import { toApiHistoryEntry } from '../../../schema/threads';
import { invoices } from '../../../schema/tables';
import { restAnswer } from '../../../schema/rest-shape';
import { INVOICE_REST, type SyncedInvoice } from '../../../sync/areas/invoices';
import { newestFirst } from '../../../sync/order';
import type { Database, DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { answerKey, countUnderCounters, jsonUnderCounters } from '../../sync/counted';
import { notFound } from '../errors';
import { hoaTodayForRead } from '../hoa-days';
import { invoiceValuesSql, visibleInvoices } from './sync';

export type InvoiceRow = typeof invoices.$inferSelect;

const day = (ms: number) => `${isoDay(ms)}T00:00:00.000Z`;

/** The value by the REST rule; days as the spec writes them. */
export function toApiInvoice(i: SyncedInvoice): ApiInvoice {
  return restAnswer(i, INVOICE_REST, { sentAt: day, dueDate: day, history: (history) => history.map(toApiHistoryEntry) });
}

async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedInvoice[]> {
  const rows: { id: string; json: string }[] = await db.all(invoiceValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedInvoice);
}

/** One invoice row the actor may see (for a write), or 404 "Invoice not found." (also for another HOA's). */
export async function getVisibleInvoice(db: DbOrTx, actor: Viewer, id: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(and(visibleInvoices(actor), eq(invoices.id, id))).limit(1);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}

/** GET /api/invoices/:id. */
export async function getInvoice(db: DbOrTx, actor: Viewer, id: string): Promise<ApiInvoice> {
  const [i] = await valuesOf(db, actor, sql`SELECT ${id} AS row_id`);
  if (!i) throw notFound(INVOICE_MESSAGES.notFound);
  return toApiInvoice(i);
}

/**
 * The status filter as the screens show statuses: pending past its due day counts as
 * overdue, not pending, also before the overdue job has stored it.
 */
function statusWhere(statuses: InvoiceStatus[], today: number): SQL | undefined {
  if (!statuses.length) return undefined;
  // The unary `+` keeps SQLite on the list's (hoa or recipient, due date) index: through the status
  // index it would read the HOA's rows of that status and sort them.
  const status = sql`+${invoices.status}`;
  const parts: SQL[] = [];
  const plain = statuses.filter((s) => s === 'paid' || s === 'canceled');
  if (plain.length) parts.push(sql`${status} IN (${sql.join(plain.map((p) => sql`${p}`), sql`, `)})`);
  if (statuses.includes('pending')) parts.push(sql`(${status} = 'pending' AND ${invoices.dueDate} >= ${today})`);
  if (statuses.includes('overdue')) parts.push(sql`(${status} = 'overdue' OR (${status} = 'pending' AND ${invoices.dueDate} < ${today}))`);
  return or(...parts);
}

const SORT_COLUMNS = {
  due_date: invoices.dueDate,
  sent: invoices.sentAt,
  amount: invoices.amountCents,
  title: invoices.title,
  status: invoices.status,
  createdAt: invoices.createdAt,
} as const;

const SORT_KEYS: Record<InvoiceListQuery['sortBy'], (v: SyncedInvoice) => string | number> = {
  due_date: (v) => v.dueDate,
  sent: (v) => v.sentAt,
  amount: (v) => v.amountCents,
  title: (v) => v.due.title,
  status: (v) => v.status,
  createdAt: (v) => v.createdAt,
};
const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /api/invoices: the invoices the actor sees (a resident: their own; the board: the HOA's),
 * filtered, sorted (default due date, newest first), paged. The default order reads the
 * (hoa, due_date, id) or (recipient, due_date, id) index in order. `today`: the HOA's day.
 */
async function listInvoices(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: InvoiceListQuery, today: number): Promise<ApiInvoicePage> {
  const { db } = database;
  const where = and(
    visibleInvoices(actor),
    statusWhere(q.status ?? [], today),
    q.title ? containsSql(sql`${invoices.title}`, q.title) : undefined,
    q.dues_id ? eq(invoices.dueId, q.dues_id) : undefined,
  )!;
  const total = await countUnderCounters(database, actor, answerKey('invoices', 'count', q.title, q.status, q.dues_id, today), async () => (await db.select({ n: count() }).from(invoices).where(where))[0].n);
  const direction = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const column = SORT_COLUMNS[q.sortBy];
  const page = sql`SELECT ${invoices.id} AS row_id FROM ${invoices} WHERE ${where}
    ORDER BY ${column} ${direction}, ${invoices.id} ${direction} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const values = await valuesOf(db, actor, page);
  // The page's order again (the values query follows the ids, not their order): the same keys as the SQL.
  const keyOf = SORT_KEYS[q.sortBy];
  const sign = q.sortOrder === 'asc' ? 1 : -1;
  values.sort((a, b) => sign * (compare(keyOf(a), keyOf(b)) || compare(a.id, b.id)));
  return { docs: values.map(toApiInvoice), page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalDocs: total };
}

/** GET /api/invoices as the JSON text of its answer, kept under the change counters (and the HOA's day). */
export async function listInvoicesJson(database: Pick<Database, 'db' | 'client'>, actor: Viewer, q: InvoiceListQuery, now: number): Promise<string> {
  const today = await hoaTodayForRead(database, actor.hoaId, now);
  const key = answerKey('invoices', 'page', q.page, q.limit, q.sortBy, q.sortOrder, q.title, q.status, q.dues_id, today);
  return jsonUnderCounters(database, actor, { key, whose: 'shared' }, () => listInvoices(database, actor, q, today));
}

/**
 * GET /api/dues/payments: the payment history (docs/decisions/150-dues-routes-and-sync.md): paid invoices the actor sees (a
 * resident: their own; the board: the HOA's), latest due date first, read in the list's index order.
 */
export async function listPayments(db: DbOrTx, actor: Viewer): Promise<{ docs: ApiInvoice[]; totalDocs: number }> {
  const ids = sql`SELECT ${invoices.id} AS row_id FROM ${invoices} WHERE ${and(visibleInvoices(actor), sql`+${invoices.status} = 'paid'`)}
    ORDER BY ${invoices.dueDate} DESC, ${invoices.id} DESC LIMIT 500`;
  const values = await valuesOf(db, actor, ids);
  values.sort(newestFirst((i) => i.dueDate));
  return { docs: values.map(toApiInvoice), totalDocs: values.length };
}
