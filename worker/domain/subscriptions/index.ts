// Subscriptions: what routes, the push and jobs may use.
export { hoaLapsed, lapsedRefusal } from './lapsed';
export { cancelSubscription, createBillingPortal, createReactivationCheckout, PORTAL_RETURN_FLAG, updatePlan } from './manage';
export { addressCount, subscriptionOf, subscriptionStatus, toApiSubscription } from './view';
