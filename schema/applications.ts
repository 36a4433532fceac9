/**
 * Architectural review: a resident's request of category Modification is an architectural
 * application, which the board reviews within the HOA's review days. Statuses, review decisions and
 * deadline rules with their labels, the messages, limits, the form and body schemas, the policy (the
 * outcome rule, the deadline's flag) and the decision letter's text. One rule each: the domain
 * enforces it, the mutators predict with it, the screens choose their controls with it.
 */
import { z } from 'zod';
import { DAY_MS, dayField, formatDay } from './days';
import { lazy } from './lazy';
import { richTextField } from './rich-text';
import { isPrivileged, type Role } from './roles';
import { requestFields } from './requests';
import { optionalText } from './validation';

export const APPLICATION_STATUSES = ['under_review', 'approved', 'approved_with_conditions', 'denied', 'approved_by_default', 'escalated'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  under_review: 'Under review',
  approved: 'Approved',
  approved_with_conditions: 'Approved with conditions',
  denied: 'Denied',
  approved_by_default: 'Approved by default',
  escalated: 'Escalated',
};

export const REVIEW_DECISIONS = ['approve', 'approve_with_conditions', 'deny'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_DECISION_LABELS: Record<ReviewDecision, string> = { approve: 'Approve', approve_with_conditions: 'Approve with conditions', deny: 'Deny' };

/** What happens when the deadline passes with no decision. */
export const DEADLINE_RULES = ['approved_by_default', 'escalated'] as const;
export type DeadlineRule = (typeof DEADLINE_RULES)[number];
export const DEADLINE_RULE_LABELS: Record<DeadlineRule, string> = {
  approved_by_default: 'Approved by default (most state statutes)',
  escalated: 'Escalated to the full board',
};

/** How an outcome came about. */
export const DECIDED_BY = ['reviews', 'motion', 'deadline'] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];

/** A meeting motion decides an application one of two ways. */
export const MOTION_OUTCOMES = ['approved', 'denied'] as const;
export type MotionOutcome = (typeof MOTION_OUTCOMES)[number];

export const DEFAULT_REVIEW_DAYS = 30;
export const REVIEW_DAYS_MAX = 180;
export const DEFAULT_DEADLINE_RULE: DeadlineRule = 'approved_by_default';
/** The list's "Due soon" flag and the dashboard's activity: this close to the deadline. */
export const DUE_SOON_DAYS = 7;
export const APPLICATION_PHOTOS_MAX = 6;
export const APPLICATION_PLANS_MAX = 3;
export const REVIEW_TEXT_MAX = 2_000;
export const LETTER_MAX = 50_000;

export const APPLICATION_MESSAGES = {
  startDateInvalid: 'Requested start date must be a valid date',
  tooManyPhotos: `At most ${APPLICATION_PHOTOS_MAX} photos`,
  tooManyPlans: `At most ${APPLICATION_PLANS_MAX} plans`,
  notFound: 'Application not found or you do not have permission to view it',
  loadFailed: 'Failed to load applications',
  loadOneFailed: 'Failed to load application',
  createFailed: 'Failed to submit the application. Please try again.',
  created: 'Application submitted. The board has been notified.',
  boardOnly: 'Only the board can manage architectural applications',
  reviewersOnly: 'Only board members can review architectural applications',
  decided: 'This application has already been decided.',
  notDecided: 'The decision letter can be sent once the application is decided.',
  letterSent: 'The decision letter was already sent.',
  letterRequired: 'The letter is required',
  letterTooLong: 'The letter is too long',
  conditionsRequired: 'Conditions are required to approve with conditions',
  reasonsRequired: 'Reasons are required to deny an application',
  reviewTextTooLong: `At most ${REVIEW_TEXT_MAX} characters`,
  decisionInvalid: 'Choose Approve, Approve with conditions or Deny',
  reviewDaysInvalid: `Review days must be a whole number from 1 to ${REVIEW_DAYS_MAX}`,
  deadlineRuleInvalid: 'Choose what happens at the deadline',
  outcomeInvalid: 'The outcome must be approved or denied',
  settingsSaved: 'Review settings saved',
  idTaken: 'An application with this id already exists',
  plansOnline: 'Plans (PDF) upload when you are online. Photos are kept on this device and upload later.',
  reviewSaved: 'Review recorded',
  letterSentDone: 'Decision letter sent',
} as const;

