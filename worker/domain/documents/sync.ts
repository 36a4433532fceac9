/**
 * Documents, server half of sync: who sees what (`visibleDocuments`, shared with the REST reads, the
 * download and the stats), the cache values a pull sends (built by SQLite), and the synced table
 * every writer goes through.
 */
import { eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isPrivileged } from '../../../schema/roles';
import { documents, users } from '../../../schema/tables';
import { DOCUMENT_SPACE } from '../../../sync/areas/documents';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { inHoa } from '../actor';

/** Board and superadmin: every document of their HOA. Residents: the public ones (community §6). */
export function visibleDocuments(viewer: Viewer): SQL {
  const base = inHoa(viewer, documents.hoaId, isNull(documents.deletedAt));
  return isPrivileged(viewer.role) ? base : inHoa(viewer, documents.hoaId, eq(documents.isPublic, true), isNull(documents.deletedAt));
}

/**
 * Visible documents whose id is in `ids` (a subquery selecting `row_id`), as cache values
 * (`SyncedDocument`) written by SQLite; REST answers are built from the same values. Driven from the
 * ids (CROSS JOIN), the uploader's name read per row by primary key.
 */
export function documentValuesSql(viewer: Viewer, ids: SQL): SQL {
  const d = documents;
  const privileged = sql.raw(isPrivileged(viewer.role) ? '1' : '0');
  return sql`
    SELECT ${d.id} AS id, json_object(
      'id', ${d.id}, 'title', ${d.title}, 'category', ${d.category},
      'fileName', ${d.fileName}, 'fileType', ${d.fileType}, 'fileSize', ${d.fileSize},
      'isPublic', json(CASE WHEN ${d.isPublic} THEN 'true' ELSE 'false' END),
      'notes', ${d.notes}, 'tags', json(${d.tags}), 's3Key', ${d.s3Key},
      'uploadedBy', CASE WHEN ${privileged} THEN json_object('id', ${d.uploadedBy}, 'name', coalesce(uploader.name, 'Unknown')) END,
      'createdAt', ${d.createdAt}, 'updatedAt', ${d.updatedAt}, 'version', ${d.version}
    ) AS json
    FROM (${ids}) AS wanted
    CROSS JOIN ${d}
    LEFT JOIN ${users} AS uploader ON uploader.id = ${d.uploadedBy} AND uploader.hoa_id = ${d.hoaId}
    WHERE ${d.id} = wanted.row_id AND ${visibleDocuments(viewer)}`;
}

export const documentSyncArea: ServerSyncArea = {
  space: DOCUMENT_SPACE,
  scope: 'hoa',
  table: documents,
  id: documents.id,
  version: documents.version,
  hoaId: documents.hoaId,
  visible: visibleDocuments,
  values: documentValuesSql,
  // The uploader's name.
  dependsOn: { users: (_hoaId, userIds) => inArray(documents.uploadedBy, userIds) },
};

/** Every write to the table goes through this writer (version and change record in one call). */
export const documentRows = syncedTable({ ...documentSyncArea, table: documents });
