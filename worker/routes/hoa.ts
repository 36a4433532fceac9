/**
 * The HOA's settings after signup:
 * - `PUT /time-zone {time_zone}` (superadmin, 403 otherwise) → `{time_zone}`; 400 with `errors` for a
 *   zone the runtime does not know.
 */
import { Hono } from 'hono';
import { hoaTimeZoneBody } from '../../schema/hoa-settings';
import { setHoaTimeZone } from '../domain/hoa-days';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

export const hoaRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .put('/time-zone', validate('json', hoaTimeZoneBody), async (c) => c.json(await setHoaTimeZone(c.var.deps, c.var.actor, c.req.valid('json').time_zone)));
