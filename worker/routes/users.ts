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
 * - `POST /resend-expired`      → `{resent, message}`: every expired invitation of the HOA gets a fresh link (schema/people.ts
 *                               `invitationState`); counted as one invite attempt, each mail one of the day's invitations.
 * - `GET /deleted`              → `{docs: ApiDeletedUser[]}`: members deleted in the last 30 days ("Show deleted").
 * - `GET /:id`                  → ApiUser.
 * - `PUT /:id`                  {name, role, status, email?, phone?, address_id?} → ApiUser (& `email_change_sent_to` when a
 *                               new email waits for the link mailed to it; it changes only when the link is opened).
 * - `DELETE /:id`               → `{message: 'User {name} deleted successfully'}`.
 * - `DELETE /:id/invitation`    → `{message}`: an invited member's invitation revoked (the row deleted, the link dead); 409 otherwise.
 * - `POST /:id/restore`         → `{message}`: a member deleted less than 30 days ago back as they were; 409 after.
 * - `POST /:id/resend-invite`   → `{message: 'Invitation resent successfully'}` (invited users only, 409 otherwise); counted as an invite.
 * - `POST /:id/assign-address`  {address_id} → ApiUser & `{message}`; another HOA's address is 404.
 * - `DELETE /:id/assign-address` → ApiUser & `{message}`.
 *
 * `emailChangeRoutes` (no sign-in: the link is the key): `POST /confirm` {token} → `{message}`; 400 for a used,
 * expired or unknown link or an address taken meanwhile.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { bulkUsersBody } from '../../schema/bulk-users';
import { USER_MESSAGES, assignAddressSchema, editUserSchema, inviteUserSchema, userListQuery, userPolicy } from '../../schema/users';
import * as admin from '../domain/user-admin';
import { listUsersJson } from '../domain/users';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { jsonText } from './respond';

const idParam = z.object({ id: z.string().min(1).max(64) });
const manage = allow(userPolicy.mayManage, USER_MESSAGES.mayNotManage);

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', userListQuery), async (c) => jsonText(c, await listUsersJson(c.var.deps.database, c.var.actor, c.req.valid('query'))))
  .post('/invite', manage, validate('json', inviteUserSchema), async (c) => {
    const { deps, actor } = c.var;
    const id = await admin.inviteUser(deps, actor, c.req.valid('json'));
    return c.json(await admin.getMember(deps.database.db, actor, id), 201);
  })
  .post('/bulk', manage, validate('json', bulkUsersBody), async (c) => {
    const { deps, actor } = c.var;
    return c.json(await admin.bulkCreateUsers(deps, actor, c.req.valid('json').users), 201);
  })
  .post('/resend-expired', manage, async (c) => c.json(await admin.resendExpiredInvitations(c.var.deps, c.var.actor)))
  .get('/deleted', manage, async (c) => c.json(await admin.deletedMembers(c.var.deps.database.db, c.var.actor, c.var.deps.clock())))
  .get('/:id', validate('param', idParam), async (c) => c.json(await admin.getMember(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', validate('param', idParam), manage, validate('json', editUserSchema), async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => admin.editMember(deps, tx, actor, c.req.valid('param').id, c.req.valid('json'))));
  })
  .delete('/:id', validate('param', idParam), manage, async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => admin.deleteMember(deps, tx, actor, c.req.valid('param').id)));
  })
  .delete('/:id/invitation', validate('param', idParam), manage, async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => admin.revokeInvitation(deps, tx, actor, c.req.valid('param').id)));
  })
  .post('/:id/restore', validate('param', idParam), manage, async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => admin.restoreMember(deps, tx, actor, c.req.valid('param').id)));
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

const confirmBody = z.object({ token: z.string().min(1).max(200) });

export const emailChangeRoutes = new Hono<AppEnv>().post('/confirm', validate('json', confirmBody), async (c) =>
  c.json(await admin.confirmEmailChange(c.var.deps, c.req.valid('json').token)),
);
