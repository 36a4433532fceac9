/**
 * Reading rounds over REST, built from the values the pull sends (`roundValuesSql`, `stopValuesSql`),
 * so REST and the cache say the same. The list carries each round's progress; one round carries its
 * stops in walking order and its summary (schema/inspections.ts `summarizeStops`, as the screen computes it).
 */
import { and, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { summarizeStops } from '../../../schema/inspections';
import { restAnswer, restShape } from '../../../schema/rest-shape';
import { inspectionRounds, inspectionStops } from '../../../schema/tables';
import { ROUND_REST, STOP_REST, type ApiRound, type ApiRoundDetail, type SyncedRound, type SyncedStop } from '../../../sync/areas/inspections';
import type { DbOrTx } from '../../db';
import type { Actor } from '../actor';
import { getVisibleRound, requireInspector } from './rounds';
import { roundValuesSql, stopValuesSql, visibleRounds } from './sync';

export type { ApiRound, ApiRoundDetail, ApiStop } from '../../../sync/areas/inspections';

async function valuesOf<V>(db: DbOrTx, statement: SQL): Promise<V[]> {
  const rows: { id: string; json: string }[] = await db.all(statement);
  return rows.map((r) => JSON.parse(r.json) as V);
}

/** Done and total stops per round of `roundIds`. */
async function progressOf(db: DbOrTx, hoaId: string, where: SQL): Promise<Map<string, { done: number; total: number }>> {
  const rows = await db
    .select({ roundId: inspectionStops.roundId, total: count(), done: count(sql`CASE WHEN ${isNotNull(inspectionStops.outcome)} THEN 1 END`) })
    .from(inspectionStops)
    .where(and(eq(inspectionStops.hoaId, hoaId), where))
    .groupBy(inspectionStops.roundId);
  return new Map(rows.map((r) => [r.roundId, { done: r.done, total: r.total }]));
}

const toApiRound = (r: SyncedRound, progress?: { done: number; total: number }): ApiRound => ({
  ...restAnswer(r, ROUND_REST),
  stops_done: progress?.done ?? 0,
  stops_total: progress?.total ?? 0,
});

/** GET /api/inspections: the HOA's rounds, newest first (created, then id), with their progress. */
export async function listRounds(db: DbOrTx, actor: Actor): Promise<{ docs: ApiRound[] }> {
  requireInspector(actor);
  const ids = sql`SELECT ${inspectionRounds.id} AS row_id FROM ${inspectionRounds} WHERE ${visibleRounds(actor)}`;
  const rounds = await valuesOf<SyncedRound>(db, roundValuesSql(actor, ids));
  rounds.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const progress = await progressOf(db, actor.hoaId, sql`1`);
  return { docs: rounds.map((r) => toApiRound(r, progress.get(r.id))) };
}

/** GET /api/inspections/:id: the round, its stops in walking order, its summary. */
export async function getRound(db: DbOrTx, actor: Actor, id: string): Promise<ApiRoundDetail> {
  requireInspector(actor);
  const round = await getVisibleRound(db, actor, id);
  const [value] = await valuesOf<SyncedRound>(db, roundValuesSql(actor, sql`SELECT ${round.id} AS row_id`));
  const stopIds = sql`SELECT ${inspectionStops.id} AS row_id FROM ${inspectionStops} WHERE ${and(eq(inspectionStops.hoaId, round.hoaId), eq(inspectionStops.roundId, round.id))}`;
  const stops = (await valuesOf<SyncedStop>(db, stopValuesSql(actor, stopIds))).sort((a, b) => a.position - b.position);
  const summary = summarizeStops(stops);
  return { ...toApiRound(value, { done: stops.filter((s) => s.outcome).length, total: stops.length }), stops: stops.map((s) => restAnswer(s, STOP_REST)), summary: restShape(summary) };
}
