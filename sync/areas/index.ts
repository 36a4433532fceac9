/**
 * The synced areas, shared half: one line per area, each declared with `defineSyncedArea`.
 * Everything that lists key spaces, mutators or dashboard sources (the client's Replicache, the push,
 * the rejection notices, the dashboard on both sides) derives from this list.
 */
import { addressesSync } from './addresses';
import { announcementsSync } from './announcements';
import { applicationsSync } from './applications';
import { directorySync } from './directory';
import { documentsSync } from './documents';
import { duesSync } from './dues';
import { inspectionsSync } from './inspections';
import { meetingsSync } from './meetings';
import { invoicesSync } from './invoices';
import { ledgerSync } from './ledger';
import { ledgerQuestionsSync } from './ledger-questions';
import { listViewsSync } from './list-views';
import { membersSync } from './members';
import { noticesSync } from './notices';
import { requestsSync } from './requests';
import { violationsSync } from './violations';
import { votesSync } from './votes';

/**
 * An area with a metric card stands where its card stands on the dashboard: the spec's order is
 * Outstanding Dues (invoices), Maintenance Requests, Announcements, Documents.
 */
export const sharedSyncAreas = [duesSync, invoicesSync, requestsSync, announcementsSync, documentsSync, violationsSync, noticesSync, membersSync, listViewsSync, ledgerSync, ledgerQuestionsSync, addressesSync, inspectionsSync, applicationsSync, meetingsSync, votesSync, directorySync] as const;

type SharedSyncAreaOfList = (typeof sharedSyncAreas)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type MutatorDefs = UnionToIntersection<SharedSyncAreaOfList['mutators']>;

/** Every mutator by name (names are unique across areas: tests/sync/mutators.test.ts). */
export const mutatorDefs = Object.assign({}, ...sharedSyncAreas.map((area) => area.mutators)) as MutatorDefs;

/** Every key space: `<space>/<row id>`. */
export type SyncSpace = SharedSyncAreaOfList['spaces'][number];

/** What the areas give the dashboard, in the list's order (so the metric cards' order). */
export const dashboardSources = sharedSyncAreas.flatMap((area): SharedSyncAreaOfList['dashboard'][number][] => [...area.dashboard]);

/** The key of every metric card, as the areas' dashboard sources declare them. */
export type MetricKey = NonNullable<(typeof dashboardSources)[number]['metric']>['key'];
