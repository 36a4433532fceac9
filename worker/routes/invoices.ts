/**
 * Invoices REST. Thin: parse, call worker/domain/invoices, answer. Shapes in
 * schema/invoices.ts; dates ISO 8601 (days as their UTC midnight), amounts in cents.
 *
 * - `GET /`             ?page=1&limit=10 (≤100)&status=a&status=b&title=&sortBy=due_date|sent|amount|title|status|createdAt
 *                       &sortOrder=desc|asc&dues_id= → `{docs: ApiInvoice[], page, limit, totalPages, totalDocs}`.
 *                       Residents get their own invoices; board and superadmin their HOA's. `status=overdue` includes
 *                       pending invoices past their due day, `pending` excludes them.
 * - `GET /:id`          → ApiInvoice `{_id, dues_id{_id, title, description, frequency}, amountCents, status, sent, due_date,
 *                       paid_at, payment_method, recipient_id{_id, name, email}, history[], createdAt, updatedAt, version}`
 *                       (404 "Invoice not found.").
 * - `PUT /:id/status`   `{status, payment_method?}` → ApiInvoice. Board and superadmin; `paid` needs `payment_method`
 *                       check|cash|transfer (400); an invoice paid online stays paid (409), the board's own mark may be undone.
 * - `POST /:id/pay`     → `{checkout_url, invoice_id}`. The recipient only (403 "Only the invoice recipient can make
 *                       payments."), a pending or overdue invoice only (409); 400 while the HOA's payment account
 *                       cannot take charges. Body `{method?: 'card' | 'us_bank_account'}`: required (400) when the
 *                       HOA passes processing fees on, the fee then charged as its own line; otherwise both are offered.
 * - `POST /:id/waive-late-fee` `{reason}` (≤ 500 characters) → ApiInvoice with `late_fee_cents` 0. Board and superadmin;
 *                       409 when the invoice has no late fee or is no longer open.
 * - `POST /:id/refund`  `{reason}` (≤ 500 characters) → ApiInvoice, open again (pending, or overdue past its due day).
 *                       Board and superadmin (403 "Only board members can refund payments"); needs the network (the
 *                       provider refunds the payment in full). 400 for an invoice marked paid by check, cash or
 *                       transfer (undone with the status change instead); 409 when it is not paid or the provider
 *                       refuses. A replay after the refund answers the same, refunding nothing twice.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { INVOICE_MESSAGES, invoiceListQuery, invoicePolicy, invoiceStatusSchema } from '../../schema/invoices';
import { LATE_FEE_MESSAGES, lateFeePolicy, waiveLateFeeSchema } from '../../schema/late-fees';
import { payInvoiceBody } from '../../schema/processing-fees';
import { REFUND_MESSAGES, refundInvoiceSchema, refundPolicy } from '../../schema/refunds';
import * as invoices from '../domain/invoices';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { jsonText } from './respond';

const idParam = z.object({ id: z.string().min(1).max(64) });
const board = allow(invoicePolicy.mayChangeStatus, INVOICE_MESSAGES.boardOnly);
const waives = allow(lateFeePolicy.mayWaiveAny, LATE_FEE_MESSAGES.boardOnly);
const refunds = allow(refundPolicy.mayRefund, REFUND_MESSAGES.boardOnly);

export const invoiceRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', invoiceListQuery), async (c) =>
    jsonText(c, await invoices.listInvoicesJson(c.var.deps.database, c.var.actor, c.req.valid('query'), c.var.deps.clock())),
  )
  .get('/:id', validate('param', idParam), async (c) => c.json(await invoices.getInvoice(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id/status', validate('param', idParam), board, validate('json', invoiceStatusSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => invoices.setInvoiceStatus(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await invoices.getInvoice(deps.database.db, actor, id));
  })
  .post('/:id/waive-late-fee', validate('param', idParam), waives, validate('json', waiveLateFeeSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => invoices.waiveLateFee(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await invoices.getInvoice(deps.database.db, actor, id));
  })
  .post('/:id/refund', validate('param', idParam), refunds, validate('json', refundInvoiceSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await invoices.refundInvoice(deps, actor, id, c.req.valid('json'));
    return c.json(await invoices.getInvoice(deps.database.db, actor, id));
  })
  .post('/:id/pay', validate('param', idParam), validate('json', payInvoiceBody), async (c) =>
    c.json(await invoices.payInvoice(c.var.deps, c.var.actor, c.req.valid('param').id, c.req.valid('json'))),
  );
