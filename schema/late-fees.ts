/**
 * Late fees: a due's rule (none, a fixed amount or a percent of the invoice, added once a number of
 * grace days after the due date), the fee it makes, how it reads, and the board's waiver of it.
 * Money is whole cents; a percent is kept in basis points (1.5% → 150).
 */
import { z } from 'zod';
import { LATE_FEE_KINDS, type LateFeeKind } from './ledger';
import { lazy } from './lazy';
import { addDays, dollarsToCents, formatUsd } from './money';
import { isPrivileged, type Role } from './roles';

export { LATE_FEE_KINDS, type LateFeeKind };
export const LATE_FEE_KIND_LABELS: Record<LateFeeKind, string> = { none: 'No late fee', fixed: 'Fixed amount', percent: 'Percent of the invoice' };

export const GRACE_DAYS_MAX = 60;
/** Not in the spec: keeps a typo of extra zeros out. */
export const LATE_FEE_FIXED_MAX_CENTS = 1_000_000;
/** Basis points: at most the invoice's amount again. */
export const LATE_FEE_PERCENT_MAX_BP = 10_000;
export const WAIVER_REASON_MAX = 500;

export const LATE_FEE_MESSAGES = {
  kindInvalid: 'Late fee must be none, fixed or percent',
  amountRequired: 'Please enter the late fee.',
  fixedInvalid: 'Enter a late fee between $0.01 and $10,000.00.',
  percentInvalid: 'Enter a percent between 0.01 and 100, with at most two decimals.',
  graceInvalid: `Grace days must be a whole number from 0 to ${GRACE_DAYS_MAX}.`,
  reasonRequired: 'Please give a reason for the waiver.',
  reasonTooLong: `The reason must be at most ${WAIVER_REASON_MAX} characters.`,
  noFee: 'This invoice has no late fee to waive.',
  notOpen: 'Only an open invoice’s late fee can be waived.',
  boardOnly: 'Only board members can waive late fees',
  waived: 'Late fee waived.',
  waiveFailed: 'Failed to waive the late fee. Please try again.',
} as const;

/** What the Activity History says. */
export const LATE_FEE_HISTORY = {
  added: (cents: number) => `Late fee of ${formatUsd(cents)} added`,
  waived: (cents: number, reason: string) => `Late fee of ${formatUsd(cents)} waived: ${reason}`,
} as const;

/** What an invoice asks in all: its amount and its late fee (0 when none, or once waived). */
export const invoiceTotal = (invoice: { amountCents: number; lateFeeCents: number }) => invoice.amountCents + invoice.lateFeeCents;

/** A due's rule as stored: `value` is cents (fixed) or basis points (percent). */
export interface LateFeeRule {
  kind: LateFeeKind;
  value: number;
  graceDays: number;
}

export const NO_LATE_FEE: LateFeeRule = { kind: 'none', value: 0, graceDays: 0 };

/** The fee a rule makes on an invoice of `amountCents`: a percent rounds half up to whole cents. */
export function lateFeeCentsOf(rule: Pick<LateFeeRule, 'kind' | 'value'>, amountCents: number): number {
  if (rule.kind === 'fixed') return rule.value;
  if (rule.kind === 'percent') return Math.floor((amountCents * rule.value + 5_000) / 10_000);
  return 0;
}

/** The first day the fee is due: the day after the due date plus the grace days (a day is its UTC midnight). */
export const lateFeeDay = (dueDate: number, graceDays: number) => addDays(dueDate, graceDays + 1);

/** "$25.00, 5 days after the due date" / "1.5% of the invoice, the day after the due date" / "No late fee". */
export function lateFeeText(rule: LateFeeRule): string {
  if (rule.kind === 'none') return LATE_FEE_KIND_LABELS.none;
  const fee = rule.kind === 'fixed' ? formatUsd(rule.value) : `${rule.value / 100}% of the invoice`;
  const when = rule.graceDays === 0 ? 'the day after the due date' : `after ${rule.graceDays} grace ${rule.graceDays === 1 ? 'day' : 'days'}`;
  return `${fee}, ${when}`;
}

