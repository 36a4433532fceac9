/**
 * The violation's thread: anyone who sees a violation writes in it, with a
 * file if they like; internal notes are the board's and never reach the resident (the thread kit,
 * worker/domain/threads). A public board message mails the resident.
 */
import { and, eq } from 'drizzle-orm';
import { violationHistory, violationMessages, violations } from '../../../schema/tables';
import { VIOLATION_HISTORY } from '../../../schema/violations';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { postThreadMessage, type ThreadMessageRow } from '../threads';
import { takeIssuedKey } from '../uploads';
import { mailViolationUpdate } from './emails';
import { getVisibleViolation } from './read';
import { violationRows } from './sync';

export interface ViolationMessageInput {
  /** Client-made when written offline (the mutator). */
  id?: string;
  message: string;
  is_internal: boolean;
  /** A storage key issued to the HOA for violations, or null. */
  photo_url: string | null;
}

export async function addViolationMessage(deps: AppDeps, tx: Tx, actor: Actor, violationId: string, input: ViolationMessageInput): Promise<ThreadMessageRow> {
  const row = await getVisibleViolation(tx, actor, violationId);
  const attachment = input.photo_url ? await takeIssuedKey(tx, deps.clock(), actor, 'violations', input.photo_url, 'photo_url') : null;
  const now = deps.clock();
  const message = await postThreadMessage(
    tx,
    { messages: violationMessages, history: violationHistory },
    actor,
    { id: input.id, hoaId: row.hoaId, parentId: row.id, message: input.message, isPublic: !input.is_internal, attachment, at: now },
    { message: VIOLATION_HISTORY.messageAdded, internalNote: VIOLATION_HISTORY.internalNoteAdded },
  );
  // The value shows the thread: a new version carries the message to every reader.
  const [updated] = await violationRows.update(deps, tx, and(eq(violations.id, row.id), eq(violations.hoaId, row.hoaId))!, { updatedAt: now });
  if (message.isPublic && message.isStaff) await mailViolationUpdate(deps, tx, updated, actor, message.message);
  return message;
}
