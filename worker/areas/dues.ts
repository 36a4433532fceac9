/** Dues, server half: REST, the synced dues, the createDue mutator's domain call, the issuing job. */
import type { dueMutators } from '../../sync/areas/dues';
import { createDue, issueDueInvoices } from '../domain/dues';
import { dueSyncArea } from '../domain/dues/sync';
import { dueRoutes } from '../routes/dues';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof dueMutators> = {
  createDue: (deps, tx, actor, { shown: _shown, ...input }) => createDue(deps, tx, actor, input),
};

export const duesArea = defineServerArea({
  name: 'dues',
  routes: [{ path: '/api/dues', router: dueRoutes }],
  sync: [dueSyncArea],
  mutators,
  // Before delivery, so the invoice emails of a send day go out in the same tick.
  jobs: [{ name: 'issue-due-invoices', run: (deps) => issueDueInvoices(deps) }],
});
