/** Dues: enums, labels, the spec's messages, limits, form and REST schemas, the policy. */
import { z } from 'zod';
import { addDays, addMonthsClamped, dollarsToCents, parseDay } from './money';
import { isPrivileged, type Role } from './roles';
import { lazy } from './lazy';
import { lateFeeFields, lateFeeRule, type LateFeeKind } from './late-fees';

export const DUE_FREQUENCIES = ['one_time', 'monthly', 'quarterly'] as const;
export type DueFrequency = (typeof DUE_FREQUENCIES)[number];
export const DUE_FREQUENCY_LABELS: Record<DueFrequency, string> = { one_time: 'One-time', monthly: 'Monthly', quarterly: 'Quarterly' };

export const DUE_REASONS = ['dues', 'other'] as const;
export type DueReason = (typeof DUE_REASONS)[number];
export const DUE_REASON_LABELS: Record<DueReason, string> = { dues: 'Dues', other: 'Other' };

export const DUE_STATUSES = ['active', 'inactive'] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];
export const DUE_STATUS_LABELS: Record<DueStatus, string> = { active: 'Active', inactive: 'Inactive' };

/** Length limits of a due's title and description. */
export const DUE_TITLE_MAX = 100;
export const DUE_DESCRIPTION_MAX = 200;
export const DUE_OFFSET_MIN = 1;
export const DUE_OFFSET_MAX = 20;
export const DUE_OFFSET_DEFAULT = 7;
export const DUE_CREATED_REDIRECT_MS = 2000;
/** Not in the spec: keeps a typo of extra zeros out (one million dollars per recipient). */
export const DUE_AMOUNT_MAX_CENTS = 100_000_000;
/** Not in the spec: one due's recipients (more than any HOA of the product has members). */
export const DUE_RECIPIENTS_MAX = 5000;

export const DUE_MESSAGES = {
  titleRequired: 'Please enter a title.',
  sendDateRequired: 'Please select a send date.',
  recipientsRequired: 'Please select at least one recipient.',
  amountInvalid: 'Please enter a valid amount.',
  offsetInvalid: 'Due date offset must be between 1 and 20 days.',
  created: 'Due created successfully!',
  loadFailed: 'Failed to load dues. Please try again.',
  loadUsersFailed: 'Failed to load users. Please try again.',
  createFailed: 'Failed to create due. Please try again.',
  emptyAll: 'No dues found',
  emptyFiltered: 'No dues match your filters',
  emptyResident: 'No dues have been assigned to you yet.',
  emptyBoard: 'Get started by creating your first due.',
  notSet: 'Not set',
  // Server answers beyond the spec's texts (the spec shows none for these cases).
  boardOnly: 'Only board members can create or change dues',
  notFound: 'Due not found.',
  titleTooLong: 'Title must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 200 characters',
  sendDateInPast: 'Send date cannot be before yesterday.',
  frequencyInvalid: 'Frequency must be one-time, monthly or quarterly',
  reasonInvalid: 'Reason must be dues or other',
  statusInvalid: 'Status must be active or inactive',
  recipientsInvalid: 'Recipients must be active members of your HOA',
  tooManyRecipients: `A due can have at most ${DUE_RECIPIENTS_MAX} recipients`,
  idTaken: 'A due with this id already exists',
  nothingToUpdate: 'Nothing to update',
  noOpenInvoice: 'You have no open invoice for this due.',
} as const;

/** A due's schedule, enough to compute its periods. */
export interface DueSchedule {
  frequency: DueFrequency;
  /** The first period's send day (UTC midnight). */
  sendDate: number;
  dueDateOffset: number;
}

/**
 * The due policy, one rule each: the domain enforces it, the mutators predict with
 * it, the screens choose their controls with it. Role rules answer 403.
 */
export const duePolicy = {
  /** Create dues, change them, see recipients. */
  mayManage: (role: Role) => isPrivileged(role),
  /** The send date's calendar starts one day before today, the HOA's. */
  isSendDateAllowed: (sendDay: number, today: number) => sendDay >= addDays(today, -1),
  /** The due date is the send date plus the offset. */
  dueDateOf: (sendDay: number, offset: number) => addDays(sendDay, offset),
  /** The send day of period `n` (0 first): monthly and quarterly count months from the first send day. */
  periodSendDate(due: DueSchedule, n: number): number {
    if (due.frequency === 'one_time') return due.sendDate;
    return addMonthsClamped(due.sendDate, n * (due.frequency === 'monthly' ? 1 : 3));
  },
  /** The next send day after `issued` periods, or null when a one-time due has been issued. */
  nextSendDate(due: DueSchedule, issued: number): number | null {
    if (due.frequency === 'one_time' && issued > 0) return null;
    return duePolicy.periodSendDate(due, issued);
  },
  /** Only an active due issues invoices. */
  issues: (due: { status: DueStatus }) => due.status === 'active',
  actionsFor: (role: Role) => ({ create: duePolicy.mayManage(role), edit: duePolicy.mayManage(role), seeRecipients: duePolicy.mayManage(role) }),
};

// ------------------------------------------------------------------ form and body schemas

