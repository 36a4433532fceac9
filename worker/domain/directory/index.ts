/**
 * The resident directory (docs/decisions/240-resident-directory.md): a member's own choices (listed,
 * which contact fields to share), the HOA's switch (superadmin), and the directory itself, read from
 * the synced values so REST and the cache never disagree.
 */
import { and, eq } from 'drizzle-orm';
import { DIRECTORY_MESSAGES, directoryPolicy, NOT_LISTED, type ApiDirectoryMe, type ApiDirectorySetting, type DirectoryPreferences } from '../../../schema/directory';
import { restAnswer } from '../../../schema/rest-shape';
import { directoryListings, hoaDirectorySettings } from '../../../schema/tables';
import { DIRECTORY_ENTRY_REST, type ApiDirectoryEntry } from '../../../sync/areas/directory';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import type { Actor } from '../actor';
import { forbidden, notFound } from '../errors';
import { directoryRows, directoryValues } from './sync';

export { directorySyncArea } from './sync';

/** Whether the HOA has the directory on (no setting row: on). */
export async function directoryEnabled(db: DbOrTx, hoaId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: hoaDirectorySettings.enabled }).from(hoaDirectorySettings).where(eq(hoaDirectorySettings.hoaId, hoaId)).limit(1);
  return row?.enabled ?? true;
}

async function requireEnabled(db: DbOrTx, actor: Actor): Promise<void> {
  if (!(await directoryEnabled(db, actor.hoaId))) throw notFound(DIRECTORY_MESSAGES.turnedOff);
}

/** `GET /api/directory`: every member; 404 while the HOA has it off. */
export async function listDirectory(deps: AppDeps, actor: Actor): Promise<{ residents: ApiDirectoryEntry[] }> {
  const db = deps.database.db;
  await requireEnabled(db, actor);
  const values = (await directoryValues(db, actor)).sort(directoryPolicy.compare);
  return { residents: values.map((v) => restAnswer(v, DIRECTORY_ENTRY_REST)) };
}

/** `GET /api/directory/me`: the caller's choices (none saved: not listed) and the HOA's switch. */
export async function getMyListing(deps: AppDeps, actor: Actor): Promise<ApiDirectoryMe> {
  const db = deps.database.db;
  const [row] = await db.select().from(directoryListings).where(and(eq(directoryListings.userId, actor.userId), eq(directoryListings.hoaId, actor.hoaId))).limit(1);
  const prefs = row ? { listed: row.listed, share_email: row.shareEmail, share_phone: row.sharePhone } : NOT_LISTED;
  return { ...prefs, enabled: await directoryEnabled(db, actor.hoaId) };
}

/** `PUT /api/directory/me`: every member for themselves; 404 while the HOA has it off. */
export async function saveMyListing(deps: AppDeps, actor: Actor, prefs: DirectoryPreferences): Promise<ApiDirectoryMe> {
  await deps.database.transaction(async (tx) => {
    await requireEnabled(tx, actor);
    const set = { listed: prefs.listed, shareEmail: prefs.share_email, sharePhone: prefs.share_phone, updatedAt: deps.clock() };
    const mine = and(eq(directoryListings.userId, actor.userId), eq(directoryListings.hoaId, actor.hoaId))!;
    const [updated] = await directoryRows.update(deps, tx, mine, set);
    if (!updated) await directoryRows.insert(deps, tx, { userId: actor.userId, hoaId: actor.hoaId, ...set });
  });
  return getMyListing(deps, actor);
}

/** `GET /api/directory/settings`: every member. */
export async function getDirectorySetting(deps: AppDeps, actor: Actor): Promise<ApiDirectorySetting> {
  return { enabled: await directoryEnabled(deps.database.db, actor.hoaId) };
}

/**
 * `PUT /api/directory/settings` (superadmin). Every listing of the HOA gets a new version, so each
 * device's next pull checks them again: off, they leave every cache; on, the listed come back.
 */
export async function setDirectorySetting(deps: AppDeps, actor: Actor, enabled: boolean): Promise<ApiDirectorySetting> {
  if (!directoryPolicy.mayChangeSetting(actor.role)) throw forbidden(DIRECTORY_MESSAGES.superadminOnly);
  await deps.database.transaction(async (tx) => {
    if ((await directoryEnabled(tx, actor.hoaId)) === enabled) return;
    await tx
      .insert(hoaDirectorySettings)
      .values({ hoaId: actor.hoaId, enabled, updatedAt: deps.clock() })
      .onConflictDoUpdate({ target: hoaDirectorySettings.hoaId, set: { enabled, updatedAt: deps.clock() } });
    await directoryRows.touch(deps, tx, eq(directoryListings.hoaId, actor.hoaId));
  });
  return { enabled };
}
