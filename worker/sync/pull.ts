/**
 * Replicache pull (row-version strategy, https://doc.replicache.dev/strategies/row-version).
 *
 * 1. Cheap path: one read of the group, the cookie's CVR header and the change counters. When
 *    no counter moved and no mutation was processed since, answer "nothing new" without
 *    reading a single synced row and without taking the write lock.
 *    A pull without a cookie on a group whose stored view is current reads the reset the same way,
 *    without the writer.
 * 2. Otherwise, in one write transaction (serialised per client group, and per database):
 *    refresh the group's CVR entries (only logged rows when possible), build the patch against
 *    the cookie's version, and store a new header when anything changed.
 *
 * A new group whose whole view fits the budget is answered before its view is written, in the same
 * transaction, which goes on once the answer is out (`resetBeforeItsView`, `answeredEarlyOrAtEnd`).
 *
 * A refresh of the whole view (a first pull) writes at most a budget of new or changed rows
 * (`pullRowBudget`), newest first: rows not yet sent are not in the client's view, so a later pull
 * sends them. Such a view is stored `partial` and its cookie says `more`; the client pulls again at
 * once, and each next pull refreshes the whole view again (the change log never names the rows not
 * yet sent) until one ends within the budget. A large first pull thus arrives in chunks, its first
 * rows shown while the rest stream in.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { ClientStateNotFoundResponse, Cookie, VersionNotSupportedResponse } from 'replicache';
import { z } from 'zod';
import type { SyncCookie } from '../../sync/cookie';
import { syncClientGroups, syncClients, syncCvrs } from '../../schema/tables';
import { cachedUntilNextWrite, preparedRead, type Tx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import { badRequest } from '../domain/errors';
import { createClientGroup, findClientGroup, limitNewGroups } from './groups';
import type { ServerSyncArea } from './area';
import { hoaScope, readCounters, userScope, visibilityScope } from './changes';
import { keptResetParts, type KeepResetPart } from './counted';
import { concatBytes } from './column-parts';
import { buildPatch, keptReset, pruneCvr, refreshEntries, type CvrHeader, type PatchFormat, type RefreshPlan, type SyncPatch } from './cvr';

export const pullRequestSchema = z.object({
  pullVersion: z.number(),
  clientGroupID: z.string().min(1).max(128),
  cookie: z.union([z.null(), z.number(), z.object({ order: z.number() }).loose()]),
  profileID: z.string().max(128).optional(),
  schemaVersion: z.string().max(64).optional(),
});
export type PullRequestBody = z.infer<typeof pullRequestSchema>;

/** The most new or changed rows one pull sends when it refreshes a whole view; `AppConfig.pullRowBudget` overrides it. */
export const PULL_ROW_BUDGET = 20_000;


const cookieOrder = (cookie: PullRequestBody['cookie']): number | null =>
  cookie === null ? null : typeof cookie === 'number' ? cookie : cookie.order;

const cookieOf = (order: number, more = false): Cookie => (more ? { order, more: true } : { order }) satisfies SyncCookie;

/** Replicache's PullResponseV1, with the patch still as the text SQLite wrote (see `serializePullResponse`). */
export type SyncPullResponse =
  | { cookie: Cookie; lastMutationIDChanges: Record<string, number>; patch: SyncPatch }
  | ClientStateNotFoundResponse
  | VersionNotSupportedResponse;

const emptyPatch = (): SyncPatch => ({ ops: [], size: 0 });

/** The response body (JSON, as UTF-8 bytes when the patch holds any): the patch is spliced in as SQLite wrote it. */
export function serializePullResponse(res: SyncPullResponse): string | Uint8Array<ArrayBuffer> {
  if (!('patch' in res)) return JSON.stringify(res);
  const head = `{"cookie":${JSON.stringify(res.cookie)},"lastMutationIDChanges":${JSON.stringify(res.lastMutationIDChanges)},"patch":[`;
  const { ops } = res.patch;
  if (ops.every((op) => typeof op === 'string')) return `${head}${ops.join(',')}]}`;
  return concatBytes([head, ...ops.flatMap((op, i) => (i === 0 ? [op] : [',', op])), ']}']);
}

interface FastState {
  userId: string;
  cvrVersion: number;
  clientVersion: number;
  hRole: string | null;
  hHoaSeq: number | null;
  hUserSeq: number | null;
  hVisSeq: number | null;
  hClientVersion: number | null;
  hPartial: number | null;
  hoaSeq: number | null;
  userSeq: number | null;
  visSeq: number | null;
}