const title = lazy(() => z
  .string({ error: DUE_MESSAGES.titleRequired })
  .max(DUE_TITLE_MAX * 4, { error: DUE_MESSAGES.titleTooLong, abort: true })
  .trim()
  .min(1, DUE_MESSAGES.titleRequired)
  .max(DUE_TITLE_MAX, DUE_MESSAGES.titleTooLong));

/** Dollars in the API, cents everywhere else: > 0 with cent precision. */
const amount = lazy(() => z
  .number({ error: DUE_MESSAGES.amountInvalid })
  .transform((v, ctx) => {
    const cents = dollarsToCents(v);
    if (cents === null || cents <= 0 || cents > DUE_AMOUNT_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: DUE_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    return cents;
  }));

/** A day (`YYYY-MM-DD` or ISO date-time, its UTC day) → its UTC midnight. */
const sendDate = lazy(() => z
  .string({ error: DUE_MESSAGES.sendDateRequired })
  .trim()
  .max(40, DUE_MESSAGES.sendDateRequired)
  .transform((v, ctx) => {
    const day = parseDay(v);
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: DUE_MESSAGES.sendDateRequired });
      return z.NEVER;
    }
    return day;
  }));

const description = lazy(() => z
  .string({ error: DUE_MESSAGES.descriptionTooLong })
  .max(DUE_DESCRIPTION_MAX * 4, { error: DUE_MESSAGES.descriptionTooLong, abort: true })
  .trim()
  .max(DUE_DESCRIPTION_MAX, DUE_MESSAGES.descriptionTooLong)
  .nullish()
  .transform((v) => v || null));

const recipients = lazy(() => z
  .array(z.string().trim().min(1).max(64), { error: DUE_MESSAGES.recipientsRequired })
  .min(1, DUE_MESSAGES.recipientsRequired)
  .max(DUE_RECIPIENTS_MAX, DUE_MESSAGES.tooManyRecipients)
  .transform((ids) => [...new Set(ids)]));

const offset = lazy(() => z.coerce
  .number({ error: DUE_MESSAGES.offsetInvalid })
  .int(DUE_MESSAGES.offsetInvalid)
  .min(DUE_OFFSET_MIN, DUE_MESSAGES.offsetInvalid)
  .max(DUE_OFFSET_MAX, DUE_MESSAGES.offsetInvalid));

/**
 * The create form, `POST /api/dues` and the createDue mutator (snake_case, as on the wire). The
 * client's `due_date` is accepted and ignored: the server computes it from the send date and offset.
 * "Not before yesterday" needs the clock, so the domain and the form check it with the policy.
 */
export const dueFields = lazy(() => ({
  title,
  frequency: z.enum(DUE_FREQUENCIES, { error: DUE_MESSAGES.frequencyInvalid }),
  recipients,
  send_date: sendDate,
  due_date: z.string().max(40).nullish(),
  amount,
  reason: z.enum(DUE_REASONS, { error: DUE_MESSAGES.reasonInvalid }).default('dues'),
  description,
  due_date_offset: offset.default(DUE_OFFSET_DEFAULT),
  ...lateFeeFields,
}));
/** The late fee's amount is checked against its kind; the mutator's arguments refine with the same rule. */
export const dueFormSchema = lazy(() => z.object(dueFields).superRefine(lateFeeRule));
export type DueFormInput = z.input<typeof dueFormSchema>;
export type DueForm = z.output<typeof dueFormSchema>;

/** `PUT /api/dues/:id`: what may change after creation (later invoices follow it; issued ones stay); at least one. */
export const dueUpdateFields = lazy(() => ({
  title: title.optional(),
  description: description.optional(),
  amount: amount.optional(),
  reason: z.enum(DUE_REASONS, { error: DUE_MESSAGES.reasonInvalid }).optional(),
  status: z.enum(DUE_STATUSES, { error: DUE_MESSAGES.statusInvalid }).optional(),
  due_date_offset: offset.optional(),
  recipients: recipients.optional(),
}));
export const dueUpdateSchema = lazy(() => z
  .object(dueUpdateFields)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: DUE_MESSAGES.nothingToUpdate, path: [] }));
export type DueUpdate = z.output<typeof dueUpdateSchema>;

// ------------------------------------------------------------------ REST response shapes

export interface ApiDue {
  _id: string;
  title: string;
  frequency: DueFrequency;
  /** User ids; residents receive only their own. */
  recipients: string[];
  /** Board and superadmin: who they are; residents: themselves. */
  recipient_details: { _id: string; name: string; email: string }[];
  send_date: string;
  /** The first period's due date (send date + offset). */
  due_date: string;
  due_date_offset: number;
  /** Dollars per recipient. */
  amount: number;
  amountCents: number;
  reason: DueReason;
  description: string | null;
  status: DueStatus;
  /** The next period's send date, or null once a one-time due has been issued. */
  next_send_date: string | null;
  /** The late fee rule: `late_fee_value` is cents (fixed) or basis points (percent); `late_fee_amount` dollars or percent, as the form sends it. */
  late_fee_type: LateFeeKind;
  late_fee_value: number;
  late_fee_amount: number | null;
  grace_days: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
