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
import type { Tx } from '../../worker/db';
import type { AppDeps } from '../../worker/deps';
import type { Actor } from '../../worker/domain/actor';
import { createAnnouncementDraft, markAnnouncementRead, sendAnnouncement, updateAnnouncementDraft } from '../../worker/domain/announcements';
import { AppError, forbidden } from '../../worker/domain/errors';
import { isMutatorName, mutatorArgs, summarizeArgs, type MutatorArgs, type MutatorName } from '../mutators';
import { dismissNotice, recordRejection } from './notices';

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

type ServerMutator<N extends MutatorName> = (deps: AppDeps, tx: Tx, actor: Actor, args: MutatorArgs<N>) => Promise<unknown>;

/** Each shared mutator name → the domain function that does it for real. */
export const serverMutators: { [N in MutatorName]: ServerMutator<N> } = {
  markAnnouncementRead: (deps, tx, actor, args) => markAnnouncementRead(deps, tx, actor, args.id),
  dismissNotice: (deps, tx, actor, args) => dismissNotice(deps, tx, actor, args.id),
  createAnnouncementDraft: (deps, tx, actor, args) => createAnnouncementDraft(deps, tx, actor, args),
  updateAnnouncementDraft: (deps, tx, actor, { id, ...fields }) => updateAnnouncementDraft(deps, tx, actor, id, fields),
  // Sent when the push arrives; the outbox job delivers after commit (nudged by the domain function).
  sendAnnouncement: (deps, tx, actor, args) =>
    sendAnnouncement(deps, tx, actor, args.id, { scheduledAt: args.scheduled_at ? Date.parse(args.scheduled_at) : null }),
};

/** Thrown to stop a push without advancing: the client retries the mutation later. */
export class TemporaryPushError extends Error {}

const TEMPORARY_CODES = /SQLITE_BUSY|SQLITE_LOCKED|SQLITE_IOERR|SQLITE_FULL|ECONNRESET|ECONNREFUSED|ETIMEDOUT|UND_ERR|SERVER_ERROR|HRANA_WEBSOCKET_ERROR/;

/** Database busy, locked or unreachable: worth retrying as is. */
export function isTemporaryError(e: unknown): boolean {
  for (let err: any = e, depth = 0; err && depth < 5; err = err.cause, depth++) {
    const text = `${err.code ?? ''} ${err.rawCode ?? ''} ${err.message ?? ''}`;
    if (TEMPORARY_CODES.test(text) || /database is (locked|busy)|fetch failed/i.test(text)) return true;
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

async function applyMutation(deps: AppDeps, tx: Tx, actor: Actor, m: PushMutation): Promise<void> {
  if (!isMutatorName(m.name)) throw new AppError(400, `Unknown change type: ${m.name}`);
  const name: MutatorName = m.name;
  const args = mutatorArgs[name].parse(m.args);
  await (serverMutators[name] as ServerMutator<MutatorName>)(deps, tx, actor, args as never);
}

type Outcome = 'applied' | 'rejected' | 'skipped' | 'future';

async function processMutation(deps: AppDeps, tx: Tx, actor: Actor, groupId: string, m: PushMutation): Promise<Outcome> {
  const now = deps.clock();
  let [group] = await tx.select().from(syncClientGroups).where(eq(syncClientGroups.id, groupId)).limit(1);
  if (group && (group.userId !== actor.userId || group.hoaId !== actor.hoaId)) throw forbidden('This client group belongs to another user');
  if (!group) {
    [group] = await tx
      .insert(syncClientGroups)
      .values({ id: groupId, userId: actor.userId, hoaId: actor.hoaId, cvrVersion: 0, clientVersion: 0, createdAt: now, updatedAt: now })
      .returning();
  }
  let [client] = await tx.select().from(syncClients).where(eq(syncClients.id, m.clientID)).limit(1);
  if (client && client.clientGroupId !== groupId) throw forbidden('This client belongs to another client group');
  if (!client) {
    [client] = await tx.insert(syncClients).values({ id: m.clientID, clientGroupId: groupId, lastMutationId: 0, clientVersion: 0, updatedAt: now }).returning();
  }

  const expected = client.lastMutationId + 1;
  if (m.id < expected) return 'skipped';
  if (m.id > expected) return 'future';

  let outcome: Outcome = 'applied';
  try {
    // A savepoint: a rejected mutator leaves none of its writes behind.
    await tx.transaction((sp) => applyMutation(deps, sp, actor, m));
  } catch (e) {
    if (isTemporaryError(e)) throw new TemporaryPushError(String((e as Error)?.message ?? e), { cause: e });
    outcome = 'rejected';
    await recordRejection(deps, tx, actor, {
      clientId: m.clientID,
      mutationId: m.id,
      mutationName: m.name,
      argsSummary: summarizeArgs(m.args),
      message: rejectionMessage(e),
    });
  }

  const clientVersion = group.clientVersion + 1;
  await tx.update(syncClientGroups).set({ clientVersion: sql`${syncClientGroups.clientVersion} + 1`, updatedAt: now }).where(eq(syncClientGroups.id, groupId));
  await tx.update(syncClients).set({ lastMutationId: m.id, clientVersion, updatedAt: now }).where(eq(syncClients.id, m.clientID));
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
    for (const m of body.mutations) {
      const outcome = await deps.database.transaction((tx) => processMutation(deps, tx, actor, body.clientGroupID, m));
      if (outcome === 'future') {
        result.stopped = 'future';
        break;
      }
      result[outcome === 'applied' ? 'applied' : outcome === 'rejected' ? 'rejected' : 'skipped']++;
    }
  } catch (e) {
    if (!(e instanceof TemporaryPushError) && !isTemporaryError(e)) throw e;
    result.stopped = 'temporary';
  } finally {
    // The pushing user's clients learn the new lastMutationIDs on their next pull.
    if (result.applied + result.rejected > 0) deps.pokes?.poke({ userIds: [actor.userId] });
  }
  return result;
}