const readFastState = preparedRead<FastState, { hoaScope: string; userScope: string; visScope: string; order: number; groupId: string }>(
  () => sql`
    SELECT g.user_id AS userId, g.cvr_version AS cvrVersion, g.client_version AS clientVersion,
      h.role AS hRole, h.hoa_seq AS hHoaSeq, h.user_seq AS hUserSeq, h.vis_seq AS hVisSeq, h.client_version AS hClientVersion, h.partial AS hPartial,
      (SELECT seq FROM sync_counters WHERE scope = ${sql.placeholder('hoaScope')}) AS hoaSeq,
      (SELECT seq FROM sync_counters WHERE scope = ${sql.placeholder('userScope')}) AS userSeq,
      (SELECT seq FROM sync_counters WHERE scope = ${sql.placeholder('visScope')}) AS visSeq
    FROM sync_client_groups g
    LEFT JOIN sync_cvrs h ON h.client_group_id = g.id AND h.cvr_version = ${sql.placeholder('order')}
    WHERE g.id = ${sql.placeholder('groupId')}`,
);

/** One statement, none while nothing is written (`cachedUntilNextWrite`): is there anything new for this cookie? Reads no synced rows. */
async function isUnchanged(deps: AppDeps, actor: Actor, groupId: string, order: number): Promise<boolean> {
  const [s] = await cachedUntilNextWrite(deps.database, `pull-state:${actor.hoaId}:${actor.userId}:${groupId}:${order}`, () =>
    readFastState(deps.database, {
      hoaScope: hoaScope(actor.hoaId),
      userScope: userScope(actor.userId),
      visScope: visibilityScope(actor.userId),
      order,
      groupId,
    }),
  );
  return (
    !!s &&
    s.userId === actor.userId &&
    s.cvrVersion === order &&
    s.hRole === actor.role &&
    // A view cut at the budget is never current: the rest of it is still to be sent.
    s.hPartial === 0 &&
    s.hClientVersion === s.clientVersion &&
    s.hHoaSeq === (s.hoaSeq ?? 0) &&
    s.hUserSeq === (s.userSeq ?? 0) &&
    s.hVisSeq === (s.visSeq ?? 0)
  );
}

const readGroup = preparedRead<{ userId: string; number: number; cvrVersion: number }, { groupId: string }>(
  () => sql`SELECT user_id AS userId, number, cvr_version AS cvrVersion FROM sync_client_groups WHERE id = ${sql.placeholder('groupId')}`,
);

/**
 * The whole view (a reset) at the group's current version, read on the read handle: its stored view
 * already describes what the actor sees (isUnchanged), so nothing is written. A row changed between
 * that check and these reads is sent as it is now; the next pull's diff sends it again, harmlessly.
 */
async function resetWithoutWriter(
  deps: AppDeps,
  actor: Actor,
  group: { id: string; number: number; cvrVersion: number },
  areas: ServerSyncArea[],
  format: PatchFormat,
): Promise<SyncPullResponse> {
  const patch = await buildPatch(deps.database, group.number, areas, actor, null, format);
  const clients = await deps.database.db
    .select({ id: syncClients.id, lastMutationId: syncClients.lastMutationId })
    .from(syncClients)
    .where(eq(syncClients.clientGroupId, group.id));
  return { cookie: cookieOf(group.cvrVersion), lastMutationIDChanges: Object.fromEntries(clients.map((c) => [c.id, c.lastMutationId])), patch };
}

/** `format: 'columns'` writes each area's puts as one `put-columns` operation (sync/patch-columns.ts): the app's own puller asks for it. */
export async function handlePull(
  deps: AppDeps,
  actor: Actor,
  body: PullRequestBody,
  { areas = deps.areas.sync, format = 'ops' }: { areas?: ServerSyncArea[]; format?: PatchFormat } = {},
): Promise<SyncPullResponse> {
  if (body.pullVersion !== 1) return { error: 'VersionNotSupported', versionType: 'pull' };
  const order = cookieOrder(body.cookie);
  if (order !== null && !Number.isInteger(order)) throw badRequest('Invalid cookie');
  const groupId = body.clientGroupID;

  if (order !== null && (await isUnchanged(deps, actor, groupId, order))) {
    return { cookie: cookieOf(order), lastMutationIDChanges: {}, patch: emptyPatch() };
  }
  // A client starting over (no cookie) on a group whose stored view is current: a reset read from
  // the visible rows, as of that view's version, without the writer.
  if (order === null) {
    const [group] = await readGroup(deps.database, { groupId });
    if (group && group.userId === actor.userId && (await isUnchanged(deps, actor, groupId, group.cvrVersion))) {
      return resetWithoutWriter(deps, actor, { id: groupId, ...group }, areas, format);
    }
  }

  if (order === null) await limitNewGroups(deps, actor, groupId);
  return answeredEarlyOrAtEnd(deps, (answer) => deps.database.transaction((tx) => pullInTransaction(deps, tx, actor, groupId, order, areas, format, answer)));
}

