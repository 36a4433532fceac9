import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { AUTH_MESSAGES } from '../../schema/auth';
import type { Role } from '../../schema/roles';
import { cachedUntilNextWrite, preparedRead } from '../db';
import { unauthorized } from '../domain/errors';
import type { AppEnv } from '../env';
import { verifyAccessToken } from '../services/tokens';

/**
 * The user's role and standing now, and whether the session family the token was issued for is still
 * open: one indexed read. A role change, a deactivation, a deletion and a revoked session (logout,
 * password change elsewhere) take effect on the next request, not when the 15-minute token expires.
 * Kept until the next write where this process is the database's one writer (`cachedUntilNextWrite`).
 */
const readAccess = preparedRead<{ role: Role; status: string; deleted: number; live: number }, { userId: string; hoaId: string; sid: string }>(
  () => sql`SELECT u.role AS role, u.status AS status, u.deleted_at IS NOT NULL AS deleted,
    EXISTS (SELECT 1 FROM sessions s WHERE s.family_id = ${sql.placeholder('sid')} AND s.user_id = u.id AND s.revoked_at IS NULL) AS live
    FROM users u WHERE u.id = ${sql.placeholder('userId')} AND u.hoa_id = ${sql.placeholder('hoaId')}`,
);

/** Bearer JWT → `c.var.actor`, with the role the user holds now. No role check, no tenant logic. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization');
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token) throw unauthorized('Authentication required');
  // c.get, not c.var, in middleware every request runs: Hono's c.var copies every variable into a new object on each read.
  const deps = c.get('deps');
  const claims = await verifyAccessToken(deps.config.jwtSecret, token, deps.clock());
  if (!claims) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const who = { userId: claims.sub, hoaId: claims.hoa, sid: claims.sid };
  const [now] = await cachedUntilNextWrite(deps.database, `access:${who.userId}:${who.hoaId}:${who.sid}`, () => readAccess(deps.database, who));
  if (!now || now.deleted || now.status !== 'active' || !now.live) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  c.set('actor', { userId: claims.sub, hoaId: claims.hoa, role: now.role, sessionId: claims.sid, device: { userAgent: c.req.header('user-agent') ?? null } });
  await next();
});