/** Activity History wording, one text per event. */
export const APPLICATION_HISTORY = {
  submitted: 'Application submitted',
  reviewed: (decision: ReviewDecision) => `Review: ${REVIEW_DECISION_LABELS[decision]}`,
  decided: (status: ApplicationStatus) => `Outcome: ${APPLICATION_STATUS_LABELS[status]}`,
  decidedByMotion: (status: ApplicationStatus) => `Outcome by meeting motion: ${APPLICATION_STATUS_LABELS[status]}`,
  approvedByDefault: (deadline: number) => `Approved by default: no decision by the deadline (${formatDay(deadline)})`,
  escalated: (deadline: number) => `Escalated to the full board: no decision by the deadline (${formatDay(deadline)})`,
  letterSent: 'Decision letter sent',
} as const;

/** Decided: an outcome the resident receives a letter about. */
const DECIDED: readonly ApplicationStatus[] = ['approved', 'approved_with_conditions', 'denied', 'approved_by_default'];
/** Open: the board may still review it (an escalated application is the full board's to decide). */
const isOpen = (a: { status: ApplicationStatus }) => a.status === 'under_review' || a.status === 'escalated';

interface ReviewLike {
  decision: ReviewDecision;
}

/** The reviews needed for an outcome: more than half of the board's members. */
export const majorityOf = (boardSize: number) => Math.floor(Math.max(1, boardSize) / 2) + 1;

export const applicationPolicy = {
  /** Settings, letters, a motion's outcome: board and superadmin. */
  mayManage: (role: Role) => isPrivileged(role),
  /** Reviews are the board members' (the superadmin manages the HOA's account, it is not a seat on the board). */
  mayReview: (role: Role) => role === 'board',
  /** Every member submits applications (for their own home). */
  maySubmit: (_role: Role) => true,
  /** The board sees the HOA's applications; a resident sees their own. */
  maySee: (a: { residentId: string }, viewer: { userId: string; role: Role }) => isPrivileged(viewer.role) || a.residentId === viewer.userId,
  /** Individual reviews are the board's; a resident reads the outcome and the letter. */
  seesReviews: (role: Role) => isPrivileged(role),
  isOpen,
  isDecided: (a: { status: ApplicationStatus }) => DECIDED.includes(a.status),
  /**
   * The outcome of the reviews, or null while there is none: a majority of the board (more than half
   * of its members, `boardSize`) denies, or approves (with conditions when any approving review has
   * them). When every member reviewed this is the majority of the reviews; a tie decides nothing and
   * the deadline rule applies. A review counts once per board member (their latest).
   */
  outcomeOf(reviews: readonly ReviewLike[], boardSize: number): ApplicationStatus | null {
    const needed = majorityOf(Math.max(boardSize, reviews.length));
    const denials = reviews.filter((r) => r.decision === 'deny').length;
    const approvals = reviews.filter((r) => r.decision !== 'deny');
    if (denials >= needed) return 'denied';
    if (approvals.length >= needed) return approvals.some((r) => r.decision === 'approve_with_conditions') ? 'approved_with_conditions' : 'approved';
    return null;
  },
  /** The deadline: submitted plus the HOA's review days. */
  deadlineOf: (submittedAt: number, reviewDays: number) => submittedAt + reviewDays * DAY_MS,
  /** Whether the deadline job applies the HOA's rule to this application now. */
  isPastDeadline: (a: { status: ApplicationStatus; deadline: number }, now: number) => a.status === 'under_review' && now >= a.deadline,
  /** The list's flag: Due soon within 7 days, Overdue once past while under review, or the rule's outcome. */
  flagOf(a: { status: ApplicationStatus; deadline: number }, now: number): { label: string; tone: 'warning' | 'danger' | 'success' } | null {
    if (a.status === 'approved_by_default') return { label: 'Approved by default', tone: 'success' };
    if (a.status === 'escalated') return { label: 'Escalated', tone: 'danger' };
    if (a.status !== 'under_review') return null;
    if (now >= a.deadline) return { label: 'Overdue', tone: 'danger' };
    if (a.deadline - now <= DUE_SOON_DAYS * DAY_MS) return { label: 'Due soon', tone: 'warning' };
    return null;
  },
  /** What this viewer may do with this application now (the screens' controls). */
  actionsFor(a: { status: ApplicationStatus; letter: unknown }, role: Role) {
    return { review: role === 'board' && isOpen(a), sendLetter: isPrivileged(role) && DECIDED.includes(a.status) && !a.letter };
  },
};

