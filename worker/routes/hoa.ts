/**
 * The HOA's settings after signup:
 * - `PUT /time-zone {time_zone}` (superadmin, 403 otherwise) → `{time_zone}`; 400 with `errors` for a
 *   zone the runtime does not know.
 * - `GET /processing-fees` (any member) → `{processing_fees: 'absorbed' | 'passed_on'}`.
 * - `PUT /processing-fees {processing_fees}` (superadmin, 403 otherwise) → the same; 400 with `errors` otherwise.
 */
import { Hono } from 'hono';
import { hoaTimeZoneBody, processingFeesBody } from '../../schema/hoa-settings';
import { setHoaTimeZone } from '../domain/hoa-days';
import { getProcessingFees, setProcessingFees } from '../domain/hoa-fees';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

export const hoaRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .put('/time-zone', validate('json', hoaTimeZoneBody), async (c) => c.json(await setHoaTimeZone(c.var.deps, c.var.actor, c.req.valid('json').time_zone)))
  .get('/processing-fees', async (c) => c.json(await getProcessingFees(c.var.deps, c.var.actor)))
  .put('/processing-fees', validate('json', processingFeesBody), async (c) => c.json(await setProcessingFees(c.var.deps, c.var.actor, c.req.valid('json').processing_fees)));
