/**
 * The request's thread: anyone who sees a request writes in it; internal
 * notes (not public) are the board's and never reach the resident. A staff answer mails the resident.
 */
import { and, eq } from 'drizzle-orm';
import { REQUEST_HISTORY } from '../../../schema/requests';
import { requestComments, requestHistory, requests } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { postThreadMessage, type ThreadMessageRow } from '../threads';
import { mailRequestUpdate } from './emails';
import { getVisibleRequest } from './read';
import { requestRows } from './sync';

export interface RequestCommentInput {
  /** Client-made when written offline (the mutator). */
  id?: string;
  message: string;
  is_public: boolean;
}

export async function addRequestComment(deps: AppDeps, tx: Tx, actor: Actor, requestId: string, input: RequestCommentInput): Promise<ThreadMessageRow> {
  const row = await getVisibleRequest(tx, actor, requestId);
  const now = deps.clock();
  const comment = await postThreadMessage(
    tx,
    { messages: requestComments, history: requestHistory },
    actor,
    { id: input.id, hoaId: row.hoaId, parentId: row.id, message: input.message, isPublic: input.is_public, at: now },
    { message: REQUEST_HISTORY.messageAdded, internalNote: REQUEST_HISTORY.internalNoteAdded },
  );
  // The value shows the thread: a new version carries the message to every reader.
  const [updated] = await requestRows.update(deps, tx, and(eq(requests.id, row.id), eq(requests.hoaId, row.hoaId))!, { updatedAt: now });
  if (comment.isPublic && comment.isStaff) await mailRequestUpdate(deps, tx, updated, actor, comment.message);
  return comment;
}
