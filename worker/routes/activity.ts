/**
 * The activity trail REST. Not synced: it is the server's record, read a page at a time.
 * - `GET /`          `?actor=&kind=people|money|documents|violations|settings&q=&from=YYYY-MM-DD&to=YYYY-MM-DD&cursor=&page=&limit=`
 *                    → `{docs: ApiActivity[], page, hasNextPage, next_cursor}`, newest first (board and superadmin; 403 otherwise).
 *                    ApiActivity: `_id, at (ISO), actor{_id, name}, action, kind, summary, entity{kind, _id},
 *                    before, after (the changed fields only), device ("Chrome on Android"), client_group_id`.
 *                    With `format=csv`: every filtered row as CSV (`activity.csv`).
 * - `GET /export`    the same filters → the CSV.
 * - `GET /actors`    → `{docs: [{_id, name}]}`: everyone the HOA's trail names (the actor filter).
 * - `GET /mine`      `?cursor=&page=&limit=` → the page of the caller's own account's trail (any member; no devices).
 */
import { Hono } from 'hono';
import { ACTIVITY_MESSAGES, activityPagingSchema, activityPolicy, activityQuerySchema } from '../../schema/activity';
import * as trail from '../domain/activity';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { csvAnswer } from './respond';

const boardOnly = allow(activityPolicy.mayView, ACTIVITY_MESSAGES.boardOnly);


export const activityRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', boardOnly, validate('query', activityQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const db = c.var.deps.database.db;
    return q.format === 'csv' ? csvAnswer(c, await trail.exportActivity(db, c.var.actor, q)) : c.json(await trail.listActivity(db, c.var.actor, q));
  })
  .get('/export', boardOnly, validate('query', activityQuerySchema), async (c) => csvAnswer(c, await trail.exportActivity(c.var.deps.database.db, c.var.actor, c.req.valid('query'))))
  .get('/actors', boardOnly, async (c) => c.json(await trail.activityActors(c.var.deps.database.db, c.var.actor)))
  .get('/mine', validate('query', activityPagingSchema), async (c) => c.json(await trail.listMyActivity(c.var.deps.database.db, c.var.actor, c.req.valid('query'))));
