/**
 * Architectural review, shared half: two key spaces (the applications: the board sees the HOA's, a
 * resident their own; the HOA's review settings: the board), the synced values, and the mutators: a
 * resident submits an application (also offline: its photos wait on the device, its request of
 * category Modification is filed with it), the board reviews (offline at a meeting), sends the decision
 * letter and changes the review settings. The outcome is the server's: it counts the board.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import {
  APPLICATION_HISTORY,
  APPLICATION_MESSAGES,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationFields,
  applicationPolicy,
  DEADLINE_RULES,
  DECIDED_BY,
  DEFAULT_DEADLINE_RULE,
  DEFAULT_REVIEW_DAYS,
  DUE_SOON_DAYS,
  letterFields,
  REVIEW_DECISIONS,
  reviewFields,
  settingsFields,
  withReviewRule,
} from '../../schema/applications';
import { dashboardSource } from '../../schema/dashboard';
import { DAY_MS, formatDay } from '../../schema/days';
import { lazy } from '../../schema/lazy';
import type { RestRule } from '../../schema/rest-shape';
import { syncedAddressSchema, syncedNamedSchema, syncedPersonSchema } from '../../schema/synced';
import { actingUserSchema, optimisticHistoryEntry, syncedHistoryEntrySchema } from '../../schema/threads';
import { syncedAttachmentSchema } from '../../schema/uploads';
import { defineMutator, defineSyncedArea, keyOf, prefixOf } from '../area';
import { newRowId, optimisticAttachment, rowId, shownFile } from './fields';
import { requestKey, type SyncedRequest } from './requests';

export const APPLICATION_SPACE = 'application';
export const APPLICATION_SETTINGS_SPACE = 'applicationSettings';
export const applicationKey = (id: string) => keyOf(APPLICATION_SPACE, id);
export const applicationSettingsKey = (hoaId: string) => keyOf(APPLICATION_SETTINGS_SPACE, hoaId);

export const syncedReviewSchema = lazy(() =>
  z.object({ reviewer: syncedNamedSchema, decision: z.enum(REVIEW_DECISIONS), conditions: z.string().nullable(), reasons: z.string().nullable(), at: z.number() }),
);
export type SyncedReview = z.output<typeof syncedReviewSchema>;

/** An application as the cache holds it (milliseconds since the epoch; `startDate` is a UTC midnight). */
export const syncedApplicationSchema = lazy(() =>
  z.object({
    id: z.string(),
    /** The request's title and description (sanitised rich text). */
    title: z.string(),
    description: z.string(),
    resident: syncedPersonSchema,
    address: syncedAddressSchema.nullable(),
    startDate: z.number(),
    submittedAt: z.number(),
    deadline: z.number(),
    status: z.enum(APPLICATION_STATUSES),
    decidedBy: z.enum(DECIDED_BY).nullable(),
    decidedAt: z.number().nullable(),
    photos: z.array(syncedAttachmentSchema),
    plans: z.array(syncedAttachmentSchema),
    photosRefused: z.array(z.object({ fileName: z.string(), reason: z.string() })),
    /** Each board member's review, oldest first. Residents receive none. */
    reviews: z.array(syncedReviewSchema),
    /** The decision letter as sent, or null. */
    letter: z.object({ html: z.string(), sentAt: z.number(), sentBy: syncedNamedSchema }).nullable(),
    /** Oldest first. */
    history: z.array(syncedHistoryEntrySchema),
    updatedAt: z.number(),
    version: z.number(),
  }),
);
export type SyncedApplication = z.output<typeof syncedApplicationSchema>;

/** The HOA's review settings (its id is the HOA's). Board only. */
export const syncedApplicationSettingsSchema = lazy(() => z.object({ id: z.string(), reviewDays: z.number(), deadlineRule: z.enum(DEADLINE_RULES), version: z.number() }));
export type SyncedApplicationSettings = z.output<typeof syncedApplicationSettingsSchema>;
export const DEFAULT_APPLICATION_SETTINGS = { reviewDays: DEFAULT_REVIEW_DAYS, deadlineRule: DEFAULT_DEADLINE_RULE };

/** The REST answer: the spec's `user_id` for the resident, times as ISO text. */
export const APPLICATION_REST = {
  times: ['startDate', 'submittedAt', 'deadline', 'decidedAt'],
  names: { resident: 'user_id', address: 'address_id' },
} as const satisfies RestRule<SyncedApplication>;

const shown = lazy(() =>
  z
    .object({
      by: actingUserSchema.optional(),
      /** Each photo and plan of the arguments, in the same order. */
      photos: z.array(shownFile).max(10).optional(),
      plans: z.array(shownFile).max(10).optional(),
    })
    .optional(),
);

const current = async (tx: WriteTransaction, id: string) => (await tx.get(applicationKey(id))) as SyncedApplication | undefined;
const save = (tx: WriteTransaction, row: SyncedApplication) => tx.set(applicationKey(row.id), { ...row });
const allowed = { role: applicationPolicy.mayManage, refusal: APPLICATION_MESSAGES.boardOnly };
const entry = optimisticHistoryEntry;

/** The cached settings (one row: the viewer's HOA), or the defaults. */
async function reviewDaysOf(tx: WriteTransaction): Promise<number> {
  const [settings] = (await tx.scan({ prefix: prefixOf(APPLICATION_SETTINGS_SPACE) }).values().toArray()) as unknown as SyncedApplicationSettings[];
  return settings?.reviewDays ?? DEFAULT_REVIEW_DAYS;
}

