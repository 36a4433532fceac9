/**
 * Compliance violations, shared half: the cache's key space and value (a violation with its people,
 * resolution, thread and Activity History, so the list, detail and messages screens work offline, also
 * on an inspection walk with no signal), and the mutators: the board issues a violation, changes its
 * status or resolves it with notes, and writes messages or internal notes; residents answer.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { dashboardSource, isRecent } from '../../schema/dashboard';
import { actingUserSchema, optimisticHistoryEntry, optimisticPerson, syncedHistoryEntrySchema, syncedThreadMessageSchema, threadPolicy, type SyncedThreadMessage } from '../../schema/threads';
import { syncedAddressSchema, syncedNamedSchema, syncedPersonSchema } from '../../schema/synced';
import type { RestRule } from '../../schema/rest-shape';
import { syncedAttachmentSchema } from '../../schema/uploads';
import {
  VIOLATION_CATEGORIES,
  VIOLATION_HISTORY,
  VIOLATION_MESSAGES,
  VIOLATION_STATUS_LABELS,
  VIOLATION_STAGES,
  VIOLATION_STATUSES,
  HEARING_DECISIONS,
  violationFields,
  violationMessageFields,
  violationNotesRule,
  violationPolicy,
  violationStatusFields,
} from '../../schema/violations';
import { advanceFields, cureByFrom, DEFAULT_FINE_SCHEDULE, FINE_HISTORY, FINE_MESSAGES, fineDue, finePolicy, hearingRequestFields, nextFineAfter, nextStage } from '../../schema/violation-fines';
import { utcToday } from '../../schema/days';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { newRowId, optimisticAttachment, rowId, shownFile } from './fields';
import { lazy } from '../../schema/lazy';

export const VIOLATION_SPACE = 'violation';
export const violationKey = (id: string) => keyOf(VIOLATION_SPACE, id);

/** A violation as the cache holds it. Milliseconds since the epoch for times (the client formats them). Overdue is not stored: the reader's clock decides. */
export const syncedViolationSchema = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised rich text. */
  message: z.string(),
  category: z.enum(VIOLATION_CATEGORIES),
  status: z.enum(VIOLATION_STATUSES),
  /** A day, as its UTC midnight. */
  dueDate: z.number(),
  attachment: syncedAttachmentSchema.nullable(),
  /** Every photo, in order; the first is `attachment`. */
  photos: z.array(syncedAttachmentSchema),
  /** Photos the device queued that the server refused: the violation arrived without them. */
  photosRefused: z.array(z.object({ fileName: z.string(), reason: z.string() })),
  /** Whom it was issued to (`user_id`). */
  resident: syncedPersonSchema,
  /** The resident's address when it was issued. */
  address: syncedAddressSchema.nullable(),
  issuedBy: syncedPersonSchema,
  /** Set while the status is resolved. */
  resolution: z.object({ by: syncedNamedSchema, at: z.number(), notes: z.string().nullable() }).nullable(),
  /** Oldest first. Residents never receive an internal message. */
  messages: z.array(syncedThreadMessageSchema),
  /** Oldest first. Residents receive the public entries only. */
  history: z.array(syncedHistoryEntrySchema),
  /** The HOA's name, as its letters print it. */
  hoaName: z.string(),
  /** Where the case stands on its category's fine schedule. */
  stage: z.enum(VIOLATION_STAGES),
  /** The day (UTC midnight) the last letter asked to cure by. */
  cureBy: z.number().nullable(),
  /** Fines posted to the resident's ledger so far, less what a hearing took back. */
  finedCents: z.number(),
  /** When the repeating fine posts next; null when none is due. */
  nextFineAt: z.number().nullable(),
  /** The category's fine schedule (the HOA's, or the defaults): what advancing does next. */
  schedule: z.object({ courtesyNotice: z.boolean(), warning: z.boolean(), fineCents: z.number(), repeatDays: z.number(), capCents: z.number(), cureDays: z.number() }),
  /** Each stage's letter, oldest first; a fine's names the amount posted. */
  letters: z.array(z.object({ id: z.string(), stage: z.enum(VIOLATION_STAGES), sentAt: z.number(), cureBy: z.number().nullable(), fineCents: z.number() })),
  /** The resident's hearing, once asked for. */
  hearing: z
    .object({
      id: z.string(),
      note: z.string(),
      requestedAt: z.number(),
      scheduledFor: z.number().nullable(),
      decision: z.enum(HEARING_DECISIONS).nullable(),
      reason: z.string().nullable(),
      decidedAt: z.number().nullable(),
    })
    .nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
}));
export type SyncedViolation = z.output<typeof syncedViolationSchema>;

/** The REST answer's names (schema/rest-shape.ts): the spec's for the resident and their address, the due day as ISO text. */
export const VIOLATION_REST = { times: ['dueDate', 'cureBy', 'nextFineAt'], names: { resident: 'user_id', address: 'address_id' } } as const satisfies RestRule<SyncedViolation>;

