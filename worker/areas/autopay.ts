/** Autopay, server half: REST (saved methods, the one enrollment), the local provider's setup page, and the run that charges invoices off session. */
import { runAutopay } from '../domain/autopay';
import { defineServerArea } from '../kit/server-area';
import { autopayRoutes } from '../routes/autopay';
import { devPayMethodRoutes } from '../routes/dev-pay-methods';

export const autopayArea = defineServerArea({
  name: 'autopay',
  routes: [
    { path: '/api/autopay', router: autopayRoutes },
    // The local provider's hosted page saving a card or bank account (404 unless the local provider stands in for Stripe).
    { path: '/dev/pay/methods', router: devPayMethodRoutes },
  ],
  jobs: [{ name: 'autopay', run: (deps) => runAutopay(deps) }],
});
