import { createMiddleware } from 'hono/factory';
import { AUTH_MESSAGES } from '../../schema/auth';
import { unauthorized } from '../domain/errors';
import type { AppEnv } from '../env';
import { verifyAccessToken } from '../services/tokens';

/** Bearer JWT → `c.var.actor`. Nothing else: no role check, no tenant logic. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization');
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token) throw unauthorized('Authentication required');
  const deps = c.var.deps;
  const claims = await verifyAccessToken(deps.config.jwtSecret, token, deps.clock());
  if (!claims) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  c.set('actor', { userId: claims.sub, hoaId: claims.hoa, role: claims.role, sessionId: claims.sid });
  await next();
});

