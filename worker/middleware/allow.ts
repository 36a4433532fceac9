import { createMiddleware } from 'hono/factory';
import type { Role } from '../../schema/roles';
import { forbidden } from '../domain/errors';
import type { AppEnv } from '../env';

/**
 * The area policy's role check, before the body is read or validated: a caller who may not do this
 * at all gets 403 without the server parsing what they sent. The domain checks the same policy again
 * (it is what the sync push calls).
 */
export const allow = (mayAct: (role: Role) => boolean, message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!mayAct(c.get('actor').role)) throw forbidden(message);
    await next();
  });
