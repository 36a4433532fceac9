/**
 * Issuing a violation: board and superadmin only; the resident must be an
 * active member of the HOA; the due date may not be before today (the HOA's); the message is sanitised on write;
 * a photo or document key must have been issued to the HOA for violations. The resident gets the notice.
 */
import { eq } from 'drizzle-orm';
import { isRichTextEmpty } from '../../../schema/rich-text';
import { users, violationHistory, violations } from '../../../schema/tables';
import { VIOLATION_HISTORY, VIOLATION_MESSAGES, violationPolicy, type ViolationForm } from '../../../schema/violations';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { sanitizeRichText } from '../../services/sanitize';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField } from '../errors';
import { hoaToday } from '../hoa-days';
import { activeMembers } from '../members';
import { recordHistory } from '../threads';
import { takeIssuedKey, attachmentValues } from '../uploads';
import { mailViolationIssued } from './emails';
import type { ViolationRow } from './read';
import { violationRows } from './sync';

/** Issues a violation. `id` comes from the client for offline creation (the mutator); REST leaves it out. */
export async function issueViolation(deps: AppDeps, tx: Tx, actor: Actor, input: ViolationForm & { id?: string }): Promise<ViolationRow> {
  if (!violationPolicy.mayIssue(actor.role)) throw forbidden(VIOLATION_MESSAGES.boardOnly);
  const now = deps.clock();
  const title = input.title.trim();
  if (!title) throw invalidField('title', VIOLATION_MESSAGES.titleRequired);
  const message = sanitizeRichText(input.message.trim());
  // A message of only a script or an image is empty once sanitised.
  if (isRichTextEmpty(message)) throw invalidField('message', VIOLATION_MESSAGES.messageRequired);
  if (!violationPolicy.isDueDateAllowed(input.due_date, await hoaToday(tx, actor.hoaId, now))) throw invalidField('due_date', VIOLATION_MESSAGES.dueDatePast);
  const [resident] = await tx.select({ id: users.id, addressId: users.addressId }).from(users).where(activeMembers(actor.hoaId, eq(users.id, input.user_id))).limit(1);
  if (!resident) throw invalidField('user_id', VIOLATION_MESSAGES.residentInvalid);
  // The key must have been issued to the actor for violations; name, size and type come from that record.
  const upload = input.photo_url ? await takeIssuedKey(tx, deps.clock(), actor, 'violations', input.photo_url, 'photo_url') : null;
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is this HOA's or another's.
    const [taken] = await tx.select({ id: violations.id }).from(violations).where(eq(violations.id, id)).limit(1);
    if (taken) throw conflict(VIOLATION_MESSAGES.idTaken);
  }
  const [row] = await violationRows.insert(deps, tx, {
    id,
    hoaId: actor.hoaId,
    userId: resident.id,
    addressId: resident.addressId,
    issuedBy: actor.userId,
    category: input.category,
    title,
    message,
    dueDate: input.due_date,
    status: 'open',
    ...(upload ? attachmentValues(upload) : {}),
    createdAt: now,
    updatedAt: now,
  });
  await recordHistory(tx, violationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: VIOLATION_HISTORY.issued, at: now });
  await mailViolationIssued(deps, tx, row, actor);
  return row;
}
