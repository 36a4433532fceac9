/** Document vault, server half (community §1–§9): REST, the file uploads, the mutator's domain call. */
import type { documentMutators } from '../../sync/areas/documents';
import { mayReadDocumentFile, updateDocument } from '../domain/documents';
import { documentRoutes } from '../routes/documents';
import type { ServerArea, ServerMutators } from './types';

const mutators: ServerMutators<keyof typeof documentMutators> = {
  updateDocument: (deps, tx, actor, { id, ...fields }) => updateDocument(deps, tx, actor, id, fields),
};

export const documentsArea: ServerArea = {
  name: 'documents',
  routes: [{ path: '/api/documents', router: documentRoutes }],
  // Files are downloaded by document (`POST /:id/download`), not by key.
  uploads: { feature: 'documents', path: '/api/documents', download: false, mayRead: mayReadDocumentFile },
  mutators,
};
