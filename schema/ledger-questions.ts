/**
 * A resident's question about a line of their statement: a request to waive a late fee, or a dispute
 * of a charge, a fee or a fine. It opens a thread with the board (the thread kit); the board grants or
 * declines it with a reason, and granting a waiver of a late fee waives it.
 */
import { z } from 'zod';
import type { LedgerKind } from './ledger';
import { lazy } from './lazy';
import { isPrivileged, type Role } from './roles';
import { threadMessageField } from './threads';

export const LEDGER_QUESTION_KINDS = ['waiver', 'dispute'] as const;
export const LEDGER_QUESTION_STATUSES = ['open', 'granted', 'declined'] as const;
export type LedgerQuestionKind = (typeof LEDGER_QUESTION_KINDS)[number];
export type LedgerQuestionStatus = (typeof LEDGER_QUESTION_STATUSES)[number];

export const LEDGER_QUESTION_KIND_LABELS: Record<LedgerQuestionKind, string> = { waiver: 'Waiver request', dispute: 'Dispute' };
export const LEDGER_QUESTION_STATUS_LABELS: Record<LedgerQuestionStatus, string> = { open: 'Open', granted: 'Granted', declined: 'Declined' };
/** The answers the board gives (a question stays open until one). */
export const LEDGER_QUESTION_ANSWERS = ['granted', 'declined'] as const;
export type LedgerQuestionAnswer = (typeof LEDGER_QUESTION_ANSWERS)[number];

export const LEDGER_QUESTION_REASON_MAX = 500;

/** Which lines each kind of question may be about: a waiver, a late fee; a dispute, what was charged. */
const ASKABLE: Record<LedgerQuestionKind, readonly LedgerKind[]> = { waiver: ['late_fee'], dispute: ['charge', 'late_fee', 'fine'] };

export const LEDGER_QUESTION_MESSAGES = {
  kindInvalid: 'Choose whether to ask for a waiver or to dispute the charge.',
  lineRequired: 'Please choose a line of your statement.',
  lineNotFound: 'Ledger line not found.',
  notAskable: {
    waiver: 'Only a late fee can be waived.',
    dispute: 'Only a charge, a late fee or a fine can be disputed.',
  } satisfies Record<LedgerQuestionKind, string>,
  notYours: 'You can only ask about your own statement.',
  alreadyOpen: 'You already have an open question about this line.',
  notFound: 'Question not found.',
  boardOnly: 'Only board members can answer questions',
  answerInvalid: 'Choose granted or declined.',
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `The reason must be at most ${LEDGER_QUESTION_REASON_MAX} characters.`,
  alreadyAnswered: 'This question has already been answered.',
  idTaken: 'A question with this id already exists',
  asked: 'Your question was sent to the board.',
  askedOffline: 'This question was asked offline. It reaches the board when you reconnect.',
  askFailed: 'Failed to send your question. Please try again.',
  answerFailed: 'Failed to save the answer. Please try again.',
  sendMessageFailed: 'Failed to send message. Please try again.',
  loadFailed: 'Failed to load questions. Please try again.',
  empty: 'No questions yet',
  emptyResident: 'Questions you ask about your statement appear here.',
  emptyBoard: 'Residents’ waiver requests and disputes appear here.',
} as const;

/** What the Activity History says. */
export const LEDGER_QUESTION_HISTORY = {
  asked: (kind: LedgerQuestionKind) => (kind === 'waiver' ? 'Asked for a waiver' : 'Disputed the charge'),
  messageAdded: 'Message added',
  internalNoteAdded: 'Internal note added',
  answered: (status: LedgerQuestionAnswer, reason: string) => `${status === 'granted' ? 'Granted' : 'Declined'}: ${reason}`,
} as const;

export const ledgerQuestionPolicy = {
  /** Who answers: the board. */
  mayAnswer: (role: Role) => isPrivileged(role),
  /** The board sees every question of its HOA; a resident their own. */
  seesAll: (role: Role) => isPrivileged(role),
  /** Whether a line of this kind may be asked about so. */
  isAskable: (kind: LedgerQuestionKind, lineKind: LedgerKind) => ASKABLE[kind].includes(lineKind),
  /** The kinds of question a line takes (none for a payment, a waiver, a credit…). */
  kindsFor: (lineKind: LedgerKind) => LEDGER_QUESTION_KINDS.filter((k) => ASKABLE[k].includes(lineKind)),
  isOpen: (q: { status: LedgerQuestionStatus }) => q.status === 'open',
};

// ------------------------------------------------------------------ bodies

export const askFields = lazy(() => ({
  line_id: z.string({ error: LEDGER_QUESTION_MESSAGES.lineRequired }).trim().min(1, LEDGER_QUESTION_MESSAGES.lineRequired).max(64, LEDGER_QUESTION_MESSAGES.lineRequired),
  kind: z.enum(LEDGER_QUESTION_KINDS, { error: LEDGER_QUESTION_MESSAGES.kindInvalid }),
  message: threadMessageField,
}));
/** `POST /api/ledger-questions`; the askAboutLine mutator adds the client-made id. */
export const askSchema = lazy(() => z.object(askFields));
export type AskAboutLine = z.output<typeof askSchema>;

export const questionMessageFields = lazy(() => ({ message: threadMessageField }));
/** `POST /api/ledger-questions/:id/messages`. */
export const questionMessageSchema = lazy(() => z.object(questionMessageFields));

export const answerFields = lazy(() => ({
  status: z.enum(LEDGER_QUESTION_ANSWERS, { error: LEDGER_QUESTION_MESSAGES.answerInvalid }),
  reason: z
    .string({ error: LEDGER_QUESTION_MESSAGES.reasonRequired })
    .max(LEDGER_QUESTION_REASON_MAX * 4, { error: LEDGER_QUESTION_MESSAGES.reasonTooLong, abort: true })
    .trim()
    .min(1, LEDGER_QUESTION_MESSAGES.reasonRequired)
    .max(LEDGER_QUESTION_REASON_MAX, LEDGER_QUESTION_MESSAGES.reasonTooLong),
}));
/** `PUT /api/ledger-questions/:id/status`. */
export const answerSchema = lazy(() => z.object(answerFields));
export type AnswerQuestion = z.output<typeof answerSchema>;

/** Plain text typed in a box as the rich text a thread message is (paragraphs, escaped). */
export function plainToRichText(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
