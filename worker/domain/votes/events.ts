/**
 * The append-only log of a vote: every event with its time and actor (null: the server's job). The
 * migration's triggers refuse any UPDATE or DELETE of it. A secret ballot's cast says who cast it,
 * never what they chose; an open ballot's says both.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { users, voteEvents } from '../../../schema/tables';
import type { VoteEventType } from '../../../schema/votes';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';

export interface VoteEventInput {
  hoaId: string;
  voteId: string;
  type: VoteEventType;
  actorId: string | null;
  detail?: Record<string, unknown> | null;
}

export async function recordVoteEvent(deps: Pick<AppDeps, 'clock'>, tx: Tx, e: VoteEventInput): Promise<void> {
  await tx.insert(voteEvents).values({ id: newId(), hoaId: e.hoaId, voteId: e.voteId, type: e.type, actorId: e.actorId, at: deps.clock(), detail: e.detail ?? null });
}

export interface ApiVoteEvent {
  _id: string;
  type: VoteEventType;
  at: string;
  actor: { _id: string; name: string } | null;
  detail: Record<string, unknown> | null;
}

/** The log of one vote, oldest first (the caller checked the vote and the role). */
export async function voteEventsOf(db: DbOrTx, hoaId: string, voteId: string): Promise<ApiVoteEvent[]> {
  const rows = await db
    .select({ id: voteEvents.id, type: voteEvents.type, at: voteEvents.at, actorId: voteEvents.actorId, actorName: users.name, detail: voteEvents.detail })
    .from(voteEvents)
    .leftJoin(users, and(eq(users.id, voteEvents.actorId), eq(users.hoaId, voteEvents.hoaId)))
    .where(and(eq(voteEvents.hoaId, hoaId), eq(voteEvents.voteId, voteId)))
    .orderBy(asc(voteEvents.at), sql`${voteEvents}.rowid`);
  return rows.map((r) => ({
    _id: r.id,
    type: r.type,
    at: new Date(r.at).toISOString(),
    actor: r.actorId ? { _id: r.actorId, name: r.actorName ?? 'Unknown User' } : null,
    detail: r.detail ?? null,
  }));
}
