/**
 * Document vault REST. Thin: parse, call worker/domain/documents, answer.
 * Shapes (types in schema/documents.ts; dates ISO 8601):
 *
 * - `GET /`               ?page=1&limit=10 (≤100)&search=<title text>&category=<one, or comma-joined>
 *                         → ApiDocumentPage `{docs: ApiDocument[], hasNextPage, page, totalDocs, totalPages, limit}`, newest first.
 * - `GET /stats`          → ApiDocumentStats `{totalDocuments, publicDocuments, recentUploads: ApiDocument[≤3],
 *                         categories: [{category, count}]}`. Board and superadmin (403 otherwise).
 * - `POST /`              documentUploadSchema `{title, category, s3_key, file_type?, file_size?, is_public, notes, tags}`
 *                         → 201 ApiDocument. Board and superadmin. The key must come from `POST /presigned-url`
 *                         (feature "documents", this HOA); name, type and size are taken from that upload.
 * - `GET /:id`            → ApiDocument (404 for another HOA's, a deleted one, or Board Only for a resident).
 * - `PUT /:id`            documentUpdateSchema (any of title, category, is_public, notes) → ApiDocument. Board and superadmin.
 * - `DELETE /:id`         → `{message}`; the file is removed from storage. Board and superadmin.
 * - `POST /:id/download`  → `{downloadUrl}` (5 minutes, `Content-Disposition: attachment` with the original name).
 *
 * ApiDocument: `_id, title, category, file_type, file_size, fileSizeFormatted, file_name, is_public, notes,
 * tags, s3_key, uploaded_by{_id, name}|null (null for residents), createdAt, updatedAt, version`.
 *
 * `POST /presigned-url` is mounted beside this router (routes/uploads.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { DOCUMENT_MESSAGES, documentListQuery, documentPolicy, documentUpdateSchema, documentUploadSchema } from '../../schema/documents';
import * as documents from '../domain/documents';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { jsonText } from './respond';

const idParam = z.object({ id: z.string().min(1).max(64) });
/** Residents are refused before their body is parsed. */
const manage = allow(documentPolicy.mayManage, DOCUMENT_MESSAGES.boardOnly);

export const documentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', documentListQuery), async (c) => jsonText(c, await documents.listDocumentsJson(c.var.deps.database, c.var.actor, c.req.valid('query'))))
  .get('/stats', manage, async (c) => jsonText(c, await documents.documentStatsJson(c.var.deps.database, c.var.actor)))
  .post('/', manage, validate('json', documentUploadSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => documents.uploadDocument(deps, tx, actor, c.req.valid('json')));
    return c.json(await documents.getDocument(deps.database.db, actor, row.id), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await documents.getDocument(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', validate('param', idParam), manage, validate('json', documentUpdateSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => documents.updateDocument(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await documents.getDocument(deps.database.db, actor, id));
  })
  .delete('/:id', validate('param', idParam), manage, async (c) => {
    await documents.deleteDocument(c.var.deps, c.var.actor, c.req.valid('param').id);
    return c.json({ message: DOCUMENT_MESSAGES.deleted });
  })
  .post('/:id/download', validate('param', idParam), async (c) => c.json(await documents.documentDownloadUrl(c.var.deps, c.var.actor, c.req.valid('param').id)));
