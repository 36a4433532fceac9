/**
 * Autopay REST. Thin: parse, call worker/domain/autopay, answer. Online only (nothing is synced).
 * Everyone manages their own; the board reads a resident's (`?user_id=`) and never changes it.
 *
 * - `GET /`                  ?user_id= (board: a member of its HOA; a resident: only their own, else 404)
 *                            &setup=<session> (the setup page's return: records the method just saved) →
 *                            ApiAutopay `{user_id, methods[{_id, kind, label, last4, exp_month, exp_year, created_at}],
 *                            enrollment{method_id, timing, status, updated_at}|null, upcoming[{invoice_id, title,
 *                            amount_cents, charge_on, attempt}], attempts[{_id, invoice_id, attempt, amount_cents, status,
 *                            failure_reason, created_at}], payments_ready}`.
 * - `POST /methods/setup`    `{kind: card|us_bank_account}` → `{url}` of the provider's page saving it (400 before the HOA takes payments).
 * - `DELETE /methods/:id`    → `{message}`. 404 for a method not the caller's; 409 while autopay charges it.
 * - `PUT /`                  `{method_id?, timing?: due_date|issued, status?: active|paused|stopped}` → ApiAutopay. The
 *                            first call names a method (400); later calls change the one enrollment in place.
 *                            `?user_id=` of another member: 403 (404 for another HOA's).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { autopayBody, autopayQuery, autopaySetupBody } from '../../schema/autopay';
import * as autopay from '../domain/autopay';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const getQuery = z.object({ user_id: z.string().min(1).max(64).optional(), setup: z.string().min(1).max(255).optional() });

export const autopayRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', getQuery), async (c) => c.json(await autopay.getAutopay(c.var.deps, c.var.actor, c.req.valid('query'))))
  .put('/', validate('query', autopayQuery), validate('json', autopayBody), async (c) => c.json(await autopay.setAutopay(c.var.deps, c.var.actor, c.req.valid('json'), c.req.valid('query').user_id)))
  .post('/methods/setup', validate('json', autopaySetupBody), async (c) => c.json(await autopay.startMethodSetup(c.var.deps, c.var.actor, c.req.valid('json'))))
  .delete('/methods/:id', validate('param', idParam), async (c) => c.json(await autopay.removeMethod(c.var.deps, c.var.actor, c.req.valid('param').id)));
