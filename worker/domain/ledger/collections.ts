/**
 * The board's collections view over REST: the figures of schema/collections.ts `collectionsOf`, from
 * the HOA's synced values (the same lines and invoices the board's cache holds), so the screen, offline
 * or not, and an accountant's script read the same numbers.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { collectionsOf, collectionsPolicy, COLLECTIONS_MESSAGES, type Collections, type ExportRange } from '../../../schema/collections';
import { DAY_MS, zonedToday } from '../../../schema/days';
import { isoDay } from '../../../schema/money';
import { isoText, restShape } from '../../../schema/rest-shape';
import { ledgerLines } from '../../../schema/tables';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import type { SyncedLedgerLine } from '../../../sync/areas/ledger';
import type { DbOrTx } from '../../db';
import { rowValuesSql } from '../../sync/values';
import type { Actor } from '../actor';
import { forbidden } from '../errors';
import { hoaTimeZone } from '../hoa-days';
import { invoiceSyncArea } from '../invoices/sync';
import { ledgerSyncArea } from './sync';

/** The role rule, first: residents are refused before anything is read. */
export function requireCollectionsReader(actor: Actor): void {
  if (!collectionsPolicy.mayRead(actor.role)) throw forbidden(COLLECTIONS_MESSAGES.boardOnly);
}

const parsed = <T>(rows: { json: string }[]) => rows.map((r) => JSON.parse(r.json) as T);

/**
 * The HOA's lines as the board's cache holds them; with a range, only those near it (a day either side:
 * the HOA's day of a moment is decided by schema/collections.ts, in the HOA's zone).
 */
export async function hoaLineValues(db: DbOrTx, actor: Actor, range: ExportRange = {}): Promise<SyncedLedgerLine[]> {
  if (range.from == null && range.to == null) return parsed(await db.all<{ json: string }>(rowValuesSql(ledgerSyncArea, actor, 'every visible row')));
  const l = ledgerLines;
  const near = and(
    eq(l.hoaId, actor.hoaId),
    range.from == null ? undefined : gte(l.occurredAt, range.from - DAY_MS),
    range.to == null ? undefined : lt(l.occurredAt, range.to + 2 * DAY_MS),
  );
  return parsed(await db.all<{ json: string }>(rowValuesSql(ledgerSyncArea, actor, sql`SELECT ${l.id} AS row_id FROM ${l} WHERE ${near}`)));
}

/** The HOA's invoices as the board's cache holds them. */
export async function hoaInvoiceValues(db: DbOrTx, actor: Actor): Promise<SyncedInvoice[]> {
  return parsed(await db.all<{ json: string }>(rowValuesSql(invoiceSyncArea, actor, 'every visible row')));
}

/** The HOA's zone and today. */
export async function hoaDay(db: DbOrTx, actor: Actor, now: number): Promise<{ timeZone: string; today: number }> {
  const timeZone = await hoaTimeZone(db, actor.hoaId);
  return { timeZone, today: zonedToday(now, timeZone) };
}

/** The REST answer: the figures under snake_case names, days as `YYYY-MM-DD`, moments as ISO text. */
export function toApiCollections(c: Collections) {
  return restShape({
    ...c,
    today: isoDay(c.today),
    delinquent: c.delinquent.map((d) => ({ ...d, lastPayment: d.lastPayment && { at: isoText(d.lastPayment.at), amountCents: d.lastPayment.amountCents } })),
  });
}

/** GET /api/ledger/collections (board and superadmin). */
export async function getCollections(db: DbOrTx, actor: Actor, now: number) {
  requireCollectionsReader(actor);
  const [{ timeZone, today }, lines, invoices] = await Promise.all([hoaDay(db, actor, now), hoaLineValues(db, actor), hoaInvoiceValues(db, actor)]);
  return toApiCollections(collectionsOf(lines, invoices, today, timeZone));
}
