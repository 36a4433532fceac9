/**
 * Dues REST. Thin: parse, call worker/domain, answer. Shapes in schema/dues.ts and
 * schema/invoices.ts; dates ISO 8601 (days as their UTC midnight), `amount` in dollars.
 *
 * - `GET /`           → `{docs: ApiDue[], totalDocs}`: board and superadmin the HOA's dues, residents those billing them.
 * - `POST /`          `{title, frequency, recipients[], send_date, due_date?, amount, reason?, description?, due_date_offset?}`
 *                     → 201 ApiDue. Board and superadmin. `due_date` is computed (send date + offset); a send day
 *                     that has come issues the first invoices at once.
 * - `GET /payments`   → `{docs: ApiInvoice[], totalDocs}`: paid invoices, newest payment first (a resident's own, the board's HOA's).
 * - `GET /:id`        → ApiDue (404 "Due not found." for another HOA's or a due that does not bill the resident).
 * - `PUT /:id`        `{title?, description?, amount?, reason?, status?, due_date_offset?, recipients?}` → ApiDue. Board.
 * - `POST /:id/pay`   → `{checkout_url, invoice_id}`: Checkout for the caller's oldest open invoice of the due.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { DUE_MESSAGES, dueFormSchema, duePolicy, dueUpdateSchema } from '../../schema/dues';
import * as dues from '../domain/dues';
import * as invoices from '../domain/invoices';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
/** Residents are refused before their body is parsed. */
const board = allow(duePolicy.mayManage, DUE_MESSAGES.boardOnly);

export const dueRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => c.json(await dues.listDues(c.var.deps.database.db, c.var.actor)))
  .post('/', board, validate('json', dueFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => dues.createDue(deps, tx, actor, c.req.valid('json')));
    return c.json(await dues.getDue(deps.database.db, actor, row.id), 201);
  })
  .get('/payments', async (c) => c.json(await invoices.listPayments(c.var.deps.database.db, c.var.actor)))
  .get('/:id', validate('param', idParam), async (c) => c.json(await dues.getDue(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', validate('param', idParam), board, validate('json', dueUpdateSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => dues.updateDue(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await dues.getDue(deps.database.db, actor, id));
  })
  .post('/:id/pay', validate('param', idParam), async (c) => c.json(await invoices.payDue(c.var.deps, c.var.actor, c.req.valid('param').id)));
