/**
 * Client groups (one browser profile's cache of one user). A push or pull may create one; each user
 * keeps at most MAX_CLIENT_GROUPS_PER_USER, so a script making fresh groups cannot fill the database
 * with copies of its view: the least recently used ones are forgotten. If such a group comes back its
 * pull answers ClientStateNotFound and Replicache starts it over with a fresh view.
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { syncClientGroups, syncClients, syncCvrEntries, syncCvrs } from '../../schema/tables';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import { hit, type RateRule } from '../services/rate-limit';
import type { Actor } from '../domain/actor';
import { forbidden } from '../domain/errors';

export const MAX_CLIENT_GROUPS_PER_USER = 25;

/**
 * New client groups one user may start per ten minutes: each one's first pull writes its whole view
 * (thousands of rows) through the one writer. A browser profile makes one; a reload keeps it.
 */
export const NEW_GROUP_RATE: RateRule = { name: 'sync:new-group', limit: 20, windowMs: 10 * 60_000 };
export const NEW_GROUP_MESSAGE = 'Too many new sessions at once. Please wait a few minutes and try again.';

/** Counts a group this user is about to start (before its transaction, so a refusal still counts); 429 past the limit. */
export async function limitNewGroups(deps: AppDeps, actor: Actor, groupId: string): Promise<void> {
  const [known] = await deps.database.db.select({ id: syncClientGroups.id }).from(syncClientGroups).where(eq(syncClientGroups.id, groupId)).limit(1);
  if (!known) await hit(deps.database, NEW_GROUP_RATE, actor.userId, deps.clock(), NEW_GROUP_MESSAGE);
}

export type ClientGroup = typeof syncClientGroups.$inferSelect;

/** The group if it exists and is the actor's (another user's is a 403), else undefined. */
export async function findClientGroup(tx: Tx, actor: Actor, groupId: string): Promise<ClientGroup | undefined> {
  const [group] = await tx.select().from(syncClientGroups).where(eq(syncClientGroups.id, groupId)).limit(1);
  if (group && (group.userId !== actor.userId || group.hoaId !== actor.hoaId)) throw forbidden('This client group belongs to another user');
  return group;
}

/** Creates the actor's group, first forgetting their least recently used ones beyond the cap. */
export async function createClientGroup(tx: Tx, actor: Actor, groupId: string, now: number): Promise<ClientGroup> {
  const keep = await tx
    .select({ id: syncClientGroups.id })
    .from(syncClientGroups)
    .where(eq(syncClientGroups.userId, actor.userId))
    .orderBy(desc(syncClientGroups.updatedAt), desc(syncClientGroups.createdAt))
    .limit(MAX_CLIENT_GROUPS_PER_USER - 1);
  const stale = await tx
    .select({ id: syncClientGroups.id })
    .from(syncClientGroups)
    .where(and(eq(syncClientGroups.userId, actor.userId), keep.length ? notInArray(syncClientGroups.id, keep.map((g) => g.id)) : undefined));
  if (stale.length > 0) await deleteClientGroups(tx, stale.map((g) => g.id));
  // The next number, through the unique index (the write lock is held: no other writer takes it).
  const number = sql<number>`(SELECT coalesce(max(${syncClientGroups.number}), 0) + 1 FROM ${syncClientGroups})`;
  const [group] = await tx
    .insert(syncClientGroups)
    .values({ id: groupId, number, userId: actor.userId, hoaId: actor.hoaId, cvrVersion: 0, clientVersion: 0, createdAt: now, updatedAt: now })
    .returning();
  return group;
}

/** Removes groups with their clients and stored views. */
export async function deleteClientGroups(tx: Tx, ids: string[]): Promise<void> {
  const numbers = tx.select({ number: syncClientGroups.number }).from(syncClientGroups).where(inArray(syncClientGroups.id, ids));
  await tx.delete(syncCvrEntries).where(inArray(syncCvrEntries.groupNumber, numbers));
  await tx.delete(syncCvrs).where(inArray(syncCvrs.clientGroupId, ids));
  await tx.delete(syncClients).where(inArray(syncClients.clientGroupId, ids));
  await tx.delete(syncClientGroups).where(inArray(syncClientGroups.id, ids));
}

/**
 * Keeps a group's `keep` most recently active clients (a client is one tab's session) and forgets
 * the rest, so a script inventing client ids cannot grow a group without bound. A forgotten client
 * that comes back starts over at mutation 1; a real tab idle that long has nothing pending.
 */
export async function forgetIdleClients(tx: Tx, groupId: string, keep: number): Promise<void> {
  // Counted first through the group's index: the ordered delete below runs only when a group is full.
  const [{ n }] = await tx.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${syncClients} WHERE ${syncClients.clientGroupId} = ${groupId}`);
  if (n <= keep) return;
  await tx.run(sql`
    DELETE FROM ${syncClients} WHERE ${syncClients.clientGroupId} = ${groupId} AND ${syncClients.id} NOT IN (
      SELECT ${syncClients.id} FROM ${syncClients} WHERE ${syncClients.clientGroupId} = ${groupId}
      ORDER BY ${syncClients.updatedAt} DESC, ${syncClients.id} DESC LIMIT ${keep})`);
}
