/** Document vault, server half: REST, the file uploads, the synced documents, the mutator's domain call. */
import type { documentMutators } from '../../sync/areas/documents';
import { mayReadDocumentFile, updateDocument } from '../domain/documents';
import { documentSyncArea } from '../domain/documents/sync';
import { documentRoutes } from '../routes/documents';
import { defineServerArea, type ServerMutators } from '../kit/server-area';

const mutators: ServerMutators<keyof typeof documentMutators> = {
  updateDocument: (deps, tx, actor, { id, ...fields }) => updateDocument(deps, tx, actor, id, fields),
};

export const documentsArea = defineServerArea({
  name: 'documents',
  routes: [{ path: '/api/documents', router: documentRoutes }],
  // Files are downloaded by document (`POST /:id/download`), not by key.
  uploads: { feature: 'documents', path: '/api/documents', download: false, mayRead: mayReadDocumentFile },
  sync: [documentSyncArea],
  mutators,
});
