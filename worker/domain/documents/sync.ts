/**
 * Documents, server half of sync: who sees what (`visibleDocuments`, shared with the REST reads, the
 * download and the stats), the cache values a pull sends (built by SQLite), and the synced table
 * every writer goes through.
 */
import { eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isPrivileged } from '../../../schema/roles';
import { documents, users } from '../../../schema/tables';
import { DOCUMENT_SPACE, type SyncedDocument } from '../../../sync/areas/documents';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import { inHoa } from '../actor';

/** Board and superadmin: every document of their HOA. Residents: the public ones. */
export function visibleDocuments(viewer: Viewer): SQL {
  const base = inHoa(viewer, documents.hoaId, isNull(documents.deletedAt));
  return isPrivileged(viewer.role) ? base : inHoa(viewer, documents.hoaId, eq(documents.isPublic, true), isNull(documents.deletedAt));
}

/**
 * A document as the cache holds it (`SyncedDocument`), written by SQLite; REST answers are built from
 * the same values. The uploader's name is read per row by primary key.
 */
function documentValue(viewer: Viewer): SyncValueSql<SyncedDocument> {
  const d = documents;
  const privileged = sql.raw(isPrivileged(viewer.role) ? '1' : '0');
  return {
    fields: {
      id: d.id,
      title: d.title,
      category: d.category,
      fileName: d.fileName,
      fileType: d.fileType,
      fileSize: d.fileSize,
      isPublic: sql`json(CASE WHEN ${d.isPublic} THEN 'true' ELSE 'false' END)`,
      notes: d.notes,
      tags: sql`json(${d.tags})`,
      s3Key: d.s3Key,
      uploadedBy: sql`CASE WHEN ${privileged} THEN json_object('id', ${d.uploadedBy}, 'name', coalesce(uploader.name, 'Unknown')) END`,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      version: d.version,
    },
    joins: sql`LEFT JOIN ${users} AS uploader ON uploader.id = ${d.uploadedBy} AND uploader.hoa_id = ${d.hoaId}`,
  };
}

export const documentSyncArea: ServerSyncArea = {
  space: DOCUMENT_SPACE,
  scope: 'hoa',
  table: documents,
  id: documents.id,
  version: documents.version,
  hoaId: documents.hoaId,
  visible: visibleDocuments,
  value: documentValue,
  // The uploader's name.
  dependsOn: { users: (_hoaId, userIds) => inArray(documents.uploadedBy, userIds) },
};

/** The values of the visible rows in `ids`, a row each (`id`, `json`): REST reads build their answers from them. */
export const documentValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(documentSyncArea, viewer, ids);

/** Every write to the table goes through this writer (version and change record in one call). */
export const documentRows = syncedTable({ ...documentSyncArea, table: documents });
