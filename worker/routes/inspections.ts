/**
 * Inspection rounds REST. Thin: parse, call worker/domain/inspections, answer. Board and superadmin
 * only: residents get 403 before any body is parsed; another HOA's round is a 404.
 *
 * - `GET /`                        → `{docs: ApiRound[]}`, newest first. ApiRound: `_id, title, date (ISO, the
 *                                    day's UTC midnight), status (in_progress|paused|finished), started_by{_id, name},
 *                                    finished_by{_id, name}|null, finished_at, createdAt, updatedAt, version,
 *                                    stops_done, stops_total`.
 * - `POST /`                       `{title (≤100), date: YYYY-MM-DD}` → 201 ApiRoundDetail; the stops are the HOA's
 *                                    addresses in walking order (street name, then house number).
 * - `GET /:id`                     → ApiRoundDetail: ApiRound with `stops[{_id, round_id, address_id, position,
 *                                    address{_id, street, unit_number}, residents[{_id, name}], outcome
 *                                    (no_issues|violation|not_inspected|null), violation_id, done_by{_id, name}|null,
 *                                    done_at}]` and `summary{total, covered, no_issues, violations, not_inspected}`.
 * - `PUT /:id/status`              `{status}` → ApiRoundDetail. Pause, Resume, Finish Round (the stops left become
 *                                    not_inspected); 409 once finished.
 * - `PUT /:id/stops/:addressId`    `{outcome: no_issues|violation|null, violation_id?}` → ApiRoundDetail. A stop is
 *                                    done once: 409 "This address was already inspected by <name>." for a second;
 *                                    `null` undoes one's own mark while the round is open (403 for another's).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { INSPECTION_MESSAGES, inspectionPolicy, roundFormSchema, roundStatusSchema, stopMarkSchema } from '../../schema/inspections';
import * as inspections from '../domain/inspections';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const stopParam = z.object({ id: z.string().min(1).max(64), addressId: z.string().min(1).max(64) });
const inspector = allow(inspectionPolicy.mayManage, INSPECTION_MESSAGES.boardOnly);

export const inspectionRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .use(inspector)
  .get('/', async (c) => c.json(await inspections.listRounds(c.var.deps.database.db, c.var.actor)))
  .post('/', validate('json', roundFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const round = await deps.database.transaction((tx) => inspections.startRound(deps, tx, actor, c.req.valid('json')));
    return c.json(await inspections.getRound(deps.database.db, actor, round.id), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await inspections.getRound(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id/status', validate('param', idParam), validate('json', roundStatusSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => inspections.setRoundStatus(deps, tx, actor, id, c.req.valid('json').status));
    return c.json(await inspections.getRound(deps.database.db, actor, id));
  })
  .put('/:id/stops/:addressId', validate('param', stopParam), validate('json', stopMarkSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id, addressId } = c.req.valid('param');
    await deps.database.transaction((tx) => inspections.markStop(deps, tx, actor, id, addressId, c.req.valid('json')));
    return c.json(await inspections.getRound(deps.database.db, actor, id));
  });
