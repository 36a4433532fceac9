import type { CheckoutResponse, PortalResponse, SubscriptionStatusResponse } from '../../../schema/subscriptions';
import { api } from '../../lib/api';

export const billingApi = {
  status: () => api<SubscriptionStatusResponse>('/api/subscriptions/status'),
  reactivationStatus: () => api<SubscriptionStatusResponse>('/api/subscriptions/reactivation-status'),
  portal: () =>
    api<PortalResponse>('/api/subscriptions/create-billing-portal', {
      method: 'POST',
    }),
  reactivationCheckout: (planName: string) =>
    api<CheckoutResponse>('/api/subscriptions/create-reactivation-checkout', {
      method: 'POST',
      body: { planName },
    }),
};

/** The plan when the owner left for the billing portal: the profile compares it on return (docs/decisions/142-billing-portal-return.md). */
const PLAN_BEFORE_KEY = 'hoa.billing.planBefore';
export const rememberPlanBeforePortal = (plan: string) => {
  try {
    sessionStorage.setItem(PLAN_BEFORE_KEY, plan);
  } catch {
    // No banner then; the plan still changed.
  }
};
export const takePlanBeforePortal = (): string | null => {
  try {
    const plan = sessionStorage.getItem(PLAN_BEFORE_KEY);
    sessionStorage.removeItem(PLAN_BEFORE_KEY);
    return plan;
  } catch {
    return null;
  }
};

/** Leaves for a portal session's address, the plan remembered for the profile's banner on return. */
export function leaveForPortal(currentPlan: string | null, portalUrl: string) {
  if (currentPlan) rememberPlanBeforePortal(currentPlan);
  location.assign(portalUrl);
}

/** Opens the billing portal: asks for a portal session and leaves for it. */
export async function openBillingPortal(currentPlan: string | null) {
  const { portal_url } = await billingApi.portal();
  leaveForPortal(currentPlan, portal_url);
}
