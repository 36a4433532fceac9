/**
 * The ledger, shared half: a resident's statement of account as the cache holds it (readable
 * offline: the statement, its running balance, a receipt). Lines are written by the server only, in
 * the transaction of the event that moves money (worker/domain/ledger), never by a client.
 */
import { z } from 'zod';
import { LEDGER_KINDS, LEDGER_PAYMENT_METHODS } from '../../schema/ledger';
import { syncedPersonSchema } from '../../schema/synced';
import type { RestRule } from '../../schema/rest-shape';
import { defineSyncedArea, keyOf } from '../area';
import { lazy } from '../../schema/lazy';

export const LEDGER_SPACE = 'ledger';
export const ledgerKey = (id: string) => keyOf(LEDGER_SPACE, id);

/** A ledger line as the cache holds it. `amountCents` is signed as it moves the balance. */
export const syncedLedgerLineSchema = lazy(() => z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.number(),
  description: z.string(),
  occurredAt: z.number(),
  invoiceId: z.string().nullable(),
  violationId: z.string().nullable(),
  relatedLineId: z.string().nullable(),
  method: z.enum(LEDGER_PAYMENT_METHODS).nullable(),
  methodDetail: z.string().nullable(),
  receiptNumber: z.number().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  /** A payment's processing fee paid on top of `-amountCents` (passed on by the HOA); 0 when none. Not on the balance. */
  feeCents: z.number().default(0),
  /** Whose account it is. */
  resident: syncedPersonSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
}));
export type SyncedLedgerLine = z.output<typeof syncedLedgerLineSchema>;

/** The REST answer's names (schema/rest-shape.ts): times as ISO text, the resident as `user_id`. */
export const LEDGER_REST = {
  times: ['occurredAt'],
  names: { resident: 'user_id' },
} as const satisfies RestRule<SyncedLedgerLine>;

export const ledgerSync = defineSyncedArea({
  spaces: [LEDGER_SPACE],
});