/**
 * What the screen knows and shows until the server's value arrives (the acting user, the chosen
 * resident and their address, the uploaded file). The server never reads it.
 */
const shown = lazy(() => z
  .object({
    by: actingUserSchema.optional(),
    resident: z.object({ name: z.string().max(200), email: z.string().max(320) }).optional(),
    address: z.object({ id: z.string().max(64), street: z.string().max(300), unitNumber: z.string().max(50).nullable() }).nullish(),
    attachment: shownFile.optional(),
    /** Each photo of `photos`, in the same order. */
    photos: z.array(shownFile).max(5).optional(),
    hoaName: z.string().max(200).optional(),
    /** The category's schedule as the screen knows it (the server's value replaces it). */
    schedule: z.object({ courtesyNotice: z.boolean(), warning: z.boolean(), fineCents: z.number(), repeatDays: z.number(), capCents: z.number(), cureDays: z.number() }).optional(),
  })
  .optional());

const current = async (tx: WriteTransaction, id: string) => (await tx.get(violationKey(id))) as SyncedViolation | undefined;
/** Who may change a violation's status, and what the others are told. */
const allowedToChangeStatus = { role: violationPolicy.mayChangeStatus, refusal: VIOLATION_MESSAGES.boardOnly };

async function save(tx: WriteTransaction, row: SyncedViolation) {
  await tx.set(violationKey(row.id), { ...row });
}

