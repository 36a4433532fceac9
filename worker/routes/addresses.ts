/**
 * Addresses REST. Thin: parse, call worker/domain/addresses, answer. Board and
 * superadmin only; another HOA's address is 404. Shapes in schema/addresses.ts.
 *
 * - `GET /`        ?page&limit(≤100, default 20)&search (the shown address contains it) → ApiAddressPage `{docs, page, limit, totalPages, totalDocs, hasNextPage, statistics: {totalAddresses, occupied}}`.
 * - `POST /`       {street, unit_number?, is_rented?, notes?} → 201 ApiAddress (with `residents`).
 * - `GET /:id`     → ApiAddress.
 * - `PUT /:id`     {street, unit_number, is_rented, notes} → ApiAddress.
 * - `DELETE /:id`  → `{message}`; its residents are left without an address.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ADDRESS_MESSAGES, addressListQuery, addressSchema } from '../../schema/addresses';
import { userPolicy } from '../../schema/users';
import * as directory from '../domain/addresses';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const manage = allow(userPolicy.mayManage, ADDRESS_MESSAGES.mayNotManage);

export const addressRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', addressListQuery), async (c) => c.json(await directory.listAddresses(c.var.deps.database.db, c.var.actor, c.req.valid('query'))))
  .post('/', manage, validate('json', addressSchema), async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => directory.createAddress(deps, tx, actor, c.req.valid('json'))), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await directory.getAddress(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', validate('param', idParam), manage, validate('json', addressSchema), async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => directory.updateAddress(deps, tx, actor, c.req.valid('param').id, c.req.valid('json'))));
  })
  .delete('/:id', validate('param', idParam), manage, async (c) => {
    const { deps, actor } = c.var;
    return c.json(await deps.database.transaction((tx) => directory.deleteAddress(deps, tx, actor, c.req.valid('param').id)));
  });
