/**
 * Dues, shared half: the cache's key space and value (a due with its recipients, readable offline),
 * and the mutator the board uses at a meeting, also offline: create a due. Issuing its invoices is
 * the server's job (worker/domain/dues/issuing.ts).
 */
import { z } from 'zod';
import { DUE_FREQUENCIES, DUE_MESSAGES, DUE_REASONS, DUE_STATUSES, dueFields, duePolicy } from '../../schema/dues';
import { LATE_FEE_KINDS, lateFeeRule, lateFeeRuleOf, NO_LATE_FEE } from '../../schema/late-fees';
import { syncedPersonSchema } from '../../schema/synced';
import type { RestRule } from '../../schema/rest-shape';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { newRowId } from './fields';
import { lazy } from '../../schema/lazy';

export const DUE_SPACE = 'due';
export const dueKey = (id: string) => keyOf(DUE_SPACE, id);

/** A due as the cache holds it. Milliseconds since the epoch for times; days as their UTC midnight. */
export const syncedDueSchema = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  frequency: z.enum(DUE_FREQUENCIES),
  /** Per recipient. */
  amountCents: z.number(),
  reason: z.enum(DUE_REASONS),
  description: z.string().nullable(),
  status: z.enum(DUE_STATUSES),
  sendDate: z.number(),
  dueDateOffset: z.number(),
  /** The next period's send day; null once a one-time due has been issued. */
  nextSendDate: z.number().nullable(),
  /** The late fee rule: none, fixed (`lateFeeValue` cents) or percent (basis points), `graceDays` after the due date. */
  lateFeeKind: z.enum(LATE_FEE_KINDS),
  lateFeeValue: z.number(),
  graceDays: z.number(),
  /** Board and superadmin: every recipient; residents: themselves only. */
  recipients: z.array(syncedPersonSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
}));
export type SyncedDue = z.output<typeof syncedDueSchema>;

/** The REST answer's names (schema/rest-shape.ts): the spec's for the amount and the recipients' details; days as ISO text. */
export const DUE_REST = {
  times: ['sendDate', 'nextSendDate'],
  names: { amountCents: 'amountCents', recipients: 'recipient_details', lateFeeKind: 'late_fee_type' },
} as const satisfies RestRule<SyncedDue>;

/** The recipients' names as the picker showed them (the server never reads it). */
const shown = lazy(() => z.object({ recipients: z.array(z.object({ id: z.string().max(64), name: z.string().max(200), email: z.string().max(320) })).max(5000) }).optional());

export const dueMutators = {
  /** Creates a due with a client-made id (also offline); "not before yesterday" is checked by the form and the server. */
  createDue: defineMutator({
    args: lazy(() => z.object({ id: newRowId, ...dueFields, shown }).superRefine(lateFeeRule)),
    label: 'Create due',
    subject: (args) => args.title,
    allowed: { role: duePolicy.mayManage, refusal: DUE_MESSAGES.boardOnly },
    async apply(tx, args) {
      if (await tx.has(dueKey(args.id))) return;
      const now = Date.now();
      const fee = lateFeeRuleOf(args) ?? NO_LATE_FEE;
      const names = new Map((args.shown?.recipients ?? []).map((p) => [p.id, p]));
      const row: SyncedDue = {
        id: args.id,
        title: args.title,
        frequency: args.frequency,
        amountCents: args.amount,
        reason: args.reason,
        description: args.description,
        status: 'active',
        sendDate: args.send_date,
        dueDateOffset: args.due_date_offset,
        nextSendDate: args.send_date,
        lateFeeKind: fee.kind,
        lateFeeValue: fee.value,
        graceDays: fee.graceDays,
        recipients: args.recipients.map((id) => ({ id, name: names.get(id)?.name ?? '', email: names.get(id)?.email ?? '' })),
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await tx.set(dueKey(row.id), { ...row, recipients: row.recipients.map((p) => ({ ...p })) });
    },
  }),
};

export const duesSync = defineSyncedArea({
  spaces: [DUE_SPACE],
  mutators: dueMutators,
});
