/**
 * Writers of a table that synced values show (users: an author's name, an audience's size) call
 * `touchDependents` in the same transaction: every synced row that declares the dependency
 * (`ServerSyncArea.dependsOn`) and shows one of the changed rows gets a new version, so clients
 * holding it receive the new value on their next pull.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import { syncedTable } from './area';
import type { DependencySource, SyncDeps } from './types';

/** What a writer of a table that synced values show needs: the sync writer's deps and the areas' synced tables. */
export type DependentsDeps = SyncDeps & Pick<AppDeps, 'areas'>;

export async function touchDependents(deps: DependentsDeps, tx: Tx, source: DependencySource, hoaId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const area of deps.areas.sync) {
    const shows = area.dependsOn?.[source];
    if (shows) await syncedTable(area).touch(deps, tx, and(eq(area.hoaId, hoaId), shows(hoaId, ids))!);
  }
}
