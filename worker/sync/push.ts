/**
 * Replicache push: mutations applied exactly once and in order, in short slices (a few mutations per
 * write transaction, see PUSH_LIMITS) so that one client's backlog never holds the one writer long.
 * Each mutation runs in its own savepoint inside its slice's transaction; its domain call is the
 * area's (`deps.areas.mutators`).
 *
 * - ids at or below the client's lastMutationID were processed already: skipped;
 * - an id beyond the next one means a gap (lost request): stop, the client resends;
 * - a mutator that throws a domain error (AppError, bad arguments, unknown name) is rejected:
 *   its writes roll back (savepoint), lastMutationID still advances, and a notice for the user
 *   records the rejection and syncs back;
 * - a temporary failure (database busy or unreachable) stops without advancing: the client
 *   retries the same mutation later;
 * - a push stops at its cap (mutations, time) or the user's per-minute budget and answers 200 for
 *   the prefix it applied, `unprocessed` saying how many wait: the app's pusher sends them next.
 */
import { eq, sql } from 'drizzle-orm';
import type { PushResponse } from 'replicache';
import { z } from 'zod';
import { syncClientGroups, syncClients } from '../../schema/tables';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import { AppError, forbidden, isTemporaryError, TemporaryError } from '../domain/errors';
import { budgetLeft, countIn, type RateRule } from '../services/rate-limit';
import { hoaLapsed, lapsedRefusal } from '../domain/subscriptions/lapsed';
import { argsWithinBounds, clipSubject, isMutatorName, mutatorRefusal, mutatorSubject, parseMutatorArgs, summarizeArgs, type MutatorName } from '../../sync/mutators';
import { sharedSyncAreas } from '../../sync/areas';
import type { ServerMutator } from '../kit/server-area';
import { rowValuesSql } from './values';
import { createClientGroup, findClientGroup, forgetIdleClients, limitNewGroups, type ClientGroup } from './groups';
import { recordRejection } from './notices';

export const pushRequestSchema = z.object({
  pushVersion: z.number(),
  clientGroupID: z.string().min(1).max(128),
  profileID: z.string().max(128).optional(),
  schemaVersion: z.string().max(64).optional(),
  mutations: z
    .array(
      z.object({
        id: z.number().int().positive(),
        clientID: z.string().min(1).max(128),
        name: z.string().max(100),
        args: z.unknown(),
        timestamp: z.number(),
      }),
    )
    .max(1000),
});
export type PushRequestBody = z.infer<typeof pushRequestSchema>;
export type PushMutation = PushRequestBody['mutations'][number];

/** Thrown to stop a push without advancing: the client retries the mutation later. */
export class TemporaryPushError extends TemporaryError {}
/** The classification lives with the app's errors (REST answers the same failures 503); re-exported here. */
export { isTemporaryError };

/** Why a mutation was refused, in words the user can read. */
function rejectionMessage(e: unknown): string {
  if (e instanceof AppError) return e.message;
  if (e instanceof z.ZodError) return e.issues[0]?.message ?? 'Invalid change';
  console.error('push: mutator failed', e);
  return 'This change could not be saved.';
}

async function applyMutation(deps: AppDeps, tx: Tx, actor: Actor, m: PushMutation, lapsed: boolean): Promise<void> {
  // The name is client text: it is neither echoed in the message nor stored (see processMutation).
  if (!isMutatorName(m.name)) throw new AppError(400, 'Unknown change type');
  // A lapsed HOA reads but does not write (schema/subscriptions.ts): the change is refused with a notice.
  if (lapsed) throw lapsedRefusal();
  const name: MutatorName = m.name;
  if (!argsWithinBounds(m.args)) throw new AppError(400, 'This change is too large to save.');
  // The area's policy first: a change this role may not make is refused before its arguments are parsed.
  const refusal = mutatorRefusal(name, actor.role);
  if (refusal) throw forbidden(refusal);
  const args = parseMutatorArgs(name, m.args);
  await (deps.areas.mutators[name] as ServerMutator<MutatorName>)(deps, tx, actor, args);
}

type Outcome = 'applied' | 'rejected' | 'skipped' | 'future';

/** The clients of one slice, read once and written once at its end. */
type ClientRow = typeof syncClients.$inferSelect;

/** Clients (a tab each) one group keeps; a new one beyond it forgets the least recently active. */
export const MAX_CLIENTS_PER_GROUP = 48;