/** Answers the pull before the transaction ends; resolves when the transaction may go on (the response has gone out). */
type AnswerEarly = (response: SyncPullResponse) => Promise<void>;

/**
 * Gives the transaction's result, or the answer it gives before it ends (`answer`): its writes then
 * go on after the response has gone out (`afterResponse`, which resumes it), still under the write
 * lock, and the transaction still commits them all or none. A failure after the answer rolls the
 * view back: the client's next pull with that cookie is told ClientStateNotFound and starts over.
 */
function answeredEarlyOrAtEnd(deps: AppDeps, run: (answer: AnswerEarly) => Promise<SyncPullResponse>): Promise<SyncPullResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const done = run((response) => {
      answered = true;
      resolve(response);
      return new Promise<void>((resume) => deps.afterResponse(() => (resume(), done)));
    });
    done.then(
      (response) => answered || resolve(response),
      (e) => (answered ? console.error('a pull failed after its answer; its view is rolled back', e) : reject(e)),
    );
  });
}

/** A new group's reset is computed before its view is written when the last one held less than this share of the budget. */
const GUESS_MARGIN = 0.9;

/** Rows of the last whole reset per database, HOA and role: a guess at the next one's size. */
const wholeResetRows = new WeakMap<object, Map<string, number>>();

function rememberWholeReset(database: AppDeps['database'], actor: Actor, patch: SyncPatch) {
  let sizes = wholeResetRows.get(database.client);
  if (!sizes) wholeResetRows.set(database.client, (sizes = new Map()));
  sizes.set(`${actor.hoaId}|${actor.role}`, patch.size - 1);
}

/**
 * A new group's whole view as a reset made before its view is written, so that the answer waits for
 * no CVR entry; null when it may not fit the budget (then the view is written first, in chunks if it
 * must be). Made of the kept parts (the HOA's last reset at these counters) when they are all kept;
 * else computed, when the HOA's last whole reset for this role was within 90 % of the budget: a guess,
 * so the rows are counted again (a view that grew past the budget is computed anew from its entries).
 */
async function resetBeforeItsView(deps: AppDeps, tx: Tx, groupNumber: number, areas: ServerSyncArea[], actor: Actor, format: PatchFormat, keep: KeepResetPart | undefined, budget: number): Promise<SyncPatch | null> {
  const last = wholeResetRows.get(deps.database.client)?.get(`${actor.hoaId}|${actor.role}`);
  const kept = keep ? keptReset(areas, actor, format, keep) : null;
  const patch = kept ?? (last !== undefined && last < budget * GUESS_MARGIN ? await buildPatch(tx, groupNumber, areas, actor, null, format, { keep }) : null);
  // Within the budget as the full refresh counts it (a view of exactly the budget is cut: `partial`).
  return patch && patch.size - 1 < budget ? patch : null;
}

/** The last mutation id of each client of the group that moved past `sinceClientVersion`. */
async function mutationIdsOf(tx: Tx, groupId: string, sinceClientVersion: number): Promise<Record<string, number>> {
  const clients = await tx
    .select({ id: syncClients.id, lastMutationId: syncClients.lastMutationId })
    .from(syncClients)
    .where(and(eq(syncClients.clientGroupId, groupId), gt(syncClients.clientVersion, sinceClientVersion)));
  return Object.fromEntries(clients.map((c) => [c.id, c.lastMutationId]));
}

