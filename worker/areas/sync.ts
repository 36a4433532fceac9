/**
 * The synced tables of every area (server half), one line per area: what a pull sends and what the
 * writers' dependency updates reach. Kept apart from worker/areas/index.ts so the domain modules can
 * use it (worker/sync/dependencies.ts) without importing the routes.
 */
import { announcementReadSyncArea, announcementSyncArea } from '../domain/announcements/sync';
import { documentSyncArea } from '../domain/documents/sync';
import { dueSyncArea } from '../domain/dues/sync';
import { invoiceSyncArea } from '../domain/invoices/sync';
import { listViewSyncArea } from '../domain/list-views/sync';
import { memberSyncArea } from '../domain/members/sync';
import { requestSyncArea } from '../domain/requests/sync';
import { violationSyncArea } from '../domain/violations/sync';
import type { ServerSyncArea } from '../sync/area';
import { noticeSyncArea } from '../sync/notices';

export const serverSyncAreas: ServerSyncArea[] = [announcementSyncArea, announcementReadSyncArea, documentSyncArea, noticeSyncArea, requestSyncArea, violationSyncArea, dueSyncArea, invoiceSyncArea, memberSyncArea, listViewSyncArea];

/** The server half of the key space `space` (`announcement`, …); undefined for a space no area serves. */
export const serverSyncAreaOf = (space: string): ServerSyncArea | undefined => serverSyncAreas.find((a) => a.space === space);