export const applicationMutators = {
  /** Submits an application and files its request of category Modification, both with the client-made id. */
  submitApplication: defineMutator({
    args: lazy(() => z.object({ id: newRowId, ...applicationFields, shown })),
    label: 'Submit application',
    subject: (args) => args.title,
    async apply(tx, args) {
      if (await tx.has(applicationKey(args.id))) return;
      const now = Date.now();
      const by = args.shown?.by;
      const resident = { id: by?.id ?? '', name: by?.name ?? '', email: by?.email ?? '' };
      const files = (list: string[], shownFiles: z.output<typeof shownFile>[] | undefined) => list.map((key, i) => optimisticAttachment(key, shownFiles?.[i])!);
      const history = [entry(APPLICATION_HISTORY.submitted, by, now)];
      await save(tx, {
        id: args.id,
        title: args.title,
        description: args.description,
        resident,
        address: null,
        startDate: args.start_date,
        submittedAt: now,
        deadline: applicationPolicy.deadlineOf(now, await reviewDaysOf(tx)),
        status: 'under_review',
        decidedBy: null,
        decidedAt: null,
        photos: files(args.photos, args.shown?.photos),
        plans: files(args.plans, args.shown?.plans),
        photosRefused: (args.photos_refused ?? []).map((r) => ({ fileName: r.file_name, reason: r.reason })),
        reviews: [],
        letter: null,
        history,
        updatedAt: now,
        version: 0,
      });
      if (await tx.has(requestKey(args.id))) return;
      const request: SyncedRequest = {
        id: args.id,
        title: args.title,
        description: args.description,
        category: 'Modification',
        status: 'open',
        attachment: null,
        resident: { ...resident, role: by?.role ?? 'resident' },
        address: null,
        assignee: null,
        resolutionDeadline: null,
        resolutionNotes: null,
        messages: [],
        history: [],
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await tx.set(requestKey(args.id), { ...request });
    },
  }),

  /** A board member's review (their latest counts); the outcome comes with the server's answer. */
  reviewApplication: defineMutator({
    args: lazy(() => withReviewRule(z.object({ applicationId: rowId, ...reviewFields, shown }))),
    label: 'Review application',
    allowed: { role: applicationPolicy.mayReview, refusal: APPLICATION_MESSAGES.reviewersOnly },
    async apply(tx, args) {
      const row = await current(tx, args.applicationId);
      const by = args.shown?.by;
      if (!row || !by || !applicationPolicy.isOpen(row)) return;
      const now = Date.now();
      const review: SyncedReview = { reviewer: { id: by.id, name: by.name }, decision: args.decision, conditions: args.conditions ?? null, reasons: args.reasons ?? null, at: now };
      const reviews = [...row.reviews.filter((r) => r.reviewer.id !== by.id), review];
      await save(tx, { ...row, reviews, history: [...row.history, entry(APPLICATION_HISTORY.reviewed(args.decision), by, now)], updatedAt: now });
    },
  }),

  /** Sends the decision letter as the board edited it (mailed to the resident, kept on the application). */
  sendApplicationLetter: defineMutator({
    args: lazy(() => z.object({ applicationId: rowId, ...letterFields, shown })),
    label: 'Send decision letter',
    allowed,
    async apply(tx, args) {
      const row = await current(tx, args.applicationId);
      const by = args.shown?.by;
      if (!row || !by || !applicationPolicy.actionsFor(row, by.role).sendLetter) return;
      const now = Date.now();
      await save(tx, {
        ...row,
        letter: { html: args.letter, sentAt: now, sentBy: { id: by.id, name: by.name } },
        history: [...row.history, entry(APPLICATION_HISTORY.letterSent, by, now)],
        updatedAt: now,
      });
    },
  }),

  /** The HOA's review days and deadline rule (new applications take the review days). */
  setApplicationSettings: defineMutator({
    args: lazy(() => z.object({ hoaId: rowId, ...settingsFields })),
    label: 'Save review settings',
    allowed,
    async apply(tx, args) {
      const key = applicationSettingsKey(args.hoaId);
      const before = (await tx.get(key)) as SyncedApplicationSettings | undefined;
      const value: SyncedApplicationSettings = { id: args.hoaId, reviewDays: args.review_days, deadlineRule: args.deadline_rule, version: before?.version ?? 0 };
      await tx.set(key, { ...value });
    },
  }),
};

/** The board's dashboard: each open application within 7 days of its deadline, from the moment it got there. */
const applicationsOnDashboard = dashboardSource<SyncedApplication>()({
  space: APPLICATION_SPACE,
  activity: (values, now) =>
    values
      .filter((a) => a.status === 'under_review' && now < a.deadline && a.deadline - now <= DUE_SOON_DAYS * DAY_MS)
      .map((a) => ({
        id: `application:${a.id}:due`,
        type: 'application' as const,
        title: `Application due ${formatDay(a.deadline)}: ${a.title}`,
        description: `${a.resident.name || 'A resident'} · ${APPLICATION_STATUS_LABELS[a.status]} · ${a.reviews.length} ${a.reviews.length === 1 ? 'review' : 'reviews'} in`,
        time: new Date(a.deadline - DUE_SOON_DAYS * DAY_MS).toISOString(),
      })),
});

export const applicationsSync = defineSyncedArea({
  spaces: [APPLICATION_SPACE, APPLICATION_SETTINGS_SPACE],
  mutators: applicationMutators,
  dashboard: [applicationsOnDashboard],
});
