/**
 * Requests, shared half: the cache's key space and value (a request with its people, its thread and
 * its Activity History, so the detail and messages screens work offline), and the mutators: a
 * resident files a request and writes messages offline; the board changes the status, assigns,
 * sets the deadline and resolution notes, and answers.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { ROLES } from '../../schema/roles';
import {
  countsUnder,
  MAINTENANCE_COUNTER,
  REQUEST_HISTORY,
  REQUEST_MESSAGES,
  REQUEST_CATEGORIES,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  requestCommentFields,
  requestFields,
  requestPolicy,
  requestStatusField,
  requestTriageFields,
} from '../../schema/requests';
import { actingUserSchema, optimisticHistoryEntry, optimisticPerson, syncedHistoryEntrySchema, syncedThreadMessageSchema, threadPolicy, type SyncedThreadMessage } from '../../schema/threads';
import { syncedAddressSchema, syncedPersonSchema } from '../../schema/synced';
import type { RestRule } from '../../schema/rest-shape';
import { syncedAttachmentSchema } from '../../schema/uploads';
import { countMetric, dashboardSource, isRecent } from '../../schema/dashboard';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { newRowId, optimisticAttachment, rowId, shownFile } from './fields';
import { lazy } from '../../schema/lazy';

export const REQUEST_SPACE = 'request';
export const requestKey = (id: string) => keyOf(REQUEST_SPACE, id);

/** A request as the cache holds it. Milliseconds since the epoch for times (the client formats them). */
export const syncedRequestSchema = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised rich text. */
  description: z.string(),
  category: z.enum(REQUEST_CATEGORIES),
  status: z.enum(REQUEST_STATUSES),
  attachment: syncedAttachmentSchema.nullable(),
  /** Who filed it (empty in an optimistic value made without the acting user). */
  resident: syncedPersonSchema.extend({ role: z.enum(ROLES) }),
  address: syncedAddressSchema.nullable(),
  /** Board and superadmin only (null for residents). */
  assignee: syncedPersonSchema.nullable(),
  /** A day, as its UTC midnight. */
  resolutionDeadline: z.number().nullable(),
  resolutionNotes: z.string().nullable(),
  /** Oldest first. Residents never receive a message that is not public. */
  messages: z.array(syncedThreadMessageSchema),
  /** Oldest first. Residents receive the public entries only. */
  history: z.array(syncedHistoryEntrySchema),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
}));
export type SyncedRequest = z.output<typeof syncedRequestSchema>;

/** The REST answer's names (schema/rest-shape.ts): the spec's for the people and the thread, the deadline as ISO text. */
export const REQUEST_REST = {
  times: ['resolutionDeadline'],
  names: { resident: 'user_id', address: 'address_id', assignee: 'assigned_to', messages: 'comments' },
} as const satisfies RestRule<SyncedRequest>;

/**
 * What the screen knows and shows until the server's value arrives (the acting user, the uploaded
 * file's name, the chosen assignee's name). The server never reads it.
 */
const shown = lazy(() => z
  .object({
    by: actingUserSchema.optional(),
    attachment: shownFile.optional(),
    assignee: z.object({ name: z.string().max(200), email: z.string().max(320) }).optional(),
  })
  .optional());

const current = async (tx: WriteTransaction, id: string) => (await tx.get(requestKey(id))) as SyncedRequest | undefined;
/** Who may triage requests, and what the others are told. */
const allowedToTriage = { role: requestPolicy.mayTriage, refusal: REQUEST_MESSAGES.boardOnly };

const entry = optimisticHistoryEntry;

async function save(tx: WriteTransaction, row: SyncedRequest) {
  await tx.set(requestKey(row.id), { ...row });
}

