/**
 * What names a user's local cache: Replicache's database name and the shape version of its values.
 * Apart from the sync engine (a chunk loaded after sign-in) so that what is kept beside the cache
 * (a list's first rows, client/lib/first-rows.ts) can be found before the engine is there.
 */

/**
 * Bump when the shape of synced values changes: clients then start from a fresh cache. 3: a violation's
 * photos; 4: the directory's residents are every member not deleted, with their status.
 */
export const SYNC_SCHEMA_VERSION = '4';

/** The Replicache name of a user's cache. */
export const cacheName = (userId: string) => `hoa-${userId}`;

/** One cache of one shape: its name and schema version (a Replicache's `name` and `schemaVersion`). */
export const cacheIdOf = (name: string, schemaVersion: string = SYNC_SCHEMA_VERSION) => `${name}:${schemaVersion}`;