async function clientOf(tx: Tx, clients: Map<string, ClientRow>, group: ClientGroup, clientId: string, now: number): Promise<ClientRow> {
  let client = clients.get(clientId);
  if (client) return client;
  [client] = await tx.select().from(syncClients).where(eq(syncClients.id, clientId)).limit(1);
  if (client && client.clientGroupId !== group.id) throw forbidden('This client belongs to another client group');
  if (!client) {
    await forgetIdleClients(tx, group.id, MAX_CLIENTS_PER_GROUP - 1);
    [client] = await tx.insert(syncClients).values({ id: clientId, clientGroupId: group.id, lastMutationId: 0, clientVersion: 0, updatedAt: now }).returning();
  }
  clients.set(clientId, client);
  return client;
}

/**
 * What a refused change was about when its arguments name only a row (`{ id }`, e.g. Send
 * announcement): that row's title, read through its area's value as the actor sees it (another
 * HOA's row, or one hidden from them, gives none). Rows without a title give none.
 */
async function rowSubject(deps: AppDeps, tx: Tx, actor: Actor, name: MutatorName, args: unknown): Promise<string | null> {
  const id = (args as { id?: unknown } | null)?.id;
  const shared = sharedSyncAreas.find((a) => name in a.mutators);
  if (typeof id !== 'string' || !shared) return null;
  for (const space of shared.spaces) {
    const area = deps.areas.syncAreaOf(space);
    if (!area) continue;
    const [row] = await tx.all<{ json: string }>(rowValuesSql(area, actor, sql`SELECT ${id} AS row_id`));
    const title = row ? (JSON.parse(row.json) as { title?: unknown }).title : undefined;
    if (row) return typeof title === 'string' ? clipSubject(title) : null;
  }
  return null;
}

/** One mutation, in a savepoint: a refusal leaves none of its writes (and none of its after-commit hooks) behind. */
async function processMutation(deps: AppDeps, tx: Tx, actor: Actor, client: ClientRow, m: PushMutation, lapsed: boolean): Promise<Outcome> {
  const expected = client.lastMutationId + 1;
  if (m.id < expected) return 'skipped';
  if (m.id > expected) return 'future';
  let outcome: Outcome = 'applied';
  try {
    await deps.database.savepoint(tx, (sp) => applyMutation(deps, sp, actor, m, lapsed));
  } catch (e) {
    if (isTemporaryError(e)) throw new TemporaryPushError(String((e as Error)?.message ?? e), { cause: e });
    outcome = 'rejected';
    await recordRejection(deps, tx, actor, {
      clientId: m.clientID,
      mutationId: m.id,
      mutationName: isMutatorName(m.name) ? m.name : 'unknown',
      argsSummary: summarizeArgs(m.args),
      message: rejectionMessage(e),
      subject: isMutatorName(m.name) && argsWithinBounds(m.args) ? (mutatorSubject(m.name, m.args) ?? (await rowSubject(deps, tx, actor, m.name, m.args))) : null,
    });
  }
  client.lastMutationId = m.id;
  return outcome;
}

export interface PushResult {
  response?: PushResponse;
  applied: number;
  rejected: number;
  skipped: number;
  /**
   * Mutations of this push left for the client's next one: the push reached its cap (PUSH_LIMITS)
   * or stopped early. Replicache lets the server apply a prefix; the app's pusher sends the rest at once.
   */
  unprocessed: number;
  /** Stopped at a mutation from the future or a temporary failure. */
  stopped: 'future' | 'temporary' | null;
}

/**
 * What one push may cost, so that one client cannot hold the one writer: a push commits in slices
 * (each a transaction of a few mutations, other writers' transactions queue between them) and stops
 * at its cap, answering 200 for the prefix it applied. A user's pushes share a per-minute budget.
 */
export const PUSH_LIMITS = {
  /** Mutations one push applies at most; the rest wait for the client's next push. */
  mutations: 250,
  /** Wall-clock work one push does at most before it answers (checked between mutations). */
  ms: 2_000,
  /** One slice (one write transaction): at most this many mutations… */
  sliceMutations: 16,
  /** …or this long, whichever comes first; then the writer goes to whoever waits. */
  sliceMs: 12,
};

/** Mutations one user may have processed per minute, over all their clients and pushes. */
export const PUSH_RATE: RateRule = { name: 'push:user', limit: 1_200, windowMs: 60_000 };
export const PUSH_RATE_MESSAGE = 'Too many changes at once. The rest will be sent in a moment.';

