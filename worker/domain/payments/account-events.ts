/** The HOA's connected account (the one its invoices are paid into), mirrored from its events. */
import { eq } from 'drizzle-orm';
import { connectAccounts } from '../../../schema/tables';
import { toAccountStatus } from '../../services/payments/types';
import { isStale, type EventHandler } from './events';

/** account.updated: the connected account's onboarding state. */
export const applyAccount: EventHandler = async ({ tx, event, deps }) => {
  const status = toAccountStatus(event.object);
  const [row] = await tx.select().from(connectAccounts).where(eq(connectAccounts.accountId, status.accountId)).limit(1);
  if (!row) return 'ignored';
  if (isStale(row.lastEventAt, event.created)) return 'stale';
  await tx
    .update(connectAccounts)
    .set({
      detailsSubmitted: status.detailsSubmitted,
      chargesEnabled: status.chargesEnabled,
      payoutsEnabled: status.payoutsEnabled,
      requirementsDue: JSON.stringify(status.requirementsDue),
      lastEventAt: event.created,
      updatedAt: deps.clock(),
    })
    .where(eq(connectAccounts.hoaId, row.hoaId));
  return 'applied';
};
