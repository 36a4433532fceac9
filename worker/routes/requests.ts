/**
 * Requests REST. Thin: parse, call worker/domain/requests, answer.
 * Response shapes (types in schema/requests.ts; dates ISO 8601):
 *
 * - `GET /`                 ?page=1&limit=10 (≤100)&search=&category=A,B&status=a,b&sort=-createdAt|createdAt →
 *                           ApiRequestPage `{docs: ApiRequest[], totalDocs, totalPages, page, limit, hasNextPage}`.
 *                           Residents get their own requests; board and superadmin their HOA's.
 * - `POST /`                `{title, description, category, photo_url}` → 201 ApiRequest. Anyone signed in.
 * - `GET /:id`              → ApiRequest (404 "Request not found or you do not have permission to view it").
 * - `PUT /:id`              `{status?, assigned_to?, resolution_deadline?, resolution_notes?}` (at least one) →
 *                           ApiRequest. Board and superadmin.
 * - `POST /:id/comments`    `{message, is_public = true}` → 201 ApiRequest (with the new comment).
 *                           `is_public: false` (an internal note) is board work.
 * - `POST /:id/attachments` multipart form data, field `file` → 201 `{s3Key, fileName, fileSize, fileType}`;
 *                           the file becomes the request's attachment. The resident who filed it and the board.
 *
 * ApiRequest: `_id, title, description, category, status, photo_url, attachment{s3_key, filename, file_size,
 * file_type}|null, user_id{_id, name, email, role}, address_id{_id, street, unit_number}|null,
 * assigned_to{_id, name, email}|null (null for residents), resolution_deadline, resolution_notes,
 * comments[{_id, user_id{_id, name, is_staff}, message, is_public, created_at}],
 * history[{_id, action, user_id{_id, name, is_staff}, timestamp}], createdAt, updatedAt, version`.
 * Residents never receive internal comments or history lines, and read staff as "HOA Staff" (no id).
 *
 * `POST /presigned-url` and `POST /download-url` are mounted beside this router (routes/uploads.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { REQUEST_MESSAGES, requestCommentSchema, requestFormSchema, requestListQuery, requestPolicy, requestUpdateSchema } from '../../schema/requests';
import { UPLOAD_MESSAGES } from '../../schema/uploads';
import * as requests from '../domain/requests';
import { invalidField } from '../domain/errors';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { jsonText } from './respond';

const idParam = z.object({ id: z.string().min(1).max(64) });
/** Residents are refused before their body is parsed. */
const triage = allow(requestPolicy.mayTriage, REQUEST_MESSAGES.boardOnly);

export const requestRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', requestListQuery), async (c) => jsonText(c, await requests.listRequestsJson(c.var.deps.database, c.var.actor, c.req.valid('query'))))
  .post('/', validate('json', requestFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => requests.createRequest(deps, tx, actor, c.req.valid('json')));
    return c.json(await requests.getRequest(deps.database.db, actor, row.id), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await requests.getRequest(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', validate('param', idParam), triage, validate('json', requestUpdateSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => requests.updateRequest(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await requests.getRequest(deps.database.db, actor, id));
  })
  .post('/:id/comments', validate('param', idParam), validate('json', requestCommentSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => requests.addRequestComment(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await requests.getRequest(deps.database.db, actor, id), 201);
  })
  .post('/:id/attachments', validate('param', idParam), async (c) => {
    const { deps, actor } = c.var;
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File)) throw invalidField('file', UPLOAD_MESSAGES.noFile);
    const received = { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
    return c.json(await requests.attachRequestFile(deps, actor, c.req.valid('param').id, received), 201);
  });
