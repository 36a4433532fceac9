/**
 * Architectural applications REST. Thin: parse, call worker/domain/applications, answer. Dates ISO 8601.
 *
 * - `GET /`               → `{docs: ApiApplication[]}`, newest submitted first. The board gets the HOA's; a
 *                           resident their own.
 * - `POST /`              `{title (≤200), description (rich text), start_date: YYYY-MM-DD, photos?: [key] (≤6),
 *                           plans?: [key] (≤3)}` → 201 ApiApplication. Files the request of category Modification
 *                           with the same id; keys from `POST /presigned-url` (feature applications).
 * - `GET /settings`       → `{review_days, deadline_rule: approved_by_default|escalated}`. Board and superadmin.
 * - `PUT /settings`       `{review_days (1–180), deadline_rule}` → the same. Board and superadmin.
 * - `GET /:id`            → ApiApplication (404 "Application not found or you do not have permission to view it").
 * - `POST /:id/reviews`   `{decision: approve|approve_with_conditions|deny, conditions?, reasons?}` → ApiApplication.
 *                           Board members only; conditions required with conditions, reasons required to deny;
 *                           409 once decided. A member's second review replaces their first.
 * - `POST /:id/letter`    `{letter (rich text)}` → ApiApplication. Board and superadmin, once the application is
 *                           decided, once (409 otherwise); mailed to the resident (template application-decision).
 *
 * ApiApplication: `_id, title, description, user_id{_id, name, email}, address_id{_id, street, unit_number}|null,
 * start_date, submitted_at, deadline, status (under_review|approved|approved_with_conditions|denied|
 * approved_by_default|escalated), decided_by (reviews|motion|deadline)|null, decided_at, photos[{s3_key, filename,
 * file_size, file_type}], plans[…], photos_refused[{file_name, reason}], reviews[{reviewer{_id, name}, decision,
 * conditions, reasons, at}] (empty for residents), letter{html, sent_at, sent_by{_id, name}}|null,
 * history[{_id, action, user_id{_id, name, is_staff}, timestamp}], updated_at, version`.
 *
 * `POST /presigned-url`, `POST /download-url` and `POST /uploads/:uploadId/complete` are mounted beside this router.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { APPLICATION_MESSAGES, applicationFormSchema, applicationPolicy, letterSchema, reviewSchema, settingsSchema } from '../../schema/applications';
import * as applications from '../domain/applications';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const board = allow(applicationPolicy.mayManage, APPLICATION_MESSAGES.boardOnly);
const reviewer = allow(applicationPolicy.mayReview, APPLICATION_MESSAGES.reviewersOnly);

export const applicationRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => c.json(await applications.listApplications(c.var.deps.database.db, c.var.actor)))
  .post('/', validate('json', applicationFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => applications.submitApplication(deps, tx, actor, c.req.valid('json')));
    return c.json(await applications.getApplication(deps.database.db, actor, row.id), 201);
  })
  .get('/settings', board, async (c) => c.json(await applications.getApplicationSettings(c.var.deps.database.db, c.var.actor)))
  .put('/settings', board, validate('json', settingsSchema), async (c) => {
    const { deps, actor } = c.var;
    await deps.database.transaction((tx) => applications.saveApplicationSettings(deps, tx, actor, c.req.valid('json')));
    return c.json(await applications.getApplicationSettings(deps.database.db, actor));
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await applications.getApplication(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .post('/:id/reviews', reviewer, validate('param', idParam), validate('json', reviewSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => applications.reviewApplication(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await applications.getApplication(deps.database.db, actor, id));
  })
  .post('/:id/letter', board, validate('param', idParam), validate('json', letterSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => applications.sendApplicationLetter(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await applications.getApplication(deps.database.db, actor, id));
  });
