/**
 * Document vault, shared half: the cache's key space and value (metadata only: the files stay in
 * storage and downloading needs a connection), and the one change a board member makes offline:
 * editing a document's title, category, visibility or notes. Upload and delete need a connection
 * (the file goes to or leaves storage), so they are REST calls, not mutators.
 */
import { z } from 'zod';
import { DOCUMENT_CATEGORIES, DOCUMENT_MESSAGES, documentPolicy, documentUpdateSchema } from '../../schema/documents';
import { syncedNamedSchema } from '../../schema/synced';
import { countMetric, dashboardSource, isRecent } from '../../schema/dashboard';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { rowId } from './fields';
import { lazy } from '../../schema/lazy';

export const DOCUMENT_SPACE = 'document';
export const documentKey = (id: string) => keyOf(DOCUMENT_SPACE, id);

/** A document's metadata as the cache holds it. Milliseconds since the epoch for times (the client formats them). */
export const syncedDocumentSchema = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  /** The original file name; the download is named after it. */
  fileName: z.string(),
  /** The extension, lower case ("pdf"). */
  fileType: z.string(),
  fileSize: z.number(),
  isPublic: z.boolean(),
  notes: z.string(),
  tags: z.array(z.string()),
  s3Key: z.string(),
  /** Board and superadmin only (null for residents). */
  uploadedBy: syncedNamedSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
}));
export type SyncedDocument = z.output<typeof syncedDocumentSchema>;

export const documentMutators = {
  /** Title, category, visibility or notes (any of them); the server checks the same schema and the role. */
  updateDocument: defineMutator({
    args: lazy(() => documentUpdateSchema.extend({ id: rowId })),
    label: 'Update document',
    allowed: { role: documentPolicy.mayManage, refusal: DOCUMENT_MESSAGES.boardOnly },
    async apply(tx, { id, title, category, is_public, notes }) {
      const row = (await tx.get(documentKey(id))) as SyncedDocument | undefined;
      if (!row) return;
      const next: SyncedDocument = {
        ...row,
        title: title ?? row.title,
        category: category ?? row.category,
        isPublic: is_public ?? row.isPublic,
        notes: notes ?? row.notes,
        updatedAt: Date.now(),
      };
      await tx.set(documentKey(id), { ...next, uploadedBy: next.uploadedBy && { ...next.uploadedBy }, tags: [...next.tags] });
    },
  }),
};

const documentsOnDashboard = dashboardSource<SyncedDocument>()({
  space: DOCUMENT_SPACE,
  metric: {
    key: 'documents',
    compute: (values, now) => countMetric(values, now, { title: 'Documents', icon: 'folder', of: 'all', rise: 'neutral', counts: () => true, at: (d) => d.createdAt }),
  },
  activity: (values, now) =>
    values
      .filter((d) => isRecent(d.createdAt, now))
      .map((d) => ({
        id: `document:${d.id}`,
        type: 'document' as const,
        title: d.title,
        description: `${d.category} document uploaded${d.uploadedBy ? ` by ${d.uploadedBy.name}` : ''}${d.isPublic ? '' : ' · Board Only'}`,
        time: new Date(d.createdAt).toISOString(),
      })),
});

export const documentsSync = defineSyncedArea({
  spaces: [DOCUMENT_SPACE],
  mutators: documentMutators,
  dashboard: [documentsOnDashboard],
});

/** The mutator's arguments (the Notes dialog and the edit controls build them). */
export type UpdateDocumentArgs = z.input<(typeof documentMutators)['updateDocument']['args']>;
