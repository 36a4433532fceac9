/**
 * The synced areas: what the pull puts in the cache. Each later area (requests, violations, dues,
 * invoices, their messages) adds one entry: its table, id and version columns, its visibility
 * function and a loader that turns visible rows into cache values.
 */
import type { SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { announcementReads, announcements, syncNotices } from '../../schema/tables';
import type { DbOrTx } from '../../worker/db';
import { listAnnouncementReadsForSync, listAnnouncementsForSync } from '../../worker/domain/announcements';
import { AREAS, type AreaName } from '../keys';
import { listNoticesForSync } from './notices';
import { visibleAnnouncementReads, visibleAnnouncements, visibleNotices, type Viewer } from './visibility';

export interface SyncArea {
  name: AreaName;
  /**
   * `hoa`: rows shared across the HOA; their changes are logged by `bumpChanges({hoaId, rows})`
   * and a pull re-checks only logged rows. `user`: a user's own rows; when the user's counter
   * moved, the pull re-checks all of that user's rows (few, and found through an index).
   */
  scope: 'hoa' | 'user';
  table: SQLiteTable;
  id: SQLiteColumn;
  version: SQLiteColumn;
  visible(viewer: Viewer): SQL;
  /**
   * Cache values of the visible rows whose id is in `ids` (a subquery selecting `row_id`), as JSON
   * text (SQLite's json_object: no row objects, no second stringify). Drive the query from `ids`
   * (CROSS JOIN) so its cost follows the ids, not the table.
   */
  load(db: DbOrTx, viewer: Viewer, ids: SQL): Promise<{ id: string; json: string }[]>;
}

export const syncAreas: SyncArea[] = [
  {
    name: AREAS.announcement,
    scope: 'hoa',
    table: announcements,
    id: announcements.id,
    version: announcements.version,
    visible: visibleAnnouncements,
    load: listAnnouncementsForSync,
  },
  {
    name: AREAS.announcementRead,
    scope: 'user',
    table: announcementReads,
    // Keyed by announcement (one marker per user and announcement), the key the client writes optimistically.
    id: announcementReads.announcementId,
    version: announcementReads.version,
    visible: visibleAnnouncementReads,
    load: listAnnouncementReadsForSync,
  },
  {
    name: AREAS.notice,
    scope: 'user',
    table: syncNotices,
    id: syncNotices.id,
    version: syncNotices.version,
    visible: visibleNotices,
    load: listNoticesForSync,
  },
];