/** "12 days left", "1 day left", "Due today", "3 days overdue". */
export function daysLeftText(deadline: number, now: number): string {
  const left = Math.ceil((deadline - now) / DAY_MS);
  if (now >= deadline) {
    const over = Math.max(1, Math.floor((now - deadline) / DAY_MS));
    return `${over} ${over === 1 ? 'day' : 'days'} overdue`;
  }
  return left <= 0 ? 'Due today' : `${left} ${left === 1 ? 'day' : 'days'} left`;
}

// ------------------------------------------------------------------ the decision letter

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const items = (lines: readonly string[]) => `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;

export interface LetterFacts {
  hoaName: string;
  residentName: string;
  title: string;
  address: string | null;
  status: ApplicationStatus;
  deadline: number;
  /** The conditions of the approving reviews (with conditions only). */
  conditions: readonly string[];
  /** The reasons of the denying reviews. */
  reasons: readonly string[];
  /** The day of the letter. */
  date: number;
}

/** The letter's rich text, generated from the outcome, the reasons and the conditions; the board edits it before sending. */
export function decisionLetterHtml(f: LetterFacts): string {
  const about = `<strong>${escapeHtml(f.title)}</strong>${f.address ? ` at ${escapeHtml(f.address)}` : ''}`;
  const parts = [`<p>${escapeHtml(formatDay(f.date))}</p>`, `<p>Dear ${escapeHtml(f.residentName)},</p>`];
  switch (f.status) {
    case 'approved':
      parts.push(`<p>The board of ${escapeHtml(f.hoaName)} has reviewed your architectural application for ${about} and <strong>approved</strong> it.</p>`);
      break;
    case 'approved_with_conditions':
      parts.push(`<p>The board of ${escapeHtml(f.hoaName)} has reviewed your architectural application for ${about} and <strong>approved it with the following conditions</strong>:</p>`);
      parts.push(items(f.conditions));
      parts.push('<p>Please make sure the work meets each condition.</p>');
      break;
    case 'denied':
      parts.push(`<p>The board of ${escapeHtml(f.hoaName)} has reviewed your architectural application for ${about} and <strong>denied</strong> it for the following reasons:</p>`);
      parts.push(items(f.reasons));
      parts.push('<p>You are welcome to submit a revised application that addresses these points.</p>');
      break;
    case 'approved_by_default':
      parts.push(
        `<p>Your architectural application for ${about} was not decided by its review deadline of ${escapeHtml(formatDay(f.deadline))}, so under the rules of ${escapeHtml(f.hoaName)} it is <strong>approved by default</strong>.</p>`,
      );
      break;
    default:
      parts.push(`<p>Your architectural application for ${about} is ${escapeHtml(APPLICATION_STATUS_LABELS[f.status].toLowerCase())}.</p>`);
  }
  parts.push('<p>Please keep this letter with your records. You can reply in the application&apos;s messages with any question.</p>', `<p>Sincerely,<br>The Board of ${escapeHtml(f.hoaName)}</p>`);
  return parts.join('');
}

// ------------------------------------------------------------------ form and body schemas

const keys = (max: number, message: string) => z.array(z.string().trim().min(1).max(600)).max(max, message).default([]);

/**
 * `POST /api/applications` and the submitApplication mutator: the request's title and description
 * (the request of category Modification it files), the requested start date, photos and plans (storage keys).
 */
export const applicationFields = lazy(() => ({
  title: requestFields.title,
  description: requestFields.description,
  start_date: dayField(APPLICATION_MESSAGES.startDateInvalid),
  photos: keys(APPLICATION_PHOTOS_MAX, APPLICATION_MESSAGES.tooManyPhotos),
  plans: keys(APPLICATION_PLANS_MAX, APPLICATION_MESSAGES.tooManyPlans),
  /** Photos the device queued that the server refused (the photo queue's gate names them). */
  photos_refused: z.array(z.object({ file_name: z.string().max(255), reason: z.string().max(500) })).max(APPLICATION_PHOTOS_MAX).optional(),
}));
export const applicationFormSchema = lazy(() => z.object(applicationFields));
export type ApplicationForm = z.output<typeof applicationFormSchema>;

/** `POST /api/applications/:id/reviews` and the reviewApplication mutator. */
export const reviewFields = lazy(() => ({
  decision: z.enum(REVIEW_DECISIONS, { error: APPLICATION_MESSAGES.decisionInvalid }),
  conditions: optionalText(APPLICATION_MESSAGES.reviewTextTooLong, REVIEW_TEXT_MAX),
  reasons: optionalText(APPLICATION_MESSAGES.reviewTextTooLong, REVIEW_TEXT_MAX),
}));
type ReviewInput = { decision: ReviewDecision; conditions?: string | null; reasons?: string | null };
/** Conditions for "with conditions", reasons for Deny. */
export function reviewIssue(v: ReviewInput): { path: 'conditions' | 'reasons'; message: string } | null {
  if (v.decision === 'approve_with_conditions' && !v.conditions) return { path: 'conditions', message: APPLICATION_MESSAGES.conditionsRequired };
  if (v.decision === 'deny' && !v.reasons) return { path: 'reasons', message: APPLICATION_MESSAGES.reasonsRequired };
  return null;
}
export const withReviewRule = <S extends z.ZodType<ReviewInput>>(schema: S) =>
  schema.superRefine((v, ctx) => {
    const issue = reviewIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export const reviewSchema = lazy(() => withReviewRule(z.object(reviewFields)));
export type ReviewForm = z.output<typeof reviewSchema>;

/** `POST /api/applications/:id/letter` and the sendApplicationLetter mutator: the letter as the board edited it. */
export const letterFields = lazy(() => ({ letter: richTextField({ required: APPLICATION_MESSAGES.letterRequired, tooLong: APPLICATION_MESSAGES.letterTooLong }, LETTER_MAX) }));
export const letterSchema = lazy(() => z.object(letterFields));

/** `PUT /api/applications/settings` and the setApplicationSettings mutator. */
export const settingsFields = lazy(() => ({
  review_days: z.coerce.number({ error: APPLICATION_MESSAGES.reviewDaysInvalid }).int(APPLICATION_MESSAGES.reviewDaysInvalid).min(1, APPLICATION_MESSAGES.reviewDaysInvalid).max(REVIEW_DAYS_MAX, APPLICATION_MESSAGES.reviewDaysInvalid),
  deadline_rule: z.enum(DEADLINE_RULES, { error: APPLICATION_MESSAGES.deadlineRuleInvalid }),
}));
export const settingsSchema = lazy(() => z.object(settingsFields));
export type ApplicationSettingsForm = z.output<typeof settingsSchema>;

/** `decideApplicationByMotion`'s outcome. */
export const motionOutcomeField = lazy(() => z.enum(MOTION_OUTCOMES, { error: APPLICATION_MESSAGES.outcomeInvalid }));
