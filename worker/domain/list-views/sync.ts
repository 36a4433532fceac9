/**
 * Saved list views, server half of sync: who sees what (`visibleListViews`: their user, and REST
 * reads use it too), the cache value a pull sends (built by SQLite), the synced table every writer
 * goes through.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { savedListViews } from '../../../schema/tables';
import { LIST_VIEW_SPACE, type SyncedListView } from '../../../sync/areas/list-views';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import type { SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';

/** A user sees their own views only, whatever their role (the board does not see residents' views). */
export function visibleListViews(viewer: Viewer): SQL {
  return inHoa(viewer, savedListViews.hoaId, eq(savedListViews.userId, viewer.userId));
}

/** A view as the cache holds it (`SyncedListView`). */
function listViewValue(): SyncValueSql<SyncedListView> {
  const v = savedListViews;
  return {
    fields: {
      id: v.id,
      list: v.list,
      name: v.name,
      filters: sql`json(${v.filters})`,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
      version: v.version,
    },
  };
}

export const listViewSyncArea: ServerSyncArea = {
  space: LIST_VIEW_SPACE,
  scope: 'user',
  table: savedListViews,
  id: savedListViews.id,
  version: savedListViews.version,
  hoaId: savedListViews.hoaId,
  owner: savedListViews.userId,
  visible: visibleListViews,
  value: listViewValue,
};

/** Every insert and update of a view goes through this writer (version and change record in one call). */
export const listViewRows = syncedTable({ ...listViewSyncArea, table: savedListViews });