async function pullInTransaction(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  groupId: string,
  order: number | null,
  areas: ServerSyncArea[],
  format: PatchFormat,
  answer: AnswerEarly,
): Promise<SyncPullResponse> {
  const now = deps.clock();
  let group = await findClientGroup(tx, actor, groupId);
  const fresh = !group;
  if (!group) {
    // The client remembers state this server does not have (database restored or group purged).
    if (order !== null) return { error: 'ClientStateNotFound' };
    group = await createClientGroup(tx, actor, groupId, now);
  }
  if (order !== null && order > group.cvrVersion) return { error: 'ClientStateNotFound' };

  const headers = await tx
    .select()
    .from(syncCvrs)
    .where(and(eq(syncCvrs.clientGroupId, groupId), sql`${syncCvrs.cvrVersion} IN (${group.cvrVersion}, ${order ?? -1})`));
  const latest: CvrHeader | undefined = headers.find((h) => h.cvrVersion === group.cvrVersion);
  const base: CvrHeader | undefined = order === null ? undefined : headers.find((h) => h.cvrVersion === order);
  const counters = await readCounters(tx, actor.hoaId, actor.userId);

  // 1. Bring the stored view up to date with what the actor may see now.
  const nextVersion = group.cvrVersion + 1;
  const plan: RefreshPlan =
    !latest || latest.partial || latest.role !== actor.role || latest.visSeq !== counters.visSeq || latest.hoaSeq < counters.logFloor
      ? { kind: 'full', fresh, budget: Math.max(1, deps.config.pullRowBudget ?? PULL_ROW_BUDGET) }
      : { kind: 'incremental', hoaSeq: latest.hoaSeq !== counters.hoaSeq ? latest.hoaSeq : null, userChanged: latest.userSeq !== counters.userSeq };
  const keep = keptResetParts(deps.database, actor, counters);
  const first = fresh && plan.kind === 'full' ? await resetBeforeItsView(deps, tx, group.number, areas, actor, format, keep, plan.budget) : null;
  const seqs = { hoaSeq: counters.hoaSeq, userSeq: counters.userSeq, visSeq: counters.visSeq };
  /** The new version's header, and the group moved to it. */
  const storeVersion = async (partial: boolean) => {
    await tx.insert(syncCvrs).values({ clientGroupId: groupId, cvrVersion: nextVersion, role: actor.role, ...seqs, clientVersion: group.clientVersion, partial, createdAt: now });
    await tx.update(syncClientGroups).set({ cvrVersion: nextVersion, updatedAt: now }).where(eq(syncClientGroups.id, groupId));
  };
  if (first) {
    const response = { cookie: cookieOf(nextVersion), lastMutationIDChanges: await mutationIdsOf(tx, groupId, -1), patch: first };
    rememberWholeReset(deps.database, actor, first);
    await answer(response);
    // The very rows just sent (same transaction, same counters): every one of them, past the budget too.
    await refreshEntries(tx, group.number, areas, actor, nextVersion, { kind: 'full', fresh: true, budget: Number.MAX_SAFE_INTEGER });
    await storeVersion(false);
    return response;
  }
  const { written, gone, partial } = await refreshEntries(tx, group.number, areas, actor, nextVersion, plan);

  // 2. The patch against the cookie. Values depend on the role, so a role change is a reset.
  const reset = !base || base.role !== actor.role;
  const since = reset ? null : base.cvrVersion;
  // A reset of a view cut at the budget puts its live entries (not every visible row); later chunks are patches since their cookie.
  // A reset's parts are kept under the counters read above, under the write lock (counted.ts).
  const patch = await buildPatch(tx, group.number, areas, actor, since, format, { partialView: partial, keep });
  const lastMutationIDChanges = await mutationIdsOf(tx, groupId, reset ? -1 : base.clientVersion);
  if (reset && !partial) rememberWholeReset(deps.database, actor, patch);

  // An older cookie, and the group's latest version already holds everything the refresh found
  // (another pull of the group wrote it: tabs pulling together after a poke). The patch from the
  // cookie's version is the way to the latest one, so it is answered under the latest cookie and no
  // version is added: each such pull once stored a version of its own, every later pull's cookie
  // was behind again, and pulls racing after a change kept each other off the cheap path.
  const caughtUp =
    latest !== undefined &&
    (base === undefined || base.cvrVersion < latest.cvrVersion) &&
    !latest.partial &&
    !partial &&
    latest.role === actor.role &&
    latest.clientVersion === group.clientVersion &&
    written === 0 &&
    gone === 0;
  if (caughtUp) {
    // The latest view is whole at these counters: recorded, so the next pull is cheap.
    await tx.update(syncCvrs).set(seqs).where(and(eq(syncCvrs.clientGroupId, groupId), eq(syncCvrs.cvrVersion, latest.cvrVersion)));
    return { cookie: cookieOf(latest.cvrVersion), lastMutationIDChanges, patch };
  }

  if (!reset && !partial && patch.size === 0 && Object.keys(lastMutationIDChanges).length === 0) {
    // Same view as the cookie's, and whole: record the counters it is valid for, so the next pull is cheap.
    await tx.update(syncCvrs).set({ ...seqs, partial: false }).where(and(eq(syncCvrs.clientGroupId, groupId), sql`${syncCvrs.cvrVersion} IN (${group.cvrVersion}, ${base.cvrVersion})`));
    return { cookie: cookieOf(base.cvrVersion), lastMutationIDChanges: {}, patch: emptyPatch() };
  }

  await storeVersion(partial);
  await pruneCvr(tx, group, nextVersion);
  return { cookie: cookieOf(nextVersion, partial), lastMutationIDChanges, patch };
}

