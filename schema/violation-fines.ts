/**
 * Fines and staged letters of violations: an HOA's fine schedule per category, the stage a case moves
 * to next, the fine it posts (capped), the hearing a resident may ask for and the board decides. One
 * rule each: the domain enforces it, the mutators predict with it, the screens show it.
 */
import { z } from 'zod';
import { DAY_MS } from './days';
import { lazy } from './lazy';
import { formatUsd } from './money';
import { isPrivileged, type Role } from './roles';
import { HEARING_DECISIONS, VIOLATION_CATEGORIES, VIOLATION_STAGE_LABELS, type HearingDecision, type ViolationCategory, type ViolationStage, type ViolationStatus } from './violations';

/** A category's schedule, as the synced value and the domain hold it (cents and days). */
export interface FineSchedule {
  courtesyNotice: boolean;
  warning: boolean;
  /** 0: the schedule has no fine stage. */
  fineCents: number;
  /** 0: the fine does not repeat. */
  repeatDays: number;
  /** 0: no cap. */
  capCents: number;
  cureDays: number;
}

/** What a category follows until the board sets its own: courtesy notice, warning, then $50 every 14 days up to $500, 14 days to cure. */
export const DEFAULT_FINE_SCHEDULE: FineSchedule = { courtesyNotice: true, warning: true, fineCents: 5_000, repeatDays: 14, capCents: 50_000, cureDays: 14 };

export const FINE_MESSAGES = {
  boardOnly: 'Only board members can manage fines and hearings',
  residentOnly: 'Only the resident the violation was issued to can request a hearing',
  closed: 'This violation is closed',
  lastStage: 'This violation is already at the last stage of its fine schedule',
  stageMoved: 'This violation has moved on since you opened it. Reload it and try again.',
  hearingTaken: 'A hearing has already been requested for this violation',
  noHearing: 'No hearing has been requested for this violation',
  hearingDecided: 'This hearing has already been decided',
  noteRequired: 'Please tell the board why you are asking for a hearing',
  noteTooLong: 'The note must be at most 2000 characters',
  reasonRequired: 'Please record the reason for the decision',
  reasonTooLong: 'The reason must be at most 2000 characters',
  decisionInvalid: 'Decision must be upheld, dismissed or reduced',
  reducedToRequired: 'Enter the amount the fines are reduced to',
  reducedToTooHigh: 'The reduced amount must be less than the fines posted',
  noFines: 'There are no fines to reduce',
  scheduledForInvalid: 'Choose the date and time of the hearing',
  categoryInvalid: 'Category is invalid',
  amountInvalid: 'Enter an amount in whole cents, 0 or more',
  amountTooHigh: 'The amount must be at most $100,000',
  daysInvalid: 'Enter a whole number of days from 0 to 365',
  cureDaysInvalid: 'Enter a whole number of days from 1 to 365',
  capBelowFine: 'The cap must be at least one fine (or 0 for no cap)',
  saved: 'Fine schedule saved',
  loadFailed: 'Failed to load the fine schedules',
  saveFailed: 'Failed to save the fine schedule',
  advanceFailed: 'Failed to send the letter',
  hearingFailed: 'Failed to save the hearing',
} as const;

const OPEN: readonly ViolationStatus[] = ['open', 'under_review', 'escalated'];
/** A case is open while it is not resolved or dismissed: only then do letters, fines and hearings go on. */
export const isCaseOpen = (status: ViolationStatus) => OPEN.includes(status);

/** The stage after `stage` on `schedule`, skipping the stages it leaves out; null at the last one. */
export function nextStage(stage: ViolationStage, schedule: FineSchedule): ViolationStage | null {
  const steps: ViolationStage[] = [];
  if (schedule.courtesyNotice) steps.push('courtesy');
  if (schedule.warning) steps.push('warning');
  if (schedule.fineCents > 0) steps.push('fined');
  const order: ViolationStage[] = ['reported', 'courtesy', 'warning', 'fined'];
  return steps.find((s) => order.indexOf(s) > order.indexOf(stage)) ?? null;
}

/** The fine due now: the schedule's amount, less whatever would pass the cap. */
export function fineDue(schedule: FineSchedule, finedCents: number): number {
  if (schedule.fineCents <= 0) return 0;
  if (schedule.capCents <= 0) return schedule.fineCents;
  return Math.max(0, Math.min(schedule.fineCents, schedule.capCents - finedCents));
}

/** When the fine next repeats after one posted at `at`: null when it does not repeat or the cap is reached. */
export function nextFineAfter(schedule: FineSchedule, finedCents: number, at: number): number | null {
  if (schedule.repeatDays <= 0 || fineDue(schedule, finedCents) <= 0) return null;
  return at + schedule.repeatDays * DAY_MS;
}

/** The cure date a letter sent on `today` (a UTC midnight) gives. */
export const cureByFrom = (schedule: FineSchedule, today: number) => today + schedule.cureDays * DAY_MS;

/** What advancing a case does, in the words of the board's confirm and the case's history. */
export function advanceSummary(stage: ViolationStage, schedule: FineSchedule, finedCents: number): string {
  if (stage === 'fined') return `Post a fine of ${formatUsd(fineDue(schedule, finedCents))} and send the fine letter`;
  return `Send the ${VIOLATION_STAGE_LABELS[stage].toLowerCase()} letter`;
}

/** Activity History wording of the fines and hearings. */
export const FINE_HISTORY = {
  letter: (stage: ViolationStage) => `${VIOLATION_STAGE_LABELS[stage]} letter sent`,
  fined: (cents: number) => `Fine of ${formatUsd(cents)} posted`,
  hearingRequested: 'Hearing requested',
  hearingScheduled: 'Hearing scheduled',
  hearingDecided: (decision: HearingDecision) => `Hearing decided: ${HEARING_DECISION_LABELS[decision]}`,
} as const;

