/**
 * Asking about a line of one's statement, the thread, and the board's answer. A resident asks about
 * their own lines only (a waiver of a late fee, a dispute of a charge, fee or fine), one open question
 * per line. The board grants or declines with a reason; granting a waiver of a late fee still on its
 * invoice waives it through the invoices' waiver, in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import { LEDGER_QUESTION_HISTORY, LEDGER_QUESTION_MESSAGES, ledgerQuestionPolicy, type AnswerQuestion, type AskAboutLine } from '../../../schema/ledger-questions';
import { invoices, ledgerLines, ledgerQuestionHistory, ledgerQuestionMessages, ledgerQuestions } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField, notFound } from '../errors';
import { waiveLateFee } from '../invoices/waive';
import { visibleLedgerLines } from '../ledger';
import { addThreadMessage, postThreadMessage, recordHistory, type ThreadMessageRow } from '../threads';
import { mailQuestionAnswered, mailQuestionAsked } from './emails';
import { getVisibleLedgerQuestion, type LedgerQuestionRow } from './read';
import { ledgerQuestionRows } from './sync';

const TABLES = { messages: ledgerQuestionMessages, history: ledgerQuestionHistory };
const ACTIONS = { message: LEDGER_QUESTION_HISTORY.messageAdded, internalNote: LEDGER_QUESTION_HISTORY.internalNoteAdded };

/** `POST /api/ledger-questions` and the askAboutLine mutator (with client-made ids). */
export async function askAboutLine(deps: AppDeps, tx: Tx, actor: Actor, input: AskAboutLine & { id?: string; messageId?: string }): Promise<LedgerQuestionRow> {
  const [line] = await tx.select().from(ledgerLines).where(and(visibleLedgerLines(actor), eq(ledgerLines.id, input.line_id))).limit(1);
  if (!line) throw notFound(LEDGER_QUESTION_MESSAGES.lineNotFound);
  // The board sees every member's lines, yet asks only about its own account, like any resident.
  if (line.userId !== actor.userId) throw forbidden(LEDGER_QUESTION_MESSAGES.notYours);
  if (!ledgerQuestionPolicy.isAskable(input.kind, line.kind)) throw invalidField('kind', LEDGER_QUESTION_MESSAGES.notAskable[input.kind]);
  const [open] = await tx
    .select({ id: ledgerQuestions.id })
    .from(ledgerQuestions)
    .where(and(eq(ledgerQuestions.lineId, line.id), eq(ledgerQuestions.hoaId, line.hoaId), eq(ledgerQuestions.status, 'open')))
    .limit(1);
  if (open) throw conflict(LEDGER_QUESTION_MESSAGES.alreadyOpen);
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is this HOA's or another's.
    const [taken] = await tx.select({ id: ledgerQuestions.id }).from(ledgerQuestions).where(eq(ledgerQuestions.id, id)).limit(1);
    if (taken) throw conflict(LEDGER_QUESTION_MESSAGES.idTaken);
  }
  const now = deps.clock();
  const [row] = await ledgerQuestionRows.insert(deps, tx, { id, hoaId: line.hoaId, userId: actor.userId, lineId: line.id, kind: input.kind, status: 'open', createdAt: now, updatedAt: now });
  await recordHistory(tx, ledgerQuestionHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: LEDGER_QUESTION_HISTORY.asked(row.kind), at: now });
  // The opening message is the asking itself: one history line, not two.
  const message = await addThreadMessage(tx, ledgerQuestionMessages, actor, { id: input.messageId, hoaId: row.hoaId, parentId: row.id, message: input.message, isPublic: true, at: now });
  await mailQuestionAsked(deps, tx, row, line, actor, message.message);
  return row;
}

/** `POST /api/ledger-questions/:id/messages` and the addLedgerQuestionMessage mutator. */
export async function addLedgerQuestionMessage(deps: AppDeps, tx: Tx, actor: Actor, questionId: string, input: { id?: string; message: string }): Promise<ThreadMessageRow> {
  const row = await getVisibleLedgerQuestion(tx, actor, questionId);
  const now = deps.clock();
  const message = await postThreadMessage(tx, TABLES, actor, { id: input.id, hoaId: row.hoaId, parentId: row.id, message: input.message, isPublic: true, at: now }, ACTIONS);
  // The value shows the thread: a new version carries the message to every reader.
  await ledgerQuestionRows.update(deps, tx, and(eq(ledgerQuestions.id, row.id), eq(ledgerQuestions.hoaId, row.hoaId))!, { updatedAt: now });
  return message;
}

/** `PUT /api/ledger-questions/:id/status`: the board's answer, once, with a reason the resident reads. */
export async function answerLedgerQuestion(deps: AppDeps, tx: Tx, actor: Actor, id: string, answer: AnswerQuestion): Promise<LedgerQuestionRow> {
  if (!ledgerQuestionPolicy.mayAnswer(actor.role)) throw forbidden(LEDGER_QUESTION_MESSAGES.boardOnly);
  const row = await getVisibleLedgerQuestion(tx, actor, id);
  if (!ledgerQuestionPolicy.isOpen(row)) throw conflict(LEDGER_QUESTION_MESSAGES.alreadyAnswered);
  const [line] = await tx.select().from(ledgerLines).where(and(eq(ledgerLines.id, row.lineId), eq(ledgerLines.hoaId, row.hoaId))).limit(1);
  if (answer.status === 'granted' && row.kind === 'waiver' && line?.kind === 'late_fee' && line.invoiceId) {
    const [invoice] = await tx.select({ lateFeeCents: invoices.lateFeeCents }).from(invoices).where(and(eq(invoices.id, line.invoiceId), eq(invoices.hoaId, row.hoaId))).limit(1);
    // Waived meanwhile (from the invoice), the answer stands without a second waiver.
    if (invoice && invoice.lateFeeCents > 0) await waiveLateFee(deps, tx, actor, line.invoiceId, { reason: answer.reason });
  }
  const now = deps.clock();
  const [updated] = await ledgerQuestionRows.update(deps, tx, and(eq(ledgerQuestions.id, row.id), eq(ledgerQuestions.hoaId, row.hoaId), eq(ledgerQuestions.status, 'open'))!, {
    status: answer.status,
    updatedAt: now,
  });
  if (!updated) throw conflict(LEDGER_QUESTION_MESSAGES.alreadyAnswered);
  await recordHistory(tx, ledgerQuestionHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: LEDGER_QUESTION_HISTORY.answered(answer.status, answer.reason), at: now });
  await mailQuestionAnswered(deps, tx, updated, line, answer);
  return updated;
}
