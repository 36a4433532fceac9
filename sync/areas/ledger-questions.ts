/**
 * Ledger questions, shared half: the cache's key space and value (a question with the line it is
 * about, its thread and its Activity History, so the thread works offline), and the mutators: a
 * resident asks about a line of their statement and writes in the thread, also offline. The board's
 * answer is REST (granting a waiver writes the ledger, which the server does).
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { askFields, LEDGER_QUESTION_HISTORY, LEDGER_QUESTION_KINDS, LEDGER_QUESTION_STATUSES, ledgerQuestionPolicy, questionMessageFields } from '../../schema/ledger-questions';
import type { RestRule } from '../../schema/rest-shape';
import { syncedPersonSchema } from '../../schema/synced';
import { actingUserSchema, optimisticHistoryEntry, optimisticPerson, syncedHistoryEntrySchema, syncedThreadMessageSchema, type SyncedThreadMessage } from '../../schema/threads';
import { lazy } from '../../schema/lazy';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { newRowId, rowId } from './fields';
import { ledgerKey, syncedLedgerLineSchema, type SyncedLedgerLine } from './ledger';

export const LEDGER_QUESTION_SPACE = 'ledgerQuestion';
export const ledgerQuestionKey = (id: string) => keyOf(LEDGER_QUESTION_SPACE, id);

/** The line a question is about, as it was posted (lines are never edited). */
export const questionLineSchema = lazy(() => syncedLedgerLineSchema.pick({ id: true, kind: true, amountCents: true, description: true, occurredAt: true, invoiceId: true }));

/** A question as the cache holds it. Times in milliseconds since the epoch. */
export const syncedLedgerQuestionSchema = lazy(() => z.object({
  id: z.string(),
  kind: z.enum(LEDGER_QUESTION_KINDS),
  status: z.enum(LEDGER_QUESTION_STATUSES),
  line: questionLineSchema,
  /** Who asked (whose statement the line is on). */
  resident: syncedPersonSchema,
  /** Oldest first. */
  messages: z.array(syncedThreadMessageSchema),
  /** Oldest first. */
  history: z.array(syncedHistoryEntrySchema),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
}));
export type SyncedLedgerQuestion = z.output<typeof syncedLedgerQuestionSchema>;

/** The REST answer's names: the resident as `user_id`, the line as `line_id`, the thread as `messages`. */
export const LEDGER_QUESTION_REST = {
  times: [],
  names: { resident: 'user_id', line: 'line_id' },
} as const satisfies RestRule<SyncedLedgerQuestion>;

/** What the screen knows until the server answers (the acting user). The server never reads it. */
const shown = lazy(() => z.object({ by: actingUserSchema.optional() }).optional());

const current = async (tx: WriteTransaction, id: string) => (await tx.get(ledgerQuestionKey(id))) as SyncedLedgerQuestion | undefined;

export const ledgerQuestionMutators = {
  /** A resident asks about a line of their statement (also offline): the question opens with their message. */
  askAboutLine: defineMutator({
    args: lazy(() => z.object({ id: newRowId, messageId: newRowId, ...askFields, shown })),
    label: 'Ask about a charge',
    async apply(tx, args) {
      if (await tx.has(ledgerQuestionKey(args.id))) return;
      const line = (await tx.get(ledgerKey(args.line_id))) as SyncedLedgerLine | undefined;
      if (!line || !ledgerQuestionPolicy.isAskable(args.kind, line.kind)) return;
      const by = args.shown?.by;
      const now = Date.now();
      const message: SyncedThreadMessage = { id: args.messageId, author: optimisticPerson(by), message: args.message, isPublic: true, createdAt: now };
      const row: SyncedLedgerQuestion = {
        id: args.id,
        kind: args.kind,
        status: 'open',
        line: { id: line.id, kind: line.kind, amountCents: line.amountCents, description: line.description, occurredAt: line.occurredAt, invoiceId: line.invoiceId },
        resident: { ...line.resident },
        messages: [message],
        history: [optimisticHistoryEntry(LEDGER_QUESTION_HISTORY.asked(args.kind), by, now)],
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await tx.set(ledgerQuestionKey(row.id), { ...row, line: { ...row.line }, messages: [...row.messages], history: [...row.history] });
    },
  }),

  /** A message in the question's thread (also offline). */
  addLedgerQuestionMessage: defineMutator({
    args: lazy(() => z.object({ id: newRowId, questionId: rowId, ...questionMessageFields, shown })),
    label: 'Send message',
    async apply(tx, args) {
      const row = await current(tx, args.questionId);
      if (!row || row.messages.some((m) => m.id === args.id)) return;
      const by = args.shown?.by;
      const now = Date.now();
      const message: SyncedThreadMessage = { id: args.id, author: optimisticPerson(by), message: args.message, isPublic: true, createdAt: now };
      await tx.set(ledgerQuestionKey(row.id), {
        ...row,
        messages: [...row.messages, message],
        history: [...row.history, optimisticHistoryEntry(LEDGER_QUESTION_HISTORY.messageAdded, by, now)],
        updatedAt: now,
      });
    },
  }),
};

export const ledgerQuestionsSync = defineSyncedArea({
  spaces: [LEDGER_QUESTION_SPACE],
  mutators: ledgerQuestionMutators,
});
