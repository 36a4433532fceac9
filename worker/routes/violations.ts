/**
 * Compliance violations REST. Thin: parse, call worker/domain/violations, answer.
 * Response shapes (types in schema/violations.ts; dates ISO 8601):
 *
 * - `GET /`               ?page=1&limit=10 (≤100)&status=a,b&category=A,B → ApiViolationPage
 *                         `{docs: ApiViolation[], totalDocs, totalPages, page, limit, hasNextPage}`, newest first.
 *                         Residents get the violations issued to them; board and superadmin their HOA's.
 * - `POST /`              `{user_id, category, title, message, due_date, photo_url}` → 201 ApiViolation.
 *                         Board and superadmin; `user_id` an active member of the HOA; `due_date` not before today.
 * - `GET /:id`            → ApiViolation (404 "Violation not found or you do not have permission to view it").
 * - `PUT /:id/status`     `{status, resolution_notes?}` (notes only with resolved) → ApiViolation. Board and superadmin.
 * - `POST /:id/messages`  `{message, is_internal = false, photo_url?}` → 201 ApiViolation (with the new message).
 *                         `is_internal: true` (an internal note) is board work.
 *
 * ApiViolation: `_id, user_id{_id, name, email}, address_id{_id, street, unit_number}|null, issued_by{_id, name,
 * email}, category, title, message, due_date, photo_url, attachment{s3_key, filename, file_size, file_type}|null,
 * status, is_overdue (at read time), messages[{_id, sender_id{_id, name, is_staff}, message, is_internal, photo_url,
 * attachment, sent_at}], resolution{resolved_by{_id, name}, resolved_at, resolution_notes}|null,
 * history[{_id, action, user_id{_id, name, is_staff}, timestamp}], createdAt, updatedAt, version`.
 * Residents never receive internal messages or history lines.
 *
 * Fines and hearings (board: board and superadmin; amounts in cents):
 * - `GET /fine-schedules`  → `ApiFineSchedule[]`, one per category (`is_default` while the board has set none). Board.
 * - `PUT /fine-schedules`  `{category, courtesy_notice, warning, fine_cents, repeat_days, cap_cents, cure_days}` → ApiFineSchedule. Board.
 * - `POST /:id/advance`    `{from?}` (the stage the board saw) → ApiViolation: the next stage's letter (and at `fined` the
 *                          fine, capped). Board. 409 when the case is closed, at its last stage, or moved on from `from`.
 * - `POST /:id/hearing`    `{note}` → 201 ApiViolation. The resident it was issued to, once per open case (409 after).
 * - `PUT /:id/hearing`     `{scheduled_for}` (ISO date-time) or `{decision: upheld|dismissed|reduced, reason, reduced_to?}`
 *                          → ApiViolation. Board. Dismissed credits the fines back; reduced credits the difference.
 * ApiViolation also has `stage`, `cure_by`, `fined_cents`, `next_fine_at`, `schedule`, `letters[{_id, stage, sent_at,
 * cure_by, fine_cents}]` and `hearing{_id, note, requested_at, scheduled_for, decision, reason, decided_at}|null`.
 *
 * `POST /presigned-url` and `POST /download-url` are mounted beside this router (routes/uploads.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { VIOLATION_MESSAGES, violationFormSchema, violationListQuery, violationMessageSchema, violationPolicy, violationStatusSchema } from '../../schema/violations';
import { advanceSchema, FINE_MESSAGES, finePolicy, fineScheduleSchema, hearingRequestSchema, hearingUpdateSchema } from '../../schema/violation-fines';
import * as violations from '../domain/violations';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { jsonText } from './respond';

const idParam = z.object({ id: z.string().min(1).max(64) });
/** Residents are refused before their body is parsed. */
const board = allow(violationPolicy.mayChangeStatus, VIOLATION_MESSAGES.boardOnly);

const fineBoard = allow(finePolicy.mayManage, FINE_MESSAGES.boardOnly);
const residentOnly = allow(finePolicy.mayRequestHearing, FINE_MESSAGES.residentOnly);

export const violationRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/fine-schedules', fineBoard, async (c) => c.json(await violations.listFineSchedules(c.var.deps.database.db, c.var.actor)))
  .put('/fine-schedules', fineBoard, validate('json', fineScheduleSchema), async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => violations.saveFineSchedule(deps, tx, actor, c.req.valid('json'))));
  })
  .get('/', validate('query', violationListQuery), async (c) =>
    jsonText(c, await violations.listViolationsJson(c.var.deps.database, c.var.actor, c.req.valid('query'), c.var.deps.clock())),
  )
  .post('/', board, validate('json', violationFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => violations.issueViolation(deps, tx, actor, c.req.valid('json')));
    return c.json(await violations.getViolation(deps.database.db, actor, row.id, deps.clock()), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await violations.getViolation(c.var.deps.database.db, c.var.actor, c.req.valid('param').id, c.var.deps.clock())))
  .put('/:id/status', validate('param', idParam), board, validate('json', violationStatusSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => violations.setViolationStatus(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await violations.getViolation(deps.database.db, actor, id, deps.clock()));
  })
  .post('/:id/messages', validate('param', idParam), validate('json', violationMessageSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => violations.addViolationMessage(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await violations.getViolation(deps.database.db, actor, id, deps.clock()), 201);
  })
  .post('/:id/advance', validate('param', idParam), fineBoard, validate('json', advanceSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => violations.advanceViolation(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await violations.getViolation(deps.database.db, actor, id, deps.clock()));
  })
  .post('/:id/hearing', validate('param', idParam), residentOnly, validate('json', hearingRequestSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => violations.requestViolationHearing(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await violations.getViolation(deps.database.db, actor, id, deps.clock()), 201);
  })
  .put('/:id/hearing', validate('param', idParam), fineBoard, validate('json', hearingUpdateSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => violations.updateViolationHearing(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await violations.getViolation(deps.database.db, actor, id, deps.clock()));
  });