export const violationMutators = {
  /** Issues a violation with a client-made id (also offline); a photo, when any, was uploaded before. */
  issueViolation: defineMutator({
    args: lazy(() => z.object({ id: newRowId, ...violationFields, shown })),
    label: 'Create violation',
    subject: (args) => args.title,
    allowed: { role: violationPolicy.mayIssue, refusal: VIOLATION_MESSAGES.boardOnly },
    async apply(tx, args) {
      if (await tx.has(violationKey(args.id))) return;
      const now = Date.now();
      const by = args.shown?.by;
      const row: SyncedViolation = {
        id: args.id,
        title: args.title,
        message: args.message,
        category: args.category,
        status: 'open',
        dueDate: args.due_date,
        attachment: optimisticAttachment(args.photo_url ?? args.photos?.[0], args.shown?.attachment ?? args.shown?.photos?.[0]),
        photos: (args.photos ?? (args.photo_url ? [args.photo_url] : [])).map((key, i) => optimisticAttachment(key, args.shown?.photos?.[i] ?? (i === 0 ? args.shown?.attachment : undefined))!),
        photosRefused: (args.photos_refused ?? []).map((r) => ({ fileName: r.file_name, reason: r.reason })),
        resident: { id: args.user_id, name: args.shown?.resident?.name ?? '', email: args.shown?.resident?.email ?? '' },
        address: args.shown?.address ?? null,
        issuedBy: { id: by?.id ?? '', name: by?.name ?? '', email: by?.email ?? '' },
        resolution: null,
        messages: [],
        history: [optimisticHistoryEntry(VIOLATION_HISTORY.issued, by, now)],
        hoaName: args.shown?.hoaName ?? '',
        stage: 'reported',
        cureBy: null,
        finedCents: 0,
        nextFineAt: null,
        schedule: args.shown?.schedule ?? DEFAULT_FINE_SCHEDULE,
        letters: [],
        hearing: null,
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await save(tx, row);
    },
  }),

  /** Any of the five statuses at any time; resolving may carry notes (the resolution card). */
  setViolationStatus: defineMutator({
    args: lazy(() => z.object({ id: rowId, ...violationStatusFields, shown }).superRefine(violationNotesRule)),
    label: 'Update violation status',
    allowed: allowedToChangeStatus,
    async apply(tx, { id, status, resolution_notes, shown: s }) {
      const row = await current(tx, id);
      const notesBefore = row?.resolution?.notes ?? null;
      if (!row || !violationPolicy.isChange({ status: row.status, resolutionNotes: notesBefore }, status, resolution_notes)) return;
      const now = Date.now();
      const by = s?.by;
      const history = [...row.history];
      if (row.status !== status) history.push(optimisticHistoryEntry(VIOLATION_HISTORY.statusChanged(row.status, status), by, now));
      let resolution: SyncedViolation['resolution'] = null;
      if (status === 'resolved') {
        const notes = resolution_notes === undefined ? notesBefore : resolution_notes;
        if (notes !== notesBefore) history.push(optimisticHistoryEntry(notesBefore ? VIOLATION_HISTORY.notesUpdated : VIOLATION_HISTORY.notesAdded, by, now));
        resolution = row.status === 'resolved' && row.resolution ? { ...row.resolution, notes } : { by: { id: by?.id ?? '', name: by?.name ?? '' }, at: now, notes };
      }
      await save(tx, { ...row, status, resolution, history, updatedAt: now });
    },
  }),

  /** A message in the violation's thread (also offline), or the board's internal note; it shows the acting user as its author at once. */
  addViolationMessage: defineMutator({
    args: lazy(() => z.object({ id: newRowId, violationId: rowId, ...violationMessageFields, shown })),
    label: 'Send message',
    async apply(tx, args) {
      const row = await current(tx, args.violationId);
      if (!row || row.messages.some((m) => m.id === args.id)) return;
      const by = args.shown?.by;
      // Same rule as the server: internal notes are the board's.
      if (args.is_internal && (!by || !threadPolicy.mayPostInternal(by.role))) return;
      const now = Date.now();
      const message: SyncedThreadMessage = {
        id: args.id,
        author: optimisticPerson(by),
        message: args.message,
        isPublic: !args.is_internal,
        attachment: optimisticAttachment(args.photo_url, args.shown?.attachment),
        createdAt: now,
      };
      const action = args.is_internal ? VIOLATION_HISTORY.internalNoteAdded : VIOLATION_HISTORY.messageAdded;
      await save(tx, { ...row, messages: [...row.messages, message], history: [...row.history, optimisticHistoryEntry(action, by, now)], updatedAt: now });
    },
  }),
};

/** Board work on fines and hearings, and what the others are told. */
const allowedToManageFines = { role: finePolicy.mayManage, refusal: FINE_MESSAGES.boardOnly };

export const violationFineMutators = {
  /**
   * Moves a case to its schedule's next stage (also offline, on an inspection walk): the letter, the
   * cure date, and at the fine stage the fine. `from` is the stage the board saw: a case someone moved
   * on meanwhile is refused rather than advanced twice. `id` is the letter's.
   */
  advanceViolation: defineMutator({
    args: lazy(() => z.object({ id: newRowId, violationId: rowId, ...advanceFields, shown })),
    label: 'Advance violation',
    allowed: allowedToManageFines,
    async apply(tx, { id, violationId, from, shown: s }) {
      const row = await current(tx, violationId);
      if (!row || (from && row.stage !== from) || row.letters.some((l) => l.id === id)) return;
      const v = { residentId: row.resident.id, ...row };
      if (!finePolicy.mayAdvance(v)) return;
      const stage = nextStage(row.stage, row.schedule)!;
      const now = Date.now();
      const cureBy = cureByFrom(row.schedule, utcToday(now));
      const fine = stage === 'fined' ? fineDue(row.schedule, row.finedCents) : 0;
      const finedCents = row.finedCents + fine;
      const history = [...row.history, optimisticHistoryEntry(FINE_HISTORY.letter(stage), s?.by, now)];
      if (fine > 0) history.push(optimisticHistoryEntry(FINE_HISTORY.fined(fine), s?.by, now));
      await save(tx, {
        ...row,
        stage,
        cureBy,
        finedCents,
        nextFineAt: stage === 'fined' ? nextFineAfter(row.schedule, finedCents, now) : row.nextFineAt,
        letters: [...row.letters, { id, stage, sentAt: now, cureBy, fineCents: fine }],
        history,
        updatedAt: now,
      });
    },
  }),

  /** The resident asks for a hearing on an open case, once (also offline). `id` is the hearing's. */
  requestViolationHearing: defineMutator({
    args: lazy(() => z.object({ id: newRowId, violationId: rowId, ...hearingRequestFields, shown })),
    label: 'Request a hearing',
    allowed: { role: finePolicy.mayRequestHearing, refusal: FINE_MESSAGES.residentOnly },
    async apply(tx, { id, violationId, note, shown: s }) {
      const row = await current(tx, violationId);
      if (!row || !s?.by || !finePolicy.mayAskHearing({ residentId: row.resident.id, ...row }, { userId: s.by.id, role: s.by.role })) return;
      const now = Date.now();
      await save(tx, {
        ...row,
        hearing: { id, note, requestedAt: now, scheduledFor: null, decision: null, reason: null, decidedAt: null },
        history: [...row.history, optimisticHistoryEntry(FINE_HISTORY.hearingRequested, s.by, now)],
        updatedAt: now,
      });
    },
  }),
};

/** The dashboard's recent activity: violations issued in the last 7 days (the list shows what the viewer holds). */
const violationsOnDashboard = dashboardSource<SyncedViolation>()({
  space: VIOLATION_SPACE,
  activity: (values, now) =>
    values
      .filter((v) => isRecent(v.createdAt, now))
      .map((v) => ({
        id: `violation:${v.id}`,
        type: 'violation' as const,
        title: v.title,
        description: `${v.category} violation issued to ${v.resident.name || 'a resident'} · ${VIOLATION_STATUS_LABELS[v.status]}`,
        time: new Date(v.createdAt).toISOString(),
      })),
});

export const violationsSync = defineSyncedArea({
  spaces: [VIOLATION_SPACE],
  mutators: { ...violationMutators, ...violationFineMutators },
  dashboard: [violationsOnDashboard],
});
