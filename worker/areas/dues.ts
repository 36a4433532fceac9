/** Dues, server half (community §1–§9): REST, the createDue mutator's domain call, the issuing job. */
import type { dueMutators } from '../../sync/areas/dues';
import { createDue, issueDueInvoices } from '../domain/dues';
import { dueRoutes } from '../routes/dues';
import type { ServerArea, ServerMutators } from './types';

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof dueMutators> = {
  createDue: (deps, tx, actor, { shown: _shown, ...input }) => createDue(deps, tx, actor, input),
};

export const duesArea: ServerArea = {
  name: 'dues',
  routes: [{ path: '/api/dues', router: dueRoutes }],
  mutators,
  // Before delivery, so the invoice emails of a send day go out in the same tick.
  jobs: [{ name: 'issue-due-invoices', run: (deps) => issueDueInvoices(deps) }],
};
