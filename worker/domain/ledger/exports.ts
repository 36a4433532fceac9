/**
 * The accountant's exports over REST (board and superadmin): ledger lines, invoices and payments as
 * CSV, built by schema/collections.ts from the HOA's synced values, as the screen builds them offline.
 */
import { eq } from 'drizzle-orm';
import { exportCsv, exportFileName, type ExportKind, type ExportRange } from '../../../schema/collections';
import { hoas } from '../../../schema/tables';
import type { DbOrTx } from '../../db';
import type { Actor } from '../actor';
import { hoaDay, hoaInvoiceValues, hoaLineValues, requireCollectionsReader } from './collections';

/** GET /api/ledger/export/<kind>.csv?from=&to= (days of the HOA, both included). */
export async function exportOf(db: DbOrTx, actor: Actor, kind: ExportKind, range: ExportRange, now: number): Promise<{ csv: string; filename: string }> {
  requireCollectionsReader(actor);
  const [{ timeZone, today }, [hoa]] = await Promise.all([hoaDay(db, actor, now), db.select({ name: hoas.name }).from(hoas).where(eq(hoas.id, actor.hoaId)).limit(1)]);
  const data = kind === 'invoices' ? { lines: [], invoices: await hoaInvoiceValues(db, actor) } : { lines: await hoaLineValues(db, actor, range), invoices: [] };
  return { csv: exportCsv(kind, data, timeZone, today, range), filename: exportFileName(kind, hoa?.name ?? 'hoa', today, range) };
}
