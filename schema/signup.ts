/**
 * Signup: the plan catalogue, the wizard's steps and timers, the
 * spec's messages, and the zod schemas of the wizard's forms and the signup calls. Client and server
 * both import this file.
 */
import { z } from 'zod';
import type { ApiUser } from './auth';
import { lazy } from './lazy';
import { timeZoneField } from './days';

export const PLAN_NAMES = ['free', 'starter', 'growth', 'pro'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
/** Plans a signup or a reactivation may choose (free has no price at the provider: testing only). */
export const PAID_PLAN_NAMES = ['starter', 'growth', 'pro'] as const;
export type PaidPlanName = (typeof PAID_PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  display_name: string;
  /** Dollars per month. */
  price: number;
  price_cents: number;
  /** Null: unlimited. */
  max_units: number | null;
  description: string;
  features: string[];
}

/** Features every plan has. */
export const COMMON_FEATURES = [
  'Dues collection',
  'Announcements',
  'Maintenance requests',
  'Document storage',
  'Compliance tracking',
  'Resident directory',
  'Address directory',
  'Email support',
] as const;

const STARTER_FEATURES = ['Dues collection', 'Announcements', 'Maintenance requests', 'Document storage', 'Violation tracking', 'Email support'];
const GROWTH_FEATURES = [...STARTER_FEATURES, 'Advanced reporting', 'Custom branding', 'Automations'];
const PRO_FEATURES = [...GROWTH_FEATURES, 'Priority support', 'Advanced analytics', 'API access', 'Custom integrations'];

/** The fixed plan catalogue. */
export const PLANS: Record<PlanName, Plan> = {
  free: {
    name: 'free',
    display_name: 'Free',
    price: 0,
    price_cents: 0,
    max_units: null,
    description: 'For testing',
    features: STARTER_FEATURES,
  },
  starter: {
    name: 'starter',
    display_name: 'Starter',
    price: 49,
    price_cents: 4900,
    max_units: 50,
    description: 'For small HOAs',
    features: STARTER_FEATURES,
  },
  growth: {
    name: 'growth',
    display_name: 'Growth',
    price: 99,
    price_cents: 9900,
    max_units: 150,
    description: 'For growing communities',
    features: GROWTH_FEATURES,
  },
  pro: {
    name: 'pro',
    display_name: 'Pro',
    price: 199,
    price_cents: 19900,
    max_units: 400,
    description: 'For large HOAs',
    features: PRO_FEATURES,
  },
};
/** Plan rank on the billing page: a higher rank is an upgrade. */
export const PLAN_RANK: Record<PaidPlanName, number> = {
  starter: 1,
  growth: 2,
  pro: 3,
};
export const isPaidPlan = (v: unknown): v is PaidPlanName => typeof v === 'string' && (PAID_PLAN_NAMES as readonly string[]).includes(v);
/** "Starter", "Growth", "Pro" (the complete screen capitalises the plan name). */
export const planDisplayName = (name: string) => (PLANS as Record<string, Plan | undefined>)[name]?.display_name ?? name.charAt(0).toUpperCase() + name.slice(1);

/** The smallest paid plan whose unit limit holds `units` addresses (pro when none does). */
export function planForUnits(units: number): PaidPlanName {
  return PAID_PLAN_NAMES.find((p) => units <= (PLANS[p].max_units ?? Infinity)) ?? 'pro';
}

/** The wizard's steps in order, and the trial's length in days. */
export const SIGNUP_STEPS = ['plan_selection', 'account_creation', 'payment_setup', 'hoa_setup', 'complete'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];
export const TRIAL_DAYS = 30;
export const AVAILABILITY_DEBOUNCE_MS = 500;
export const SIGNUP_STATE_TTL_MS = 24 * 60 * 60_000;
export const RESUME_DISABLE_MS = 1_000;
export const COMPLETE_COUNTDOWN_S = 5;
/** The card form appears about 500 ms after the payment step is entered. */
export const CARD_FORM_DELAY_MS = 500;

export const SIGNUP_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordRule: 'Password must be at least 8 characters with at least one letter and one number',
  confirmRequired: 'Please confirm your password',
  passwordsDontMatch: 'Passwords do not match',
  nameRequired: 'Full name is required',
  hoaNameRequired: 'HOA name is required',
  emailTaken: 'This email is already registered',
  hoaNameTaken: 'An HOA with this name already exists',
  plansFailed: 'Failed to load subscription plans. Please refresh the page.',
  plansFailedTitle: 'Failed to Load Plans',
  createFailed: 'Failed to create account. Please try again.',
  selectPlanFirst: 'Please go back and select a plan first.',
  missingPaymentId: 'Invalid signup response: missing payment identification',
  paymentMethodFailed: 'Failed to process payment method. Please try again.',
  paymentSetupFailed: 'Payment setup failed. Please try again.',
  completeCardDetails: 'Please complete all card details',
  uploadComingSoon: 'Excel/CSV upload feature coming soon!',
  // Server answers beyond the spec's texts.
  planInvalid: 'Please choose the Starter, Growth or Pro plan',
  signupNotFound: 'This signup has expired or does not exist. Please start over.',
  cardNotConfirmed: 'Your card has not been confirmed yet. Please complete the card details.',
  fieldTooLong: 'This field is too long',
  tooManyChecks: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

const email = lazy(() => z.string({ error: SIGNUP_MESSAGES.invalidEmail }).trim().toLowerCase().min(1, SIGNUP_MESSAGES.invalidEmail).max(254, SIGNUP_MESSAGES.invalidEmail).email(SIGNUP_MESSAGES.invalidEmail));
/** Whether the live check should ask about an email: the form's own rule, so both agree. */
export const isSignupEmail = (v: string) => email.safeParse(v).success;
/** The signup rule: 8 or more, a letter and a number; 72 bytes is what the hash reads. */
export const signupPassword = lazy(() => z
  .string({ error: SIGNUP_MESSAGES.passwordRule })
  .min(8, SIGNUP_MESSAGES.passwordRule)
  .max(72, SIGNUP_MESSAGES.passwordRule)
  .regex(/^(?=.*[A-Za-z])(?=.*\d)/, SIGNUP_MESSAGES.passwordRule));
const fullName = lazy(() => z.string({ error: SIGNUP_MESSAGES.nameRequired }).trim().min(1, SIGNUP_MESSAGES.nameRequired).max(100, SIGNUP_MESSAGES.fieldTooLong));
export const hoaName = lazy(() => z.string({ error: SIGNUP_MESSAGES.hoaNameRequired }).trim().min(1, SIGNUP_MESSAGES.hoaNameRequired).max(120, SIGNUP_MESSAGES.fieldTooLong));
const paidPlan = lazy(() => z.enum(PAID_PLAN_NAMES, { error: SIGNUP_MESSAGES.planInvalid }));

// ---- Forms (the wizard validates these) ----
export const signupAccountForm = lazy(() => z
  .object({
    email,
    password: signupPassword,
    confirmPassword: z.string().min(1, SIGNUP_MESSAGES.confirmRequired),
    name: fullName,
    hoa_name: hoaName,
  })
  .refine((v) => !v.confirmPassword || v.password === v.confirmPassword, {
    message: SIGNUP_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  }));
export type SignupAccountForm = z.input<typeof signupAccountForm>;

export const hoaSetupForm = lazy(() => z.object({
  name: hoaName,
  city: z.string().trim().max(100, SIGNUP_MESSAGES.fieldTooLong).optional(),
  zip: z.string().trim().max(20, SIGNUP_MESSAGES.fieldTooLong).optional(),
}));
export type HoaSetupForm = z.infer<typeof hoaSetupForm>;

// ---- API bodies (the server validates these) ----
/** What proves a call continues this browser's signup: the ids and the token the trial call returned. */
const signupRef = lazy(() => ({
  user_id: z.string().min(1).max(64),
  hoa_id: z.string().min(1).max(64),
  signup_token: z.string({ error: SIGNUP_MESSAGES.signupNotFound }).min(1, SIGNUP_MESSAGES.signupNotFound).max(200),
}));
/**
 * This browser's latest unfinished signup (docs/decisions/190-own-unfinished-signup.md), sent with the live checks and the
 * trial call: what it holds never counts as taken for the visitor who started it, after Start Over too.
 */
const signupAttempt = lazy(() => z.object(signupRef).optional());
export type SignupAttempt = NonNullable<z.infer<typeof signupAttempt>>;
export const plansQuery = lazy(() => z.object({ email: z.string().max(254).optional() }));
/** One of the two per call (the wizard checks each field on its own). */
export const availabilityBody = lazy(() => z
  .object({
    email: z.string().trim().toLowerCase().max(254).optional(),
    hoa_name: z.string().trim().max(120).optional(),
    attempt: signupAttempt,
  })
  .refine((v) => (v.email ? 1 : 0) + (v.hoa_name ? 1 : 0) === 1, {
    message: 'Send either email or hoa_name',
    path: ['email'],
  }));
export const trialBody = lazy(() => z.object({
  email,
  password: signupPassword,
  name: fullName,
  hoa_name: hoaName,
  plan: paidPlan,
  attempt: signupAttempt,
}));
export type TrialBody = z.infer<typeof trialBody>;

/** The payment-method confirmation call (`POST /api/signup/confirm-payment`, docs/decisions/136-signup-calls.md). */
export const confirmPaymentBody = lazy(() => z.object({
  ...signupRef,
  setup_intent_id: z.string({ error: SIGNUP_MESSAGES.missingPaymentId }).min(1, SIGNUP_MESSAGES.missingPaymentId).max(200),
  payment_method_id: z.string().max(200).nullish(),
  subscription_id: z.string().max(64).nullish(),
}));
export const completeBody = lazy(() => confirmPaymentBody.extend({
  plan: paidPlan.optional(),
}));
/** The screen also sends the browser's time zone: the HOA's days are its owner's. */
export const hoaSetupBody = lazy(() => hoaSetupForm.extend({ time_zone: timeZoneField.optional() }));

// ---- Answers ----
export type PlansResponse = Record<PlanName, Plan>;
export interface AvailabilityResponse {
  available: boolean;
}
export interface PaymentConfig {
  provider: 'stripe' | 'local';
  /** Stripe.js key; null with the local provider, whose card form posts to its own confirm call. */
  publishable_key: string | null;
}
export interface TrialResponse {
  user: { id: string; name: string; email: string; role: 'superadmin' };
  hoa: { id: string; name: string };
  plan: PaidPlanName;
  subscription_id: string;
  setup_intent_id: string;
  setup_intent_client_secret: string;
  /** Proves later calls of this signup come from the browser that made it (confirm, complete). */
  signup_token: string;
  /** A resumed signup whose card was already confirmed: the wizard completes it without the card form. */
  payment_method_secured: boolean;
  payment: PaymentConfig;
}
export interface SignupSubscription {
  id: string;
  plan: PaidPlanName;
  status: string;
  trial_end: string | null;
  current_period_end: string | null;
}
export interface ConfirmPaymentResponse {
  success: true;
  payment_method_secured: true;
  subscription: SignupSubscription;
}
export interface CompleteResponse {
  token: string;
  accessToken: string;
  user: ApiUser;
  hoa: { id: string; name: string; city: string | null; zip: string | null };
  subscription: SignupSubscription;
}
