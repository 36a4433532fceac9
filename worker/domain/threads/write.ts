/**
 * The thread kit's writes: a message (sanitised, the staff rule, internal notes for the board only)
 * and a line of Activity History. The caller owns the record: it has checked the reader may see it,
 * and it gives the record a new version in the same transaction (its value shows the thread).
 */
import { eq } from 'drizzle-orm';
import { isRichTextEmpty } from '../../../schema/rich-text';
import { THREAD_MESSAGES, threadPolicy } from '../../../schema/threads';
import type { ThreadHistoryTable, ThreadMessagesTable } from '../../../schema/tables/threads';
import type { Tx } from '../../db';
import { sanitizeRichText } from '../../services/sanitize';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField } from '../errors';
import { attachmentValues, type IssuedUpload } from '../uploads';

export type ThreadMessageRow = ThreadMessagesTable['$inferSelect'];

export interface NewThreadMessage {
  /** Client-made for messages written offline; the server makes one otherwise. */
  id?: string;
  hoaId: string;
  parentId: string;
  message: string;
  isPublic: boolean;
  /** A file sent with the message: an upload the caller checked was issued to the HOA for its area. */
  attachment?: IssuedUpload | null;
  at: number;
}

/** Adds a message by `actor`. 403 for a resident's internal note, 400 for a message empty once sanitised, 409 for a taken id. */
export async function addThreadMessage(tx: Tx, table: ThreadMessagesTable, actor: Actor, input: NewThreadMessage): Promise<ThreadMessageRow> {
  if (!input.isPublic && !threadPolicy.mayPostInternal(actor.role)) throw forbidden(THREAD_MESSAGES.internalBoardOnly);
  const message = sanitizeRichText(input.message.trim());
  // A message of only a script or an image is empty once sanitised.
  if (isRichTextEmpty(message)) throw invalidField('message', THREAD_MESSAGES.empty);
  const id = input.id ?? newId();
  if (input.id) {
    // Ids are global: the same answer whether the taken id is in this HOA or another.
    const [taken] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    if (taken) throw conflict(THREAD_MESSAGES.idTaken);
  }
  const [row] = await tx
    .insert(table)
    .values({ id, hoaId: input.hoaId, parentId: input.parentId, authorId: actor.userId, isStaff: threadPolicy.isStaff(actor.role), message, isPublic: input.isPublic, ...(input.attachment ? attachmentValues(input.attachment) : {}), createdAt: input.at })
    .returning();
  return row;
}

/** The row of one line of Activity History by `actor` (the demo seed writes history at once with it). `isPublic` false: only the board reads it. */
export const historyRow = (actor: Pick<Actor, 'userId' | 'role'>, entry: { hoaId: string; parentId: string; action: string; at: number; isPublic?: boolean }) => ({
  id: newId(),
  hoaId: entry.hoaId,
  parentId: entry.parentId,
  userId: actor.userId,
  isStaff: threadPolicy.isStaff(actor.role),
  action: entry.action,
  isPublic: entry.isPublic ?? true,
  at: entry.at,
});

/** One line of Activity History by `actor`. `isPublic` false: only the board reads it. */
export async function recordHistory(tx: Tx, table: ThreadHistoryTable, actor: Pick<Actor, 'userId' | 'role'>, entry: Parameters<typeof historyRow>[1]): Promise<void> {
  await tx.insert(table).values(historyRow(actor, entry));
}

/**
 * A message with its Activity History line (`actions.message`, or `actions.internalNote` for an
 * internal note, a line residents do not see either).
 */
export async function postThreadMessage(
  tx: Tx,
  tables: { messages: ThreadMessagesTable; history: ThreadHistoryTable },
  actor: Actor,
  input: NewThreadMessage,
  actions: { message: string; internalNote: string },
): Promise<ThreadMessageRow> {
  const row = await addThreadMessage(tx, tables.messages, actor, input);
  const action = row.isPublic ? actions.message : actions.internalNote;
  await recordHistory(tx, tables.history, actor, { hoaId: input.hoaId, parentId: input.parentId, action, isPublic: row.isPublic, at: input.at });
  return row;
}
