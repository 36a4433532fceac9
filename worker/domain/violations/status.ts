/**
 * The board's status control and resolution: any of the five statuses at any
 * time; resolving records who resolved it and when, with optional notes (the resolution card); leaving
 * resolved clears the resolution (Activity History keeps the trail). The role first (403 for residents
 * whatever the row), then the row (404 when not visible). A new status mails the resident.
 */
import { and, eq } from 'drizzle-orm';
import { violationHistory, violations } from '../../../schema/tables';
import { VIOLATION_HISTORY, VIOLATION_MESSAGES, VIOLATION_STATUS_LABELS, violationPolicy, type ViolationStatusUpdate } from '../../../schema/violations';
import { isCaseOpen } from '../../../schema/violation-fines';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { recordActivity } from '../activity';
import { forbidden, invalidField } from '../errors';
import { recordHistory } from '../threads';
import { mailViolationUpdate } from './emails';
import { getVisibleViolation, type ViolationRow } from './read';
import { violationRows } from './sync';

/** Sets the status (and the resolution's notes when resolving). Choosing what is already there changes nothing: no history, no mail. */
export async function setViolationStatus(deps: AppDeps, tx: Tx, actor: Actor, id: string, input: ViolationStatusUpdate): Promise<ViolationRow> {
  if (!violationPolicy.mayChangeStatus(actor.role)) throw forbidden(VIOLATION_MESSAGES.boardOnly);
  // The schema refuses it too; the domain holds the rule for every caller.
  if (input.resolution_notes != null && input.status !== 'resolved') throw invalidField('resolution_notes', VIOLATION_MESSAGES.notesNeedResolved);
  const row = await getVisibleViolation(tx, actor, id);
  if (!violationPolicy.isChange(row, input.status, input.resolution_notes)) return row;
  const now = deps.clock();
  const statusChanged = row.status !== input.status;
  const notesBefore = row.resolutionNotes;
  const notes = input.resolution_notes === undefined ? notesBefore : input.resolution_notes;
  const resolution =
    input.status !== 'resolved'
      ? { resolvedBy: null, resolvedAt: null, resolutionNotes: null }
      : statusChanged
        ? { resolvedBy: actor.userId, resolvedAt: now, resolutionNotes: notes }
        : { resolutionNotes: notes };
  const [updated] = await violationRows.update(deps, tx, and(eq(violations.id, row.id), eq(violations.hoaId, row.hoaId))!, {
    status: input.status,
    ...resolution,
    // A resolved or dismissed case stops its repeating fine.
    ...(isCaseOpen(input.status) ? {} : { nextFineAt: null }),
    updatedAt: now,
  });
  const line = (action: string) => recordHistory(tx, violationHistory, actor, { hoaId: row.hoaId, parentId: row.id, action, at: now });
  if (statusChanged) await line(VIOLATION_HISTORY.statusChanged(row.status, input.status));
  if (input.status === 'resolved' && notes !== notesBefore) await line(notesBefore ? VIOLATION_HISTORY.notesUpdated : VIOLATION_HISTORY.notesAdded);
  if (statusChanged) {
    const resolved = input.status === 'resolved';
    const summary = `${resolved ? 'Resolved' : `Set ${VIOLATION_STATUS_LABELS[input.status]}:`} the violation "${row.title}"`;
    await recordActivity(deps, tx, actor, { action: resolved ? 'violation.resolved' : 'violation.status_changed', summary, entity: 'violation', entityId: row.id, before: { status: row.status }, after: { status: input.status, ...(resolved && notes ? { resolution_notes: notes } : {}) } });
    await mailViolationUpdate(deps, tx, updated, actor);
  }
  return updated;
}
