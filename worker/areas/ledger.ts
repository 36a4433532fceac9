/** The ledger, server half: REST (statement, CSV, a line or receipt) and the synced lines. Lines are written by the areas that move money. */
import { ledgerSyncArea } from '../domain/ledger';
import { defineServerArea } from '../kit/server-area';
import { ledgerRoutes } from '../routes/ledger';

export const ledgerArea = defineServerArea({
  name: 'ledger',
  routes: [{ path: '/api/ledger', router: ledgerRoutes }],
  sync: [ledgerSyncArea],
});
