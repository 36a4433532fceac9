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

/** Opens the billing portal: remembers the plan, asks for a portal session and leaves for it. */
export async function openBillingPortal(currentPlan: string | null) {
  if (currentPlan) rememberPlanBeforePortal(currentPlan);
  const { portal_url } = await billingApi.portal();
  location.assign(portal_url);
}
