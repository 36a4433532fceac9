/**
 * Replicache push: each mutation in its own transaction, applied exactly once and in order.
 *
 * - ids at or below the client's lastMutationID were processed already: skipped;
 * - an id beyond the next one means a gap (lost request): stop, the client resends;
 * - a mutator that throws a domain error (AppError, bad arguments, unknown name) is rejected:
 *   its writes roll back (savepoint), lastMutationID still advances, and a notice for the user
 *   records the rejection and syncs back;
 * - a temporary failure (database busy or unreachable) stops without advancing: the client
 *   retries the same mutation later.
 */
import { eq, sql } from 'drizzle-orm';
import type { PushResponse } from 'replicache';
import { z } from 'zod';
import { syncClientGroups, syncClients } from '../../schema/tables';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import { AppError, forbidden } from '../domain/errors';
import { hoaLapsed, lapsedRefusal } from '../domain/subscriptions/lapsed';
import { argsWithinBounds, clipSubject, isMutatorName, mutatorRefusal, mutatorSubject, parseMutatorArgs, summarizeArgs, type MutatorName } from '../../sync/mutators';
import { sharedSyncAreas } from '../../sync/areas';
import { serverSyncAreaOf } from '../areas/sync';
import { rowValuesSql } from './values';
import { serverMutators } from '../areas';
import type { ServerMutator } from '../areas/types';
import { createClientGroup, findClientGroup } from './groups';
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
export class TemporaryPushError extends Error {}

/** Error codes of the database driver (libSQL, Hrana) and the runtime's network that mean "try again". */
const TEMPORARY_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SERVER_ERROR',
  'HRANA_WEBSOCKET_ERROR',
  'HRANA_CLOSED_ERROR',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
]);
const isTemporaryCode = (code: unknown) =>
  typeof code === 'string' && (TEMPORARY_CODES.has(code) || /^SQLITE_(BUSY|LOCKED|IOERR)_/.test(code) || code.startsWith('UND_ERR_'));
/** What runtimes say when a fetch (Hrana over HTTP) never got an answer: fixed texts, never the client's. */
const NETWORK_FAILURES = new Set(['fetch failed', 'Network connection lost.']);

/**
 * Database busy, locked or unreachable: worth retrying as is. Decided by error type and driver
 * code only: a refusal (AppError, invalid arguments) never is, and no message text that could carry
 * what a client sent takes part.
 */
export function isTemporaryError(e: unknown): boolean {
  if (e instanceof AppError || e instanceof z.ZodError || e instanceof TemporaryPushError) return e instanceof TemporaryPushError;
  for (let err: any = e, depth = 0; err && typeof err === 'object' && depth < 5; err = err.cause, depth++) {
    if (isTemporaryCode(err.code)) return true;
    if (err instanceof TypeError && NETWORK_FAILURES.has(err.message)) return true;
  }
  return false;
}

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
  await (serverMutators[name] as ServerMutator<MutatorName>)(deps, tx, actor, args);
}

type Outcome = 'applied' | 'rejected' | 'skipped' | 'future';

/** The clients of one push, read once and written once at the end. */
type ClientRow = typeof syncClients.$inferSelect;

async function clientOf(tx: Tx, clients: Map<string, ClientRow>, groupId: string, clientId: string, now: number): Promise<ClientRow> {
  let client = clients.get(clientId);
  if (client) return client;
  [client] = await tx.select().from(syncClients).where(eq(syncClients.id, clientId)).limit(1);
  if (client && client.clientGroupId !== groupId) throw forbidden('This client belongs to another client group');
  client ??= (await tx.insert(syncClients).values({ id: clientId, clientGroupId: groupId, lastMutationId: 0, clientVersion: 0, updatedAt: now }).returning())[0];
  clients.set(clientId, client);
  return client;
}

/**
 * What a refused change was about when its arguments name only a row (`{ id }`, e.g. Send
 * announcement): that row's title, read through its area's value as the actor sees it (another
 * HOA's row, or one hidden from them, gives none). Rows without a title give none.
 */
async function rowSubject(tx: Tx, actor: Actor, name: MutatorName, args: unknown): Promise<string | null> {
  const id = (args as { id?: unknown } | null)?.id;
  const shared = sharedSyncAreas.find((a) => name in a.mutators);
  if (typeof id !== 'string' || !shared) return null;
  for (const space of shared.spaces) {
    const area = serverSyncAreaOf(space);
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
      subject: isMutatorName(m.name) && argsWithinBounds(m.args) ? (mutatorSubject(m.name, m.args) ?? (await rowSubject(tx, actor, m.name, m.args))) : null,
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
  /** Stopped at a mutation from the future or a temporary failure. */
  stopped: 'future' | 'temporary' | null;
}

export async function handlePush(deps: AppDeps, actor: Actor, body: PushRequestBody): Promise<PushResult> {
  const result: PushResult = { applied: 0, rejected: 0, skipped: 0, stopped: null };
  if (body.pushVersion !== 1) return { ...result, response: { error: 'VersionNotSupported', versionType: 'push' } };
  try {
    // One write transaction for the whole push (a savepoint per mutation keeps each one's own
    // rollback and refusal): per-mutation transactions capped a client at a few hundred a second.
    await deps.database.transaction(async (tx) => {
      const now = deps.clock();
      const groupId = body.clientGroupID;
      const group = (await findClientGroup(tx, actor, groupId)) ?? (await createClientGroup(tx, actor, groupId, now));
      const clients = new Map<string, ClientRow>();
      const lapsed = await hoaLapsed(tx, actor.hoaId);
      const changed = new Set<ClientRow>();
      for (const m of body.mutations) {
        const client = await clientOf(tx, clients, groupId, m.clientID, now);
        const outcome = await processMutation(deps, tx, actor, client, m, lapsed);
        if (outcome === 'future') {
          result.stopped = 'future';
          break;
        }
        result[outcome]++;
        if (outcome !== 'skipped') changed.add(client);
      }
      if (changed.size === 0) return;
      // Each processed mutation moves the group's client version; a pull sends the lastMutationIDs of clients that changed since its cookie.
      const processed = result.applied + result.rejected;
      const clientVersion = group.clientVersion + processed;
      await tx.update(syncClientGroups).set({ clientVersion, updatedAt: now }).where(eq(syncClientGroups.id, groupId));
      for (const client of changed) {
        await tx.update(syncClients).set({ lastMutationId: client.lastMutationId, clientVersion, updatedAt: now }).where(eq(syncClients.id, client.id));
      }
    });
  } catch (e) {
    if (!(e instanceof TemporaryPushError) && !isTemporaryError(e)) throw e;
    // Nothing of this push was kept: the client sends it all again.
    Object.assign(result, { applied: 0, rejected: 0, skipped: 0, stopped: 'temporary' });
  } finally {
    // The pushing user's clients learn the new lastMutationIDs on their next pull.
    if (result.stopped !== 'temporary' && result.applied + result.rejected > 0) deps.pokes?.poke({ userIds: [actor.userId] });
  }
  return result;
}
