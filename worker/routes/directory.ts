/**
 * The resident directory REST. Thin: parse, call worker/domain/directory, answer. Every signed-in
 * member of the HOA (types in schema/directory.ts and sync/areas/directory.ts):
 *
 * - `GET /`          → `{residents: ApiDirectoryEntry[]}` (`_id, name, address{_id, street,
 *                    unit_number} | null, email | null, phone | null, version`), by name: the listed,
 *                    active members, an email or phone only when its owner shares it. 404
 *                    `{error}` while the HOA has the directory off.
 * - `GET /me`        → `{listed, share_email, share_phone, enabled}`: the caller's choices (none saved:
 *                    all false) and whether the HOA has the directory on.
 * - `PUT /me`        `{listed, share_email, share_phone}` (booleans) → the same as `GET /me`; 400
 *                    `errors:[{path,msg}]` for a bad body; 404 while the HOA has the directory off.
 * - `GET /settings`  → `{enabled}`.
 * - `PUT /settings`  `{enabled}` (superadmin; 403 otherwise) → `{enabled}`.
 *
 * The same entries reach every member's devices by sync (key space `directoryEntry`).
 */
import { Hono } from 'hono';
import { DIRECTORY_MESSAGES, directoryPolicy, directoryPreferencesBody, directorySettingBody } from '../../schema/directory';
import * as directory from '../domain/directory';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

export const directoryRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => c.json(await directory.listDirectory(c.var.deps, c.var.actor)))
  .get('/me', async (c) => c.json(await directory.getMyListing(c.var.deps, c.var.actor)))
  .put('/me', validate('json', directoryPreferencesBody), async (c) => c.json(await directory.saveMyListing(c.var.deps, c.var.actor, c.req.valid('json'))))
  .get('/settings', async (c) => c.json(await directory.getDirectorySetting(c.var.deps, c.var.actor)))
  .put('/settings', allow(directoryPolicy.mayChangeSetting, DIRECTORY_MESSAGES.superadminOnly), validate('json', directorySettingBody), async (c) =>
    c.json(await directory.setDirectorySetting(c.var.deps, c.var.actor, c.req.valid('json').enabled)),
  );
