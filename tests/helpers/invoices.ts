import { dayOf } from '../../schema/money';
import { invoiceRows } from '../../worker/domain/invoices/sync';
import type { AppDeps } from '../../worker/deps';
import { newId } from '../../worker/services/tokens';

/**
 * A pending invoice of `recipientId`, written as the dues area issues one (through the synced
 * writer). Tests that pay through Checkout need a real invoice: a payment for one that does not take
 * it (none, paid, canceled) is refunded.
 */
export async function openInvoice(
  deps: Pick<AppDeps, 'database' | 'clock' | 'pokes'>,
  input: { hoaId: string; recipientId: string; amountCents: number; title?: string },
): Promise<string> {
  const id = newId();
  const today = dayOf(deps.clock());
  const row = {
    id,
    hoaId: input.hoaId,
    dueId: `due_${id}`,
    recipientId: input.recipientId,
    period: today,
    title: input.title ?? 'Monthly dues',
    frequency: 'one_time' as const,
    amountCents: input.amountCents,
    status: 'pending' as const,
    sentAt: today,
    dueDate: today + 7 * 86_400_000,
    createdAt: deps.clock(),
    updatedAt: deps.clock(),
  };
  await deps.database.transaction((tx) => invoiceRows.insert(deps, tx, row));
  return id;
}