export const requestMutators = {
  /** Files a request with a client-made id (also offline); the attachment, when any, was uploaded before. */
  createRequest: defineMutator({
    args: lazy(() => z.object({ id: newRowId, ...requestFields, shown })),
    label: 'Create request',
    subject: (args) => args.title,
    async apply(tx, args) {
      if (await tx.has(requestKey(args.id))) return;
      const now = Date.now();
      const by = args.shown?.by;
      const file = args.shown?.attachment;
      const row: SyncedRequest = {
        id: args.id,
        title: args.title,
        description: args.description,
        category: args.category,
        status: 'open',
        attachment: optimisticAttachment(args.photo_url, file),
        resident: { id: by?.id ?? '', name: by?.name ?? '', email: by?.email ?? '', role: by?.role ?? 'resident' },
        address: null,
        assignee: null,
        resolutionDeadline: null,
        resolutionNotes: null,
        messages: [],
        history: [entry(REQUEST_HISTORY.created, by, now)],
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await save(tx, row);
    },
  }),

  /** Any status from any other. */
  setRequestStatus: defineMutator({
    args: lazy(() => z.object({ id: rowId, status: requestStatusField, shown })),
    label: 'Update request status',
    allowed: allowedToTriage,
    async apply(tx, { id, status, shown: s }) {
      const row = await current(tx, id);
      if (!row || !requestPolicy.isStatusChange(row, status)) return;
      const now = Date.now();
      await save(tx, { ...row, status, updatedAt: now, history: [...row.history, entry(REQUEST_HISTORY.statusChanged(row.status, status), s?.by, now)] });
    },
  }),

  /** The board's fields: assignee, resolution deadline, resolution notes; each one left out stays as it is. */
  updateRequestTriage: defineMutator({
    args: lazy(() => z
      .object({ id: rowId, ...requestTriageFields, shown })
      .refine((v) => v.assigned_to !== undefined || v.resolution_deadline !== undefined || v.resolution_notes !== undefined, REQUEST_MESSAGES.nothingToUpdate)),
    label: 'Update request',
    allowed: allowedToTriage,
    async apply(tx, args) {
      const row = await current(tx, args.id);
      if (!row) return;
      const now = Date.now();
      const by = args.shown?.by;
      const next = { ...row, history: [...row.history] };
      if (args.assigned_to !== undefined && args.assigned_to !== (row.assignee?.id ?? null)) {
        const who = args.shown?.assignee;
        next.assignee = args.assigned_to ? { id: args.assigned_to, name: who?.name ?? '', email: who?.email ?? '' } : null;
        next.history.push(entry(args.assigned_to ? REQUEST_HISTORY.assigned(who?.name ?? '') : REQUEST_HISTORY.unassigned, by, now));
      }
      if (args.resolution_deadline !== undefined && args.resolution_deadline !== row.resolutionDeadline) {
        next.resolutionDeadline = args.resolution_deadline;
        next.history.push(entry(args.resolution_deadline === null ? REQUEST_HISTORY.deadlineRemoved : REQUEST_HISTORY.deadlineSet(args.resolution_deadline), by, now));
      }
      if (args.resolution_notes !== undefined && args.resolution_notes !== row.resolutionNotes) {
        next.resolutionNotes = args.resolution_notes;
        next.history.push(entry(args.resolution_notes === null ? REQUEST_HISTORY.notesRemoved : REQUEST_HISTORY.notesUpdated, by, now));
      }
      if (next.history.length === row.history.length) return;
      await save(tx, { ...next, updatedAt: now });
    },
  }),

  /** A message in the request's thread (also offline); it shows the acting user as its author at once. */
  addRequestComment: defineMutator({
    args: lazy(() => z.object({ id: newRowId, requestId: rowId, ...requestCommentFields, shown })),
    label: 'Send message',
    async apply(tx, args) {
      const row = await current(tx, args.requestId);
      if (!row || row.messages.some((m) => m.id === args.id)) return;
      const by = args.shown?.by;
      // Same rule as the server: internal notes are the board's.
      if (!args.is_public && (!by || !threadPolicy.mayPostInternal(by.role))) return;
      const now = Date.now();
      const message: SyncedThreadMessage = { id: args.id, author: optimisticPerson(by), message: args.message, isPublic: args.is_public, createdAt: now };
      const action = args.is_public ? REQUEST_HISTORY.messageAdded : REQUEST_HISTORY.internalNoteAdded;
      await save(tx, { ...row, messages: [...row.messages, message], history: [...row.history, entry(action, by, now)], updatedAt: now });
    },
  }),
};

const requestsOnDashboard = dashboardSource<SyncedRequest>()({
  space: REQUEST_SPACE,
  metric: {
    key: 'maintenanceRequests',
    // The Requests page's Maintenance counter, with what it gained in 30 days; more requests are more trouble.
    compute: (values, now) =>
      countMetric(values, now, { title: 'Maintenance Requests', icon: 'wrench', of: 'all', rise: 'bad', counts: (r) => countsUnder(MAINTENANCE_COUNTER, r), at: (r) => r.createdAt }),
  },
  activity: (values, now) =>
    values
      .filter((r) => isRecent(r.createdAt, now))
      .map((r) => ({
        id: `request:${r.id}`,
        type: 'request' as const,
        title: r.title,
        description: `${r.category} request from ${r.resident.name || 'a resident'} · ${REQUEST_STATUS_LABELS[r.status]}`,
        time: new Date(r.createdAt).toISOString(),
      })),
});

export const requestsSync = defineSyncedArea({
  spaces: [REQUEST_SPACE],
  mutators: requestMutators,
  dashboard: [requestsOnDashboard],
});
