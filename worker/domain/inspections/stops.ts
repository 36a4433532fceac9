/**
 * Marking a stop and undoing a mark. Each stop is done once: the first outcome stays, a second is
 * refused (409) with the name of whoever was first; the update itself is conditional on the stop
 * being open, so two pushes racing cannot both win. Undo: the board member who marked it, while the
 * round is open.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { INSPECTION_MESSAGES, inspectionPolicy, stopIdOf, type StopMark } from '../../../schema/inspections';
import { inspectionStops, users, violations } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { conflict, forbidden, invalidField, notFound } from '../errors';
import { getVisibleRound, requireInspector } from './rounds';
import { stopRows } from './sync';

async function stopOf(tx: Tx, hoaId: string, roundId: string, addressId: string) {
  const [stop] = await tx
    .select({ id: inspectionStops.id, outcome: inspectionStops.outcome, doneById: inspectionStops.doneBy, doneByName: users.name })
    .from(inspectionStops)
    .leftJoin(users, and(eq(users.id, inspectionStops.doneBy), eq(users.hoaId, inspectionStops.hoaId)))
    .where(and(eq(inspectionStops.hoaId, hoaId), eq(inspectionStops.id, stopIdOf(roundId, addressId))))
    .limit(1);
  if (!stop) throw notFound(INSPECTION_MESSAGES.stopNotFound);
  return { ...stop, doneBy: stop.doneById ? { id: stop.doneById, name: stop.doneByName ?? 'Unknown User' } : null };
}

/** `outcome: null` undoes the actor's own mark; otherwise marks the stop done (once). */
export async function markStop(deps: AppDeps, tx: Tx, actor: Actor, roundId: string, addressId: string, mark: StopMark): Promise<void> {
  requireInspector(actor);
  const round = await getVisibleRound(tx, actor, roundId);
  const stop = await stopOf(tx, round.hoaId, round.id, addressId);
  const where = and(eq(inspectionStops.hoaId, round.hoaId), eq(inspectionStops.id, stop.id))!;
  if (mark.outcome === null) {
    if (!stop.outcome) return;
    if (!inspectionPolicy.isOpen(round)) throw conflict(INSPECTION_MESSAGES.roundFinished);
    if (!inspectionPolicy.mayUndo(round, stop, actor.userId)) throw forbidden(INSPECTION_MESSAGES.undoNotAllowed);
    await stopRows.update(deps, tx, where, { outcome: null, violationId: null, doneBy: null, doneAt: null });
    return;
  }
  const refusal = inspectionPolicy.markRefusal(round, stop);
  if (refusal) throw conflict(refusal);
  let violationId: string | null = null;
  if (mark.outcome === 'violation') {
    const [v] = await tx.select({ id: violations.id }).from(violations).where(and(eq(violations.hoaId, round.hoaId), eq(violations.id, mark.violation_id ?? ''))).limit(1);
    if (!v) throw invalidField('violation_id', INSPECTION_MESSAGES.violationNotFound);
    violationId = v.id;
  }
  const [marked] = await stopRows.update(deps, tx, and(where, isNull(inspectionStops.outcome))!, { outcome: mark.outcome, violationId, doneBy: actor.userId, doneAt: deps.clock() });
  if (!marked) throw conflict(INSPECTION_MESSAGES.alreadyInspected('another board member'));
}