export const HEARING_DECISION_LABELS: Record<HearingDecision, string> = { upheld: 'Upheld', dismissed: 'Dismissed', reduced: 'Fines reduced' };

type Viewer = { userId: string; role: Role };
interface CaseLike {
  residentId: string;
  status: ViolationStatus;
  stage: ViolationStage;
  hearing: { decision: HearingDecision | null } | null;
}

/** Who may do what with a case's fines, letters and hearing. Role rules answer 403. */
export const finePolicy = {
  /** Schedules, advancing a case, scheduling and deciding hearings: board and superadmin. */
  mayManage: (role: Role) => isPrivileged(role),
  /** Only the resident the case was issued to asks for a hearing. */
  mayRequestHearing: (role: Role) => !isPrivileged(role),
  /** The board advances an open case that has a next stage on its schedule. */
  mayAdvance: (v: CaseLike & { schedule: FineSchedule }) => isCaseOpen(v.status) && nextStage(v.stage, v.schedule) !== null,
  /** One hearing per case, while it is open. */
  mayAskHearing: (v: CaseLike, viewer: Viewer) => v.residentId === viewer.userId && isCaseOpen(v.status) && v.hearing === null,
  /** The board schedules and decides a hearing that is not decided yet. */
  mayDecideHearing: (v: CaseLike) => v.hearing !== null && v.hearing.decision === null,
};

// ------------------------------------------------------------------ form and body schemas

const cents = lazy(() =>
  z
    .number({ error: FINE_MESSAGES.amountInvalid })
    .int(FINE_MESSAGES.amountInvalid)
    .min(0, FINE_MESSAGES.amountInvalid)
    .max(10_000_000, FINE_MESSAGES.amountTooHigh),
);
const days = (min: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(365, message);

/** `PUT /api/violations/fine-schedules`: one category's schedule (snake_case, as on the wire). */
export const fineScheduleFields = lazy(() => ({
  category: z.enum(VIOLATION_CATEGORIES, { error: FINE_MESSAGES.categoryInvalid }),
  courtesy_notice: z.boolean(),
  warning: z.boolean(),
  fine_cents: cents,
  repeat_days: days(0, FINE_MESSAGES.daysInvalid),
  cap_cents: cents,
  cure_days: days(1, FINE_MESSAGES.cureDaysInvalid),
}));
/** A cap below one fine would post less than the schedule says at once. */
export const fineScheduleRule = (v: { fine_cents: number; cap_cents: number }, ctx: z.RefinementCtx) => {
  if (v.cap_cents > 0 && v.cap_cents < v.fine_cents) ctx.addIssue({ code: 'custom', path: ['cap_cents'], message: FINE_MESSAGES.capBelowFine });
};
export const fineScheduleSchema = lazy(() => z.object(fineScheduleFields).superRefine(fineScheduleRule));
export type FineScheduleInput = z.output<typeof fineScheduleSchema>;

/** `POST /api/violations/:id/advance`: the stage the board saw (a case moved on meanwhile is refused, not advanced twice). */
export const advanceFields = lazy(() => ({ from: z.enum(['reported', 'courtesy', 'warning', 'fined']).optional() }));
export const advanceSchema = lazy(() => z.object(advanceFields));

/** `POST /api/violations/:id/hearing` and the requestViolationHearing mutator. */
export const hearingRequestFields = lazy(() => ({
  note: z.string({ error: FINE_MESSAGES.noteRequired }).max(8000, FINE_MESSAGES.noteTooLong).trim().min(1, FINE_MESSAGES.noteRequired).max(2000, FINE_MESSAGES.noteTooLong),
}));
export const hearingRequestSchema = lazy(() => z.object(hearingRequestFields));

const reason = lazy(() => z.string({ error: FINE_MESSAGES.reasonRequired }).max(8000, FINE_MESSAGES.reasonTooLong).trim().min(1, FINE_MESSAGES.reasonRequired).max(2000, FINE_MESSAGES.reasonTooLong));

/** `PUT /api/violations/:id/hearing`: either the date and time of the hearing, or the decision with its reason. */
export const hearingUpdateSchema = lazy(() =>
  z.union([
    z.object({ scheduled_for: z.iso.datetime({ offset: true, error: FINE_MESSAGES.scheduledForInvalid }).transform((s) => Date.parse(s)) }).strict(),
    z
      .object({ decision: z.enum(HEARING_DECISIONS, { error: FINE_MESSAGES.decisionInvalid }), reason, reduced_to: cents.optional() })
      .strict()
      .superRefine((v, ctx) => {
        if (v.decision === 'reduced' && v.reduced_to === undefined) ctx.addIssue({ code: 'custom', path: ['reduced_to'], message: FINE_MESSAGES.reducedToRequired });
      }),
  ]),
);
export type HearingUpdate = z.output<typeof hearingUpdateSchema>;

// ------------------------------------------------------------------ REST shapes

/** One category's schedule in `GET /api/violations/fine-schedules` (`is_default`: the board has not set it). */
export interface ApiFineSchedule {
  category: ViolationCategory;
  courtesy_notice: boolean;
  warning: boolean;
  fine_cents: number;
  repeat_days: number;
  cap_cents: number;
  cure_days: number;
  is_default: boolean;
}

export const toApiFineSchedule = (category: ViolationCategory, s: FineSchedule, isDefault: boolean): ApiFineSchedule => ({
  category,
  courtesy_notice: s.courtesyNotice,
  warning: s.warning,
  fine_cents: s.fineCents,
  repeat_days: s.repeatDays,
  cap_cents: s.capCents,
  cure_days: s.cureDays,
  is_default: isDefault,
});
