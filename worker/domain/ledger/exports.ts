/**
 * The accountant's exports over REST (board and superadmin): ledger lines, invoices and payments as
 * CSV, built by schema/collections.ts from the HOA's synced values, as the screen builds them offline.
 */
import { exportCsv, exportFileName, type ExportKind, type ExportRange } from '../../../schema/collections';
import type { DbOrTx } from '../../db';
import type { Actor } from '../actor';
import { hoaNameOf } from '../hoa-name';
import { hoaDay, hoaInvoiceValues, hoaLineValues, requireCollectionsReader } from './collections';

/** GET /api/ledger/export/<kind>.csv?from=&to= (days of the HOA, both included). */
export async function exportOf(db: DbOrTx, actor: Actor, kind: ExportKind, range: ExportRange, now: number): Promise<{ csv: string; filename: string }> {
  requireCollectionsReader(actor);
  const [{ timeZone, today }, hoaName] = await Promise.all([hoaDay(db, actor, now), hoaNameOf(db, actor.hoaId, 'hoa')]);
  const data = kind === 'invoices' ? { lines: [], invoices: await hoaInvoiceValues(db, actor) } : { lines: await hoaLineValues(db, actor, range), invoices: [] };
  return { csv: exportCsv(kind, data, timeZone, today, range), filename: exportFileName(kind, hoaName, today, range) };
}
