/**
 * Users REST. For now the read-only member list the pickers need (announcement recipients,
 * violation residents, due payers); the user-management calls of platform §7 join this router.
 * `GET /?page&limit(≤100)&includeDeleted&status&role` → `{docs: ApiUser[], totalDocs, totalPages, page, limit, hasNextPage}`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../../schema/roles';
import { listUsers } from '../domain/users';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  limit: z.coerce.number().int().min(1).max(100).default(100).catch(100),
  includeDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .catch('false')
    .transform((v) => v === 'true'),
  status: z.enum(USER_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
});

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', listQuery), async (c) => c.json(await listUsers(c.var.deps.database.db, c.var.actor, c.req.valid('query'))));
