/**
 * Users REST. Thin: parse, call worker/domain/user-admin (and users.ts for the list),
 * answer. Board and superadmin only; residents get 403 before any body is read. Shapes in
 * schema/users.ts and schema/auth.ts (ApiUser).
 *
 * - `GET /`                     ?page&limit(≤100, default 100)&includeDeleted&status&role&search →
 *                               ApiUserPage `{docs, page, limit, totalPages, totalDocs, hasNextPage, statistics}`.
 * - `POST /invite`              {email, role, address_id?, phone?} → 201 ApiUser (status invited; the mail leaves after commit);
 *                               another HOA's member's email answers as a fresh one does; 429 per HOA (attempts, the
 *                               day's invitations), 403 past the plan's units (worker/domain/user-admin/quotas.ts).
 * - `POST /bulk`                {users: BulkUserRow[]} → 201 `{usersCreated, addressesCreated, usersReactivated, message}`;
 *                               400 `errors: [{path: 'users[i].field', msg}]` and nothing created; the same limits as invite
 *                               (files per HOA, the day's invitations, the plan's units).
 * - `GET /:id`                  → ApiUser.
 * - `PUT /:id`                  {name, role, status} → ApiUser.
 * - `DELETE /:id`               → `{message: 'User {name} deleted successfully'}`.
 * - `POST /:id/resend-invite`   → `{message: 'Invitation resent successfully'}` (invited users only, 409 otherwise); counted as an invite.
 * - `POST /:id/assign-address`  {address_id} → ApiUser & `{message}`; another HOA's address is 404.
 * - `DELETE /:id/assign-address` → ApiUser & `{message}`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { bulkUsersBody } from '../../schema/bulk-users';
import { USER_MESSAGES, assignAddressSchema, editUserSchema, inviteUserSchema, userListQuery, userPolicy } from '../../schema/users';
import * as admin from '../domain/user-admin';
import { listUsers } from '../domain/users';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const manage = allow(userPolicy.mayManage, USER_MESSAGES.mayNotManage);

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', userListQuery), async (c) => c.json(await listUsers(c.var.deps.database.db, c.var.actor, c.req.valid('query'))))
  .post('/invite', manage, validate('json', inviteUserSchema), async (c) => {
    const { deps, actor } = c.var;
    const id = await admin.inviteUser(deps, actor, c.req.valid('json'));
    return c.json(await admin.getMember(deps.database.db, actor, id), 201);
  })
  .post('/bulk', manage, validate('json', bulkUsersBody), async (c) => {
    const { deps, actor } = c.var;
    return c.json(await admin.bulkCreateUsers(deps, actor, c.req.valid('json').users), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await admin.getMember(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', validate('param', idParam), manage, validate('json', editUserSchema), async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => admin.editMember(deps, tx, actor, c.req.valid('param').id, c.req.valid('json'))));
  })
  .delete('/:id', validate('param', idParam), manage, async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => admin.deleteMember(deps, tx, actor, c.req.valid('param').id)));
  })
  .post('/:id/resend-invite', validate('param', idParam), manage, async (c) => {
    const { deps, actor } = c.var;
    return c.json(await admin.resendInvitation(deps, actor, c.req.valid('param').id));
  })
  .post('/:id/assign-address', validate('param', idParam), manage, validate('json', assignAddressSchema), async (c) => {
    const { deps, actor } = c.var;
    const { address_id } = c.req.valid('json');
    return c.json(await deps.database.transaction((tx) => admin.assignAddress(deps, tx, actor, c.req.valid('param').id, address_id)));
  })
  .delete('/:id/assign-address', validate('param', idParam), manage, async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => admin.unassignAddress(deps, tx, actor, c.req.valid('param').id)));
  });
