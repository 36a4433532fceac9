/**
 * Reading dues over REST. The values come from the statement the pull uses
 * (`dueValuesSql`), so REST and the local cache always say the same; here they get the API's shape.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DUE_MESSAGES, duePolicy, type ApiDue } from '../../../schema/dues';
import { isoDay } from '../../../schema/money';
import { lateFeeAmountOf } from '../../../schema/late-fees';
import { dues } from '../../../schema/tables';
import { restAnswer } from '../../../schema/rest-shape';
import { DUE_REST, type SyncedDue } from '../../../sync/areas/dues';
import { newestFirst } from '../../../sync/order';
import type { DbOrTx } from '../../db';
import type { Viewer } from '../../sync/area';
import { notFound } from '../errors';
import { dueValuesSql, visibleDues } from './sync';

export type DueRow = typeof dues.$inferSelect;

const day = (ms: number) => `${isoDay(ms)}T00:00:00.000Z`;

/** The value by the REST rule, with what the spec adds: the recipients' ids, the due day and the amount in dollars. */
export function toApiDue(d: SyncedDue): ApiDue {
  return {
    ...restAnswer(d, DUE_REST, { sendDate: day, nextSendDate: (next) => (next == null ? null : day(next)) }),
    recipients: d.recipients.map((p) => p.id),
    due_date: day(duePolicy.dueDateOf(d.sendDate, d.dueDateOffset)),
    amount: d.amountCents / 100,
    late_fee_amount: lateFeeAmountOf({ kind: d.lateFeeKind, value: d.lateFeeValue }),
  };
}

async function valuesOf(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<SyncedDue[]> {
  const rows: { id: string; json: string }[] = await db.all(dueValuesSql(viewer, ids));
  return rows.map((r) => JSON.parse(r.json) as SyncedDue);
}

/** One due row the actor may see (for a write), or 404 (also for another HOA's). */
export async function getVisibleDue(db: DbOrTx, actor: Viewer, id: string): Promise<DueRow> {
  const [row] = await db.select().from(dues).where(and(visibleDues(actor), eq(dues.id, id))).limit(1);
  if (!row) throw notFound(DUE_MESSAGES.notFound);
  return row;
}

/** GET /api/dues/:id. */
export async function getDue(db: DbOrTx, actor: Viewer, id: string): Promise<ApiDue> {
  const [d] = await valuesOf(db, actor, sql`SELECT ${id} AS row_id`);
  if (!d) throw notFound(DUE_MESSAGES.notFound);
  return toApiDue(d);
}

/**
 * GET /api/dues: every due the actor sees, newest first (`docs`; the Dues tab filters
 * on the client, the spec sends no parameters). An HOA has dozens of dues, not thousands.
 */
export async function listDues(db: DbOrTx, actor: Viewer): Promise<{ docs: ApiDue[]; totalDocs: number }> {
  const ids = sql`SELECT ${dues.id} AS row_id FROM ${dues} WHERE ${visibleDues(actor)} ORDER BY ${dues.createdAt} DESC, ${dues.id} DESC LIMIT 1000`;
  const values = await valuesOf(db, actor, ids);
  values.sort(newestFirst((d) => d.createdAt));
  return { docs: values.map(toApiDue), totalDocs: values.length };
}
