/**
 * The HOA's connected payment account: who manages it, the
 * answer of `/api/stripe-connect/account-status`, its state as the screens name it, and the provider's
 * requirement codes in words. Client and server both import this file.
 */
import type { Role } from './roles';

export const PAYMENT_ACCOUNT_MESSAGES = {
  superadminOnly: 'Only the superadmin can set up the payment account',
  noAccount: 'No payment account has been created yet',
  loadFailed: 'Failed to load account status',
  createFailed: 'Failed to create Stripe account',
  linkFailed: 'Failed to create onboarding link',
  complete: 'Setup Complete!',
} as const;

/** The payment account status as the API returns it. */
export interface ApiAccountStatus {
  account_exists: boolean;
  account_id: string | null;
  status: {
    details_submitted: boolean;
    charges_enabled: boolean;
    payouts_enabled: boolean;
    capabilities: { card_payments: string | null; transfers: string | null };
    business_profile: { name: string | null; product_description: string | null };
    requirements_due: string[];
  } | null;
}

/** /stripe-setup is the superadmin's. */
export const paymentAccountPolicy = {
  mayManage: (role: Role) => role === 'superadmin',
};

/** none: not started; incomplete: started, charges or payouts not enabled yet; complete: both enabled. */
export type PaymentAccountState = 'none' | 'incomplete' | 'complete';

export function paymentAccountState(a: ApiAccountStatus): PaymentAccountState {
  if (!a.account_exists) return 'none';
  return a.status?.charges_enabled && a.status.payouts_enabled ? 'complete' : 'incomplete';
}

export const PAYMENT_ACCOUNT_STATE_LABELS: Record<PaymentAccountState, string> = {
  none: 'Not set up',
  incomplete: 'Setup incomplete',
  complete: 'Complete',
};

/**
 * The provider's requirement codes (`external_account`, `tos_acceptance.date`, `individual.dob.day`…)
 * in words, first match wins; a code not listed reads as its last part ('company.structure' →
 * 'Structure'). A person's fields arrive under `individual.`, `representative.` or `person_<id>.`.
 */
const REQUIREMENTS: [RegExp, string][] = [
  [/^external_account$/, 'Bank account for payouts'],
  [/^tos_acceptance\./, "Acceptance of the payment provider's terms"],
  [/^business_type$/, 'Business type'],
  [/^business_profile\.url$/, 'Business website'],
  [/^business_profile\.mcc$/, 'Business category'],
  [/^business_profile\.product_description$/, 'Business description'],
  [/^business_profile\.support_phone$/, 'Support phone number'],
  [/^company\.name$/, 'Company name'],
  [/^company\.tax_id$/, 'Company tax ID'],
  [/^company\.address\./, 'Company address'],
  [/^company\.phone$/, 'Company phone number'],
  [/^company\.(owners|directors|executives)_provided$/, 'Company owners and directors'],
  [/(^|\.)verification\.(additional_)?document$/, 'Identity document'],
  [/(^|\.)dob\./, 'Date of birth'],
  [/(^|\.)address\./, 'Home address'],
  [/(^|\.)(ssn_last_4|id_number)$/, 'Social Security number'],
  [/(^|\.)(first_name|last_name)$/, 'Legal name'],
  [/(^|\.)email$/, 'Email address'],
  [/(^|\.)phone$/, 'Phone number'],
  [/(^|\.)relationship\.title$/, 'Job title'],
];

function requirementLabel(code: string): string {
  const known = REQUIREMENTS.find(([pattern]) => pattern.test(code));
  if (known) return known[1];
  const last = code.split('.').pop() || code;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The requirements still due, in words, each once. */
export const requirementLabels = (codes: readonly string[]): string[] => [...new Set(codes.map(requirementLabel))];
