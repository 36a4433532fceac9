/**
 * Who pays the processing fees of residents' online payments (docs/decisions/222-processing-fees-passed-on.md):
 * the HOA absorbs them (default) or passes them on, the fee then shown per method before paying and
 * charged on top of the invoice.
 */
import { eq } from 'drizzle-orm';
import { HOA_SETTINGS_MESSAGES, hoaSettingsPolicy, type ApiProcessingFees } from '../../schema/hoa-settings';
import type { ProcessingFeeMode } from '../../schema/ledger';
import { hoas } from '../../schema/tables';
import type { DbOrTx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from './actor';
import { recordActivity } from './activity';
import { forbidden, notFound } from './errors';

/** The HOA's choice ('absorbed' for an HOA the row cannot be read of). */
export async function hoaProcessingFees(db: DbOrTx, hoaId: string): Promise<ProcessingFeeMode> {
  const [row] = await db.select({ mode: hoas.processingFees }).from(hoas).where(eq(hoas.id, hoaId)).limit(1);
  return row?.mode ?? 'absorbed';
}

/** `GET /api/hoa/processing-fees`: every member (residents' payment panel shows the fee). */
export async function getProcessingFees(deps: AppDeps, actor: Actor): Promise<ApiProcessingFees> {
  return { processing_fees: await hoaProcessingFees(deps.database.db, actor.hoaId) };
}

/** `PUT /api/hoa/processing-fees` (superadmin): applies to Checkouts started from now on. */
export async function setProcessingFees(deps: AppDeps, actor: Actor, mode: ProcessingFeeMode): Promise<ApiProcessingFees> {
  if (!hoaSettingsPolicy.mayChangeProcessingFees(actor.role)) throw forbidden(HOA_SETTINGS_MESSAGES.feesSuperadminOnly);
  const [row] = await deps.database.transaction(async (tx) => {
    const before = await hoaProcessingFees(tx, actor.hoaId);
    const saved = await tx.update(hoas).set({ processingFees: mode }).where(eq(hoas.id, actor.hoaId)).returning({ mode: hoas.processingFees });
    if (saved.length && before !== mode) {
      const summary = `Changed card processing fees to ${mode === 'passed_on' ? 'passed on to residents' : 'absorbed by the HOA'}`;
      await recordActivity(deps, tx, actor, { action: 'settings.processing_fees', summary, entity: 'hoa', entityId: actor.hoaId, before: { processing_fees: before }, after: { processing_fees: mode } });
    }
    return saved;
  });
  if (!row) throw notFound();
  return { processing_fees: row.mode };
}
