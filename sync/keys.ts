/**
 * The Replicache key space: `<space>/<row id>`, one space per synced table, owned by an area
 * (sync/areas/<area>.ts). The server's CVR entries use the same space names.
 */
export { keyOf, prefixOf } from './area';
export type { SyncSpace } from './areas';