/** Percent (at most two decimals) → basis points, or null. */
function percentToBp(percent: number): number | null {
  const bp = dollarsToCents(percent);
  return bp !== null && bp > 0 && bp <= LATE_FEE_PERCENT_MAX_BP ? bp : null;
}

/**
 * The form's and REST body's fields (snake_case): `late_fee_amount` is dollars for a fixed fee and a
 * percent for a percent fee; `lateFeeRule` checks them together and `lateFeeRuleOf` stores them.
 */
export const lateFeeFields = lazy(() => ({
  late_fee_type: z.enum(LATE_FEE_KINDS, { error: LATE_FEE_MESSAGES.kindInvalid }).default('none'),
  late_fee_amount: z.number({ error: LATE_FEE_MESSAGES.amountRequired }).nullish(),
  grace_days: z.coerce.number({ error: LATE_FEE_MESSAGES.graceInvalid }).int(LATE_FEE_MESSAGES.graceInvalid).min(0, LATE_FEE_MESSAGES.graceInvalid).max(GRACE_DAYS_MAX, LATE_FEE_MESSAGES.graceInvalid).default(0),
}));

export interface LateFeeInput {
  late_fee_type: LateFeeKind;
  late_fee_amount?: number | null;
  grace_days: number;
}

/** The rule of the fields, or null when the amount does not fit the kind. */
export function lateFeeRuleOf(v: LateFeeInput): LateFeeRule | null {
  if (v.late_fee_type === 'none') return { ...NO_LATE_FEE, graceDays: v.grace_days };
  if (v.late_fee_amount == null) return null;
  const value = v.late_fee_type === 'fixed' ? dollarsToCents(v.late_fee_amount) : percentToBp(v.late_fee_amount);
  if (value === null || value <= 0 || (v.late_fee_type === 'fixed' && value > LATE_FEE_FIXED_MAX_CENTS)) return null;
  return { kind: v.late_fee_type, value, graceDays: v.grace_days };
}

/** The fields checked together (a superRefine of the form, the body and the mutator's arguments). */
export function lateFeeRule(v: LateFeeInput, ctx: z.RefinementCtx): void {
  if (v.late_fee_type === 'none' || lateFeeRuleOf(v)) return;
  const message = v.late_fee_amount == null ? LATE_FEE_MESSAGES.amountRequired : v.late_fee_type === 'fixed' ? LATE_FEE_MESSAGES.fixedInvalid : LATE_FEE_MESSAGES.percentInvalid;
  ctx.addIssue({ code: 'custom', path: ['late_fee_amount'], message });
}

/** What the form shows for a stored rule's value: dollars or percent. */
export const lateFeeAmountOf = (rule: Pick<LateFeeRule, 'kind' | 'value'>) => (rule.kind === 'none' ? null : rule.value / 100);

/** `POST /api/invoices/:id/waive-late-fee` and the waiveLateFee mutator (which adds the invoice id). */
export const waiveLateFeeFields = lazy(() => ({
  reason: z
    .string({ error: LATE_FEE_MESSAGES.reasonRequired })
    .max(WAIVER_REASON_MAX * 4, { error: LATE_FEE_MESSAGES.reasonTooLong, abort: true })
    .trim()
    .min(1, LATE_FEE_MESSAGES.reasonRequired)
    .max(WAIVER_REASON_MAX, LATE_FEE_MESSAGES.reasonTooLong),
}));
export const waiveLateFeeSchema = lazy(() => z.object(waiveLateFeeFields));
export type WaiveLateFee = z.output<typeof waiveLateFeeSchema>;

export const lateFeePolicy = {
  /** Who waives a fee: the board. */
  mayWaiveAny: (role: Role) => isPrivileged(role),
  /** A fee to waive: one that is on the invoice now (not waived already). */
  hasFee: (invoice: { lateFeeCents: number }) => invoice.lateFeeCents > 0,
};
