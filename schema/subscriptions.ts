/**
 * The HOA's subscription: the
 * statuses, who manages billing, the lapsed-subscription rule, the spec's messages, the bodies and
 * answers of `/api/subscriptions/*`. Client and server both import this file.
 */
import { z } from 'zod';
import type { Role } from './roles';
import { PAID_PLAN_NAMES, PLAN_RANK, type PaidPlanName } from './signup';
import { lazy } from './lazy';

export const SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete_expired', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A lapsed subscription: it has ended (canceled, or the provider gave up collecting: unpaid, or the
 * first payment never happened: incomplete_expired). Past due is not lapsed: the provider is still
 * retrying, and the HOA keeps working meanwhile (docs/decisions/140-lapsed-read-only.md).
 */
export const LAPSED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'incomplete_expired'];
export const isLapsed = (status: string | null | undefined) => status != null && (LAPSED_STATUSES as readonly string[]).includes(status);

/** Whether a user must go to /reactivation: the superadmin of a lapsed HOA. */
export const needsReactivation = (role: Role, status: string | null | undefined) => role === 'superadmin' && isLapsed(status);

/** Billing is the superadmin's. */
export const subscriptionPolicy = {
  mayManage: (role: Role) => role === 'superadmin',
};

/** POSTs that only read: a signed download URL of any area, a document's download, the sync pull. */
const READS_WITH_A_BODY = /^\/api\/(?:[a-z-]+\/download-url|[a-z-]+\/[^/]+\/download|sync\/pull)$/;

/**
 * The lapsed rule, one for every /api route (docs/decisions/140-lapsed-read-only.md; worker/middleware/lapsed.ts applies it
 * before any router, so no route can be left out): members of a lapsed HOA read but do not write.
 * Reads are GET and HEAD, and the two reads that need a body: a signed download URL (`…/download-url`,
 * `…/:id/download`) and the sync pull. Besides reads, only what is the person's own rather than the
 * HOA's stays open: their session and password (`/api/auth/*`), and billing, the way out
 * (`/api/subscriptions/*`). The sync push passes here and refuses each change itself, with a notice.
 * Every other request is a write and is refused with SUBSCRIPTION_MESSAGES.lapsed, signup's included.
 */
export function lapsedMayCall(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return true;
  if (READS_WITH_A_BODY.test(path)) return true;
  return path === '/api/sync/push' || path.startsWith('/api/auth/') || path.startsWith('/api/subscriptions/');
}

export const SUBSCRIPTION_MESSAGES = {
  onlySuperadmin: 'Only the superadmin can manage the subscription',
  lapsed: "This HOA's subscription has ended. You can still view everything, but changes are paused until the account owner reactivates the subscription.",
  selectPlan: 'Please select a plan to continue.',
  reactivationLoadFailed: 'Failed to load subscription information. Please try refreshing the page.',
  reactivationFailed: 'Failed to start reactivation process. Please try again.',
  checkoutCanceled: 'Checkout was canceled. You can try again by selecting a plan below.',
  portalFailed: 'Failed to open billing portal. Please try again.',
  redirectingToPortal: 'Redirecting to Billing Portal...',
  upgradeNote: 'Upgrade takes effect immediately',
  downgradeNote: 'Downgrade takes effect next billing cycle',
  planUpdated: (plan: string) => `Your subscription has been successfully updated to the ${plan} plan!`,
  // Server answers beyond the spec's texts.
  noSubscription: 'This HOA has no subscription yet.',
  notConnected: 'This subscription is not connected to the payment provider yet.',
  samePlan: 'You are already on this plan.',
  alreadyCanceled: 'This subscription is already canceled.',
  canceledUseReactivation: 'This subscription has ended. Reactivate it with a plan to continue.',
  nothingToReactivate: 'This subscription is active. There is nothing to reactivate.',
  reasonTooLong: 'Reason must be at most 500 characters',
} as const;

const planName = lazy(() => z.enum(PAID_PLAN_NAMES, { error: SUBSCRIPTION_MESSAGES.selectPlan }));
export const updatePlanBody = lazy(() => z.object({ planName }));
export const reactivationCheckoutBody = lazy(() => z.object({ planName }));
export const cancelBody = lazy(() => z.object({
  reason: z.string().trim().max(500, SUBSCRIPTION_MESSAGES.reasonTooLong).optional(),
  /** End now instead of at the end of the period already paid for. */
  immediately: z.boolean().optional(),
}));

/** The query parameter Checkout's cancel address carries the chosen plan in: /reactivation keeps it chosen. */
export const REACTIVATION_PLAN_PARAM = 'plan';

export const planChangeDirection = (from: PaidPlanName, to: PaidPlanName): 'upgrade' | 'downgrade' => (PLAN_RANK[to] > PLAN_RANK[from] ? 'upgrade' : 'downgrade');

/** The subscription as the API returns it (with what the profile card and the unit check show). */
export interface ApiSubscription {
  _id: string;
  id: string;
  plan: {
    name: string;
    display_name: string;
    price_cents: number;
    max_units: number | null;
  };
  status: SubscriptionStatus;
  trial_end: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  canceled_at: string | null;
  cancellation_reason: string | null;
  /** When access ends: the period end for a cancellation at period end, the cancel time for an ended one. */
  access_expires_at: string | null;
  /** Addresses in the directory, against the plan's max_units (docs/decisions/143-plans-and-units.md). */
  address_count: number;
  units_exceeded: boolean;
  /** The smallest plan that holds the directory when it outgrew this one. */
  suggested_plan: PaidPlanName | null;
}
export interface SubscriptionStatusResponse {
  subscription: ApiSubscription | null;
  needsReactivation: boolean;
}
export type ReactivationStatusResponse = SubscriptionStatusResponse;
export interface UpdatePlanResponse {
  subscription: ApiSubscription;
  change: {
    plan: PaidPlanName;
    direction: 'upgrade' | 'downgrade';
    effective_at: string | null;
  };
  message: string;
}
export interface PortalResponse {
  portal_url: string;
}
export interface CheckoutResponse {
  checkout_url: string;
}