const elapsedSince = (start: number) => performance.now() - start;
/** Lets whatever waits for the event loop (and for the writer) go before the next slice. */
const yieldToOthers = () => new Promise<void>((ok) => setImmediate(ok));

/**
 * One slice: mutations from `from` on, in one write transaction, until the slice's share (count,
 * time), the push's budget or a stop. The group, its clients and their lastMutationIDs are read
 * again in every slice, so two pushes of one client that interleave still apply each mutation once
 * and in order. Returns the index of the first mutation it did not look at.
 */
async function pushSlice(deps: AppDeps, actor: Actor, body: PushRequestBody, from: number, budget: number, result: PushResult): Promise<number> {
  return deps.database.transaction(async (tx) => {
    const sliceStart = performance.now();
    const now = deps.clock();
    const groupId = body.clientGroupID;
    const group = (await findClientGroup(tx, actor, groupId)) ?? (await createClientGroup(tx, actor, groupId, now));
    const clients = new Map<string, ClientRow>();
    const lapsed = await hoaLapsed(tx, actor.hoaId);
    const changed = new Set<ClientRow>();
    let processed = 0;
    let i = from;
    for (; i < body.mutations.length; i++) {
      if (processed >= Math.min(budget, PUSH_LIMITS.sliceMutations) || (processed > 0 && elapsedSince(sliceStart) >= PUSH_LIMITS.sliceMs)) break;
      const m = body.mutations[i];
      const client = await clientOf(tx, clients, group, m.clientID, now);
      const outcome = await processMutation(deps, tx, actor, client, m, lapsed);
      if (outcome === 'future') {
        result.stopped = 'future';
        break;
      }
      result[outcome]++;
      if (outcome === 'skipped') continue;
      processed++;
      changed.add(client);
    }
    if (changed.size === 0) return i;
    // Each processed mutation moves the group's client version; a pull sends the lastMutationIDs of clients that changed since its cookie.
    const clientVersion = group.clientVersion + processed;
    await tx.update(syncClientGroups).set({ clientVersion, updatedAt: now }).where(eq(syncClientGroups.id, groupId));
    for (const client of changed) {
      await tx.update(syncClients).set({ lastMutationId: client.lastMutationId, clientVersion, updatedAt: now }).where(eq(syncClients.id, client.id));
    }
    await countIn(tx, PUSH_RATE, actor.userId, now, processed);
    return i;
  });
}

export async function handlePush(deps: AppDeps, caller: Actor, body: PushRequestBody): Promise<PushResult> {
  // The activity trail names the client group a change was pushed from.
  const actor: Actor = { ...caller, device: { userAgent: caller.device?.userAgent ?? null, clientGroupId: body.clientGroupID } };
  const result: PushResult = { applied: 0, rejected: 0, skipped: 0, unprocessed: 0, stopped: null };
  if (body.pushVersion !== 1) return { ...result, response: { error: 'VersionNotSupported', versionType: 'push' } };
  const pushStart = performance.now();
  let next = 0;
  try {
    await limitNewGroups(deps, actor, body.clientGroupID);
    // What is left of the user's minute (429 once spent): read without the writer.
    const left = body.mutations.length > 0 ? await budgetLeft(deps.database.db, PUSH_RATE, actor.userId, deps.clock(), PUSH_RATE_MESSAGE) : 0;
    const allowed = Math.min(PUSH_LIMITS.mutations, left);
    while (next < body.mutations.length && !result.stopped) {
      const budget = allowed - result.applied - result.rejected;
      if (budget <= 0 || elapsedSince(pushStart) >= PUSH_LIMITS.ms) break;
      next = await pushSlice(deps, actor, body, next, budget, result);
      if (next < body.mutations.length) await yieldToOthers();
    }
  } catch (e) {
    if (!(e instanceof TemporaryPushError) && !isTemporaryError(e)) throw e;
    // The slice that failed left nothing behind; the slices before it stand. The client sends the rest again.
    result.stopped = 'temporary';
  } finally {
    // The pushing user's clients learn the new lastMutationIDs on their next pull.
    if (result.applied + result.rejected > 0) deps.pokes?.poke({ userIds: [actor.userId] });
  }
  result.unprocessed = result.stopped === 'future' ? 0 : body.mutations.length - next;
  return result;
}
