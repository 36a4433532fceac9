/**
 * The synced areas, shared half: one line per area. Everything that lists key spaces or mutators
 * (the client's Replicache, the push, the rejection notices) derives from this list.
 */
import { announcementsSync } from './announcements';
import { documentsSync } from './documents';
import { duesSync } from './dues';
import { invoicesSync } from './invoices';
import { listViewsSync } from './list-views';
import { membersSync } from './members';
import { noticesSync } from './notices';
import { requestsSync } from './requests';
import { violationsSync } from './violations';

export const sharedSyncAreas = [announcementsSync, documentsSync, noticesSync, requestsSync, violationsSync, duesSync, invoicesSync, membersSync, listViewsSync] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type MutatorDefs = UnionToIntersection<(typeof sharedSyncAreas)[number]['mutators']>;

/** Every mutator by name (names are unique across areas: tests/sync/mutators.test.ts). */
export const mutatorDefs = Object.assign({}, ...sharedSyncAreas.map((area) => area.mutators)) as MutatorDefs;

/** Every key space: `<space>/<row id>`. */
export type SyncSpace = (typeof sharedSyncAreas)[number]['spaces'][number];
