/**
 * Creating and changing dues. Board and superadmin only; recipients must be
 * active members of the HOA; the send date may not be before yesterday. A due whose send day has
 * come is issued in the same transaction, so its invoices exist when the call answers.
 */
import { and, eq } from 'drizzle-orm';
import { DUE_MESSAGES, duePolicy, type DueForm, type DueUpdate } from '../../../schema/dues';
import { LATE_FEE_MESSAGES, lateFeeRuleOf } from '../../../schema/late-fees';
import { dueRecipients, dues } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { recordDueCreated, recordDueEdit } from '../activity';
import { conflict, forbidden, invalidField } from '../errors';
import { hoaToday } from '../hoa-days';
import { activeMemberIds, issueDue } from './issuing';
import { getVisibleDue, type DueRow } from './read';
import { dueRows } from './sync';

async function checkRecipients(tx: Tx, actor: Actor, ids: string[]): Promise<void> {
  const found = await activeMemberIds(tx, actor.hoaId, ids);
  if (found.size !== ids.length) throw invalidField('recipients', DUE_MESSAGES.recipientsInvalid);
}

async function writeRecipients(tx: Tx, due: { id: string; hoaId: string }, ids: string[]): Promise<void> {
  await tx.delete(dueRecipients).where(eq(dueRecipients.dueId, due.id));
  for (let i = 0; i < ids.length; i += 500) {
    await tx.insert(dueRecipients).values(ids.slice(i, i + 500).map((userId) => ({ dueId: due.id, userId, hoaId: due.hoaId })));
  }
}

/** `POST /api/dues` and the createDue mutator. `id` comes from the client for offline creation. */
export async function createDue(deps: AppDeps, tx: Tx, actor: Actor, input: DueForm & { id?: string }): Promise<DueRow> {
  if (!duePolicy.mayManage(actor.role)) throw forbidden(DUE_MESSAGES.boardOnly);
  if (!duePolicy.isSendDateAllowed(input.send_date, await hoaToday(tx, actor.hoaId, deps.clock()))) throw invalidField('send_date', DUE_MESSAGES.sendDateInPast);
  await checkRecipients(tx, actor, input.recipients);
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is this HOA's or another's.
    const [taken] = await tx.select({ id: dues.id }).from(dues).where(eq(dues.id, id)).limit(1);
    if (taken) throw conflict(DUE_MESSAGES.idTaken);
  }
  // The schema checked the amount against its kind; a caller that skipped it gets the same answer.
  const fee = lateFeeRuleOf(input);
  if (!fee) throw invalidField('late_fee_amount', LATE_FEE_MESSAGES.amountRequired);
  const now = deps.clock();
  const [row] = await dueRows.insert(deps, tx, {
    id,
    hoaId: actor.hoaId,
    title: input.title,
    frequency: input.frequency,
    amountCents: input.amount,
    reason: input.reason,
    description: input.description,
    status: 'active',
    sendDate: input.send_date,
    dueDateOffset: input.due_date_offset,
    periodsIssued: 0,
    nextSendDate: input.send_date,
    lateFeeKind: fee.kind,
    lateFeeValue: fee.value,
    graceDays: fee.graceDays,
    createdBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  await writeRecipients(tx, row, input.recipients);
  await recordDueCreated(deps, tx, actor, row, input.recipients.length);
  await issueDue(deps, tx, row.id);
  return row;
}

/**
 * `PUT /api/dues/:id`: later periods follow the change, issued invoices keep what they billed. A due
 * made active again skips the periods whose send day passed while it was inactive (no back-billing);
 * a one-time due's single period is issued then, dated that day (issuing.ts).
 */
export async function updateDue(deps: AppDeps, tx: Tx, actor: Actor, id: string, update: DueUpdate): Promise<DueRow> {
  if (!duePolicy.mayManage(actor.role)) throw forbidden(DUE_MESSAGES.boardOnly);
  const due = await getVisibleDue(tx, actor, id);
  if (update.recipients) {
    await checkRecipients(tx, actor, update.recipients);
    await writeRecipients(tx, due, update.recipients);
  }
  const set: Partial<typeof dues.$inferInsert> = { updatedAt: deps.clock() };
  if (update.title !== undefined) set.title = update.title;
  if (update.description !== undefined) set.description = update.description;
  if (update.amount !== undefined) set.amountCents = update.amount;
  if (update.reason !== undefined) set.reason = update.reason;
  if (update.due_date_offset !== undefined) set.dueDateOffset = update.due_date_offset;
  if (update.status !== undefined) set.status = update.status;
  if (update.status === 'active' && due.status === 'inactive' && due.frequency !== 'one_time') {
    const today = await hoaToday(tx, due.hoaId, deps.clock());
    let issued = due.periodsIssued;
    while ((duePolicy.nextSendDate(due, issued) ?? Infinity) < today) issued += 1;
    set.periodsIssued = issued;
    set.nextSendDate = duePolicy.nextSendDate(due, issued);
  }
  const [row] = await dueRows.update(deps, tx, and(eq(dues.id, due.id), eq(dues.hoaId, due.hoaId))!, set);
  await recordDueEdit(deps, tx, actor, due, row, update.recipients != null);
  await issueDue(deps, tx, row.id);
  return row;
}
