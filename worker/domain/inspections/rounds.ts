/**
 * Starting a round and changing its status. Board and superadmin only (403 first), then the round
 * through `visibleRounds` (404 for another HOA's), then the state (409 once finished). A round's
 * stops are the HOA's synced address directory when it starts, in walking order (`roundStopsOf`).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { INSPECTION_MESSAGES, inspectionPolicy, roundStopsOf, type RoundForm, type RoundStatus } from '../../../schema/inspections';
import { inspectionRounds, inspectionStops } from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { directoryValues } from '../addresses';
import { conflict, forbidden, notFound } from '../errors';
import { roundIs, roundRows, stopRows, visibleRounds } from './sync';

export type RoundRow = typeof inspectionRounds.$inferSelect;

export function requireInspector(actor: Actor) {
  if (!inspectionPolicy.mayManage(actor.role)) throw forbidden(INSPECTION_MESSAGES.boardOnly);
}

/** One round the actor may see, or 404 (also another HOA's). */
export async function getVisibleRound(db: DbOrTx, actor: Actor, id: string): Promise<RoundRow> {
  const [row] = await db.select().from(inspectionRounds).where(and(visibleRounds(actor), eq(inspectionRounds.id, id))).limit(1);
  if (!row) throw notFound(INSPECTION_MESSAGES.notFound);
  return row;
}

/** Rows per insert of stops (a directory of thousands stays under SQLite's bound-variable limit). */
const STOPS_PER_INSERT = 500;

/** Starts a round; `id` comes from the client for offline starts (the mutator), REST leaves it out. */
export async function startRound(deps: AppDeps, tx: Tx, actor: Actor, input: RoundForm & { id?: string }): Promise<RoundRow> {
  requireInspector(actor);
  const id = input.id ?? newId();
  if (input.id) {
    const [taken] = await tx.select({ id: inspectionRounds.id }).from(inspectionRounds).where(eq(inspectionRounds.id, id)).limit(1);
    if (taken) throw conflict(INSPECTION_MESSAGES.idTaken);
  }
  const now = deps.clock();
  const [round] = await roundRows.insert(deps, tx, {
    id,
    hoaId: actor.hoaId,
    title: input.title.trim(),
    date: input.date,
    status: 'in_progress',
    startedBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  // The synced directory, as the board's devices hold it: a round started offline built the same stops.
  const stops = roundStopsOf(id, await directoryValues(tx, actor)).map((stop) => ({ ...stop, hoaId: actor.hoaId }));
  for (let i = 0; i < stops.length; i += STOPS_PER_INSERT) await stopRows.insert(deps, tx, stops.slice(i, i + STOPS_PER_INSERT));
  return round;
}

/**
 * Pause, Resume, Finish Round. Finishing marks the stops left Not inspected. The current status
 * again changes nothing; a finished round changes no more (409).
 */
export async function setRoundStatus(deps: AppDeps, tx: Tx, actor: Actor, id: string, status: RoundStatus): Promise<RoundRow> {
  requireInspector(actor);
  const round = await getVisibleRound(tx, actor, id);
  if (!inspectionPolicy.isOpen(round)) throw conflict(INSPECTION_MESSAGES.roundFinished);
  if (!inspectionPolicy.isStatusChange(round, status)) return round;
  const now = deps.clock();
  const finished = status === 'finished';
  const [updated] = await roundRows.update(deps, tx, roundIs(round.hoaId, round.id), {
    status,
    finishedBy: finished ? actor.userId : null,
    finishedAt: finished ? now : null,
    updatedAt: now,
  });
  if (finished) {
    const left = and(eq(inspectionStops.hoaId, round.hoaId), eq(inspectionStops.roundId, round.id), isNull(inspectionStops.outcome))!;
    await stopRows.update(deps, tx, left, { outcome: 'not_inspected', doneAt: now });
  }
  return updated;
}
