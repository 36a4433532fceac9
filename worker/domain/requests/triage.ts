/**
 * The board's work on a request: the status (any to any), the assignee, the
 * resolution deadline and notes. The role first (403 for residents whatever the row), then the row
 * (404 when not visible). Each change is a line of Activity History; a new status mails the resident.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { REQUEST_HISTORY, REQUEST_MESSAGES, requestPolicy, type RequestStatus, type RequestUpdate } from '../../../schema/requests';
import { PRIVILEGED_ROLES } from '../../../schema/roles';
import { requestHistory, requests, users } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { forbidden, invalidField } from '../errors';
import { recordHistory } from '../threads';
import { activeMembers } from '../members';
import { mailRequestUpdate } from './emails';
import { getVisibleRequest, type RequestRow } from './read';
import { requestRows } from './sync';

function requireTriage(actor: Actor) {
  if (!requestPolicy.mayTriage(actor.role)) throw forbidden(REQUEST_MESSAGES.boardOnly);
}

/** The condition that selects this request: its id, in its HOA. */
const whereRequestIs = (row: RequestRow) => and(eq(requests.id, row.id), eq(requests.hoaId, row.hoaId))!;

/** Sets the status. Choosing the current one changes nothing (no history, no mail). */
export async function setRequestStatus(deps: AppDeps, tx: Tx, actor: Actor, id: string, status: RequestStatus): Promise<RequestRow> {
  requireTriage(actor);
  const row = await getVisibleRequest(tx, actor, id);
  if (!requestPolicy.isStatusChange(row, status)) return row;
  const now = deps.clock();
  const [updated] = await requestRows.update(deps, tx, whereRequestIs(row), { status, updatedAt: now });
  await recordHistory(tx, requestHistory, actor, { hoaId: row.hoaId, parentId: row.id, action: REQUEST_HISTORY.statusChanged(row.status, status), at: now });
  await mailRequestUpdate(deps, tx, updated, actor);
  return updated;
}

export type TriageFields = Pick<RequestUpdate, 'assigned_to' | 'resolution_deadline' | 'resolution_notes'>;

/** The assignee must be an active board member or superadmin of the HOA. */
async function assigneeName(tx: Tx, hoaId: string, userId: string): Promise<string> {
  const [user] = await tx.select({ name: users.name }).from(users).where(activeMembers(hoaId, eq(users.id, userId), inArray(users.role, PRIVILEGED_ROLES))).limit(1);
  if (!user) throw invalidField('assigned_to', REQUEST_MESSAGES.assigneeInvalid);
  return user.name;
}

/**
 * Assignee, resolution deadline and notes; a field left out (undefined) stays, null clears it. The
 * assignment is internal (residents do not see the assignee): its history line too.
 */
export async function updateRequestTriage(deps: AppDeps, tx: Tx, actor: Actor, id: string, fields: TriageFields): Promise<RequestRow> {
  requireTriage(actor);
  const row = await getVisibleRequest(tx, actor, id);
  const now = deps.clock();
  const set: Partial<Pick<RequestRow, 'assignedTo' | 'resolutionDeadline' | 'resolutionNotes'>> = {};
  const lines: { action: string; isPublic: boolean }[] = [];
  if (fields.assigned_to !== undefined && fields.assigned_to !== row.assignedTo) {
    set.assignedTo = fields.assigned_to;
    const action = fields.assigned_to ? REQUEST_HISTORY.assigned(await assigneeName(tx, row.hoaId, fields.assigned_to)) : REQUEST_HISTORY.unassigned;
    lines.push({ action, isPublic: false });
  }
  if (fields.resolution_deadline !== undefined && fields.resolution_deadline !== row.resolutionDeadline) {
    set.resolutionDeadline = fields.resolution_deadline;
    lines.push({ action: fields.resolution_deadline === null ? REQUEST_HISTORY.deadlineRemoved : REQUEST_HISTORY.deadlineSet(fields.resolution_deadline), isPublic: true });
  }
  if (fields.resolution_notes !== undefined && fields.resolution_notes !== row.resolutionNotes) {
    set.resolutionNotes = fields.resolution_notes;
    lines.push({ action: fields.resolution_notes === null ? REQUEST_HISTORY.notesRemoved : REQUEST_HISTORY.notesUpdated, isPublic: true });
  }
  if (lines.length === 0) return row;
  const [updated] = await requestRows.update(deps, tx, whereRequestIs(row), { ...set, updatedAt: now });
  for (const line of lines) await recordHistory(tx, requestHistory, actor, { hoaId: row.hoaId, parentId: row.id, at: now, ...line });
  return updated;
}

/** `PUT /api/requests/:id`: the status and the board's fields in one transaction. */
export async function updateRequest(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: RequestUpdate): Promise<void> {
  requireTriage(actor);
  if (input.status !== undefined) await setRequestStatus(deps, tx, actor, id, input.status);
  const { status: _status, ...fields } = input;
  if (Object.values(fields).some((v) => v !== undefined)) await updateRequestTriage(deps, tx, actor, id, fields);
}
