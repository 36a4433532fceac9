/**
 * The mail of ledger questions, queued through the outbox in the transaction of the event: a new
 * question → the HOA's active board members but the asker; the board's answer → the resident.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { LEDGER_QUESTION_KIND_LABELS, LEDGER_QUESTION_STATUS_LABELS, type AnswerQuestion } from '../../../schema/ledger-questions';
import { richTextToPlain } from '../../../schema/rich-text';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { users, type ledgerLines } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { ledgerQuestionAnsweredEmail, ledgerQuestionAskedEmail } from '../../emails';
import { queueEmail, queueEmails } from '../../services/email';
import type { Actor } from '../actor';
import { activeMembers } from '../members';
import type { LedgerQuestionRow } from './read';
import { hoaNameOf } from '../hoa-name';

type LineRow = typeof ledgerLines.$inferSelect;

export const ledgerQuestionRef = (id: string) => `ledger-question:${id}`;
const questionUrl = (deps: AppDeps, id: string) => `${deps.config.appUrl}/questions/${id}`;
const nudge = (deps: AppDeps) => deps.database.afterCommit(() => deps.onEmailQueued?.());

async function hoaName(tx: Tx, hoaId: string) {
  return hoaNameOf(tx, hoaId);
}

export async function mailQuestionAsked(deps: AppDeps, tx: Tx, row: LedgerQuestionRow, line: LineRow, actor: Actor, messageHtml: string): Promise<void> {
  const board = await tx.select({ id: users.id, email: users.email }).from(users).where(activeMembers(row.hoaId, inArray(users.role, PRIVILEGED_ROLES), ne(users.id, actor.userId)));
  if (board.length === 0) return;
  const [asker] = await tx.select({ name: users.name }).from(users).where(and(eq(users.id, row.userId), eq(users.hoaId, row.hoaId))).limit(1);
  const mail = ledgerQuestionAskedEmail({
    hoaName: await hoaName(tx, row.hoaId),
    residentName: asker?.name ?? 'A resident',
    kindLabel: LEDGER_QUESTION_KIND_LABELS[row.kind],
    lineDescription: line.description,
    amountCents: line.amountCents,
    messagePlain: richTextToPlain(messageHtml),
    url: questionUrl(deps, row.id),
  });
  await queueEmails(deps, tx, board.map((b) => ({ hoaId: row.hoaId, to: b.email, toUserId: b.id, ref: ledgerQuestionRef(row.id), ...mail })));
  nudge(deps);
}

export async function mailQuestionAnswered(deps: AppDeps, tx: Tx, row: LedgerQuestionRow, line: LineRow | undefined, answer: AnswerQuestion): Promise<void> {
  const [resident] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(activeMembers(row.hoaId, eq(users.id, row.userId))).limit(1);
  if (!resident) return;
  const mail = ledgerQuestionAnsweredEmail({
    hoaName: await hoaName(tx, row.hoaId),
    residentName: resident.name,
    kindLabel: LEDGER_QUESTION_KIND_LABELS[row.kind],
    lineDescription: line?.description ?? '',
    statusLabel: LEDGER_QUESTION_STATUS_LABELS[answer.status],
    reason: answer.reason,
    url: questionUrl(deps, row.id),
  });
  await queueEmail(deps, tx, { hoaId: row.hoaId, to: resident.email, toUserId: resident.id, ref: ledgerQuestionRef(row.id), ...mail });
  nudge(deps);
}
