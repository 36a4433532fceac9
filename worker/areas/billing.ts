/** Signup, trial and billing, server half: REST and jobs (no synced tables). */
import { purgeAbandonedSignups } from '../domain/signup';
import { signupRoutes } from '../routes/signup';
import { subscriptionRoutes } from '../routes/subscriptions';
import { advanceLocalBilling } from '../services/payments/local-billing';
import { isLocalPayments } from '../services/payments/local';
import { defineServerArea } from '../kit/server-area';

export const billingArea = defineServerArea({
  name: 'billing',
  routes: [
    { path: '/api/signup', router: signupRoutes },
    { path: '/api/subscriptions', router: subscriptionRoutes },
  ],
  jobs: [
    // Stripe runs its own billing; the local provider's renewals, trial reminders and retries run here.
    { name: 'local-billing-clock', run: (deps) => (isLocalPayments(deps.payments) ? advanceLocalBilling(deps.payments) : Promise.resolve()) },
    { name: 'purge-abandoned-signups', run: (deps) => purgeAbandonedSignups(deps) },
  ],
});
