import { createMiddleware } from 'hono/factory';
import { lapsedMayCall } from '../../schema/subscriptions';
import { hoaLapsed, lapsedRefusal } from '../domain/subscriptions/lapsed';
import type { AppEnv } from '../env';
import { verifyAccessToken } from '../services/tokens';

/**
 * The lapsed-subscription rule for REST (docs/decisions/140-lapsed-read-only.md): a signed-in member of an HOA whose
 * subscription has ended may read but not write. Runs before the routers, so it reads the Bearer token
 * itself (routers still authenticate as usual; an invalid token is left to them). The sync push applies
 * the same rule per mutation (worker/sync/push.ts), so offline changes are refused with a notice.
 */
export const refuseLapsedWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (lapsedMayCall(c.req.method, c.req.path)) return next();
  const header = c.req.header('Authorization');
  if (!header?.startsWith('Bearer ')) return next();
  const deps = c.get('deps');
  const claims = await verifyAccessToken(deps.config.jwtSecret, header.slice(7).trim(), deps.clock());
  if (claims && (await hoaLapsed(deps.database.db, claims.hoa))) throw lapsedRefusal();
  await next();
});
