/**
 * Document vault domain. One layer for both transports: the REST routes and the
 * sync push call these functions.
 *
 * - sync.ts   who sees what, the cache values a pull sends, the synced table every write goes through
 * - read.ts   the REST answers (one, a page, the stats), built from the values the pull sends
 * - write.ts  upload, edit, delete, download
 */
export { visibleDocuments } from './sync';
export { documentStats, documentStatsJson, getDocument, listDocuments, listDocumentsJson, type DocumentRow } from './read';
export { deleteDocument, documentDownloadUrl, mayReadDocumentFile, updateDocument, uploadDocument } from './write';
