/**
 * Autopay, shared half: a resident's saved payment methods (cards and US bank accounts on the HOA's
 * connected account) and their one enrollment, which charges every open invoice of theirs off
 * session on its charge day (its due date in the HOA's day, or at once when issued), once, with one
 * retry three days after a failure. Online only: nothing here is synced.
 */
import { z } from 'zod';
import { lazy } from './lazy';
import type { Role } from './roles';
import { isPrivileged } from './roles';

export const SAVED_METHOD_KINDS = ['card', 'us_bank_account'] as const;
export type SavedMethodKind = (typeof SAVED_METHOD_KINDS)[number];
export const AUTOPAY_TIMINGS = ['due_date', 'issued'] as const;
export type AutopayTiming = (typeof AUTOPAY_TIMINGS)[number];
export const AUTOPAY_STATUSES = ['active', 'paused', 'stopped'] as const;
export type AutopayStatus = (typeof AUTOPAY_STATUSES)[number];
export const AUTOPAY_ATTEMPT_STATUSES = ['processing', 'succeeded', 'failed'] as const;
export type AutopayAttemptStatus = (typeof AUTOPAY_ATTEMPT_STATUSES)[number];

export const SAVED_METHOD_KIND_LABELS: Record<SavedMethodKind, string> = { card: 'Card', us_bank_account: 'Bank account' };
export const AUTOPAY_TIMING_LABELS: Record<AutopayTiming, string> = { due_date: 'Charge on the due date', issued: 'Charge when issued' };
export const AUTOPAY_STATUS_LABELS: Record<AutopayStatus, string> = { active: 'On', paused: 'Paused', stopped: 'Off' };

/** The one retry of a failed charge comes this many days later; there is never a third attempt. */
export const AUTOPAY_RETRY_DAYS = 3;
export const AUTOPAY_MAX_ATTEMPTS = 2;

export const AUTOPAY_MESSAGES = {
  methodNotFound: 'Payment method not found.',
  residentNotFound: 'Resident not found.',
  ownOnly: 'Only the resident can change their autopay. The board can see it but not change it.',
  chooseMethod: 'Choose a saved payment method for autopay.',
  methodInUse: 'Autopay charges this method. Choose another method for autopay, or turn autopay off, before removing it.',
  setupNotFinished: 'The payment method was not saved. Please try again.',
  online: 'Autopay and saved payment methods need a connection. Connect to the internet to change them.',
} as const;

/** The words of a saved method ("Visa •••• 4242", "STRIPE TEST BANK •••• 6789"): the receipt's methodDetail. */
export const savedMethodText = (m: { label: string; last4: string }) => `${m.label} •••• ${m.last4}`;

/** Who may see or change whose autopay. One rule, for the domain and the screen. */
export const autopayPolicy = {
  /** The resident's own, and the board's view of its HOA's residents (collections). */
  mayRead: (viewer: { userId: string; role: Role }, userId: string) => viewer.userId === userId || isPrivileged(viewer.role),
  /** Only the resident changes their own methods and enrollment; the board never does. */
  mayChange: (viewer: { userId: string }, userId: string) => viewer.userId === userId,
  /** Whether an enrollment charges now. */
  charges: (status: AutopayStatus) => status === 'active',
};

export const autopaySetupBody = lazy(() => z.object({ kind: z.enum(SAVED_METHOD_KINDS, { message: 'Choose a card or a bank account' }) }));
export type AutopaySetupBody = z.output<typeof autopaySetupBody>;

/** `PUT /api/autopay`: the enrollment changed in place; the first one needs a method. */
export const autopayBody = lazy(() =>
  z
    .object({
      method_id: z.string().min(1, AUTOPAY_MESSAGES.chooseMethod).max(64).optional(),
      timing: z.enum(AUTOPAY_TIMINGS, { message: 'Choose when to charge' }).optional(),
      status: z.enum(AUTOPAY_STATUSES, { message: 'Choose on, paused or off' }).optional(),
    })
    .strict(),
);
export type AutopayBody = z.output<typeof autopayBody>;

export const autopayQuery = lazy(() => z.object({ user_id: z.string().min(1).max(64).optional() }));

export interface ApiSavedMethod {
  _id: string;
  kind: SavedMethodKind;
  label: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  created_at: string;
}

export interface ApiAutopayCharge {
  invoice_id: string;
  title: string;
  amount_cents: number;
  /** The day (YYYY-MM-DD) it is charged; today or earlier: at the next run. */
  charge_on: string;
  attempt: number;
}

export interface ApiAutopayAttempt {
  _id: string;
  invoice_id: string;
  attempt: number;
  amount_cents: number;
  status: AutopayAttemptStatus;
  failure_reason: string | null;
  created_at: string;
}

export interface ApiAutopay {
  user_id: string;
  methods: ApiSavedMethod[];
  enrollment: { method_id: string; timing: AutopayTiming; status: AutopayStatus; updated_at: string } | null;
  /** The open invoices autopay will charge, soonest first (empty unless it is on). */
  upcoming: ApiAutopayCharge[];
  /** The latest charges, newest first. */
  attempts: ApiAutopayAttempt[];
  /** Whether the HOA takes payments online (autopay cannot charge before). */
  payments_ready: boolean;
}
