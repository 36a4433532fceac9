/**
 * Ledger REST: a resident's statement of account. Thin: parse, call worker/domain/ledger, answer.
 * Amounts are signed integer cents as they move the balance (a charge adds, a payment takes away).
 *
 * - `GET /`               ?user_id=&year= → `{resident{_id,name,email}, year, years[], opening_balance_cents,
 *                         closing_balance_cents, balance_cents, balance_text, lines[{_id, kind, amount_cents,
 *                         description, occurred_at, invoice_id, …, receipt, balance_cents}]}`. Residents: their own
 *                         (another's id answers 404); board and superadmin: any member of their HOA.
 * - `GET /statement.csv`  the same query → the statement as CSV (`Date,Type,Description,Receipt,Method,Amount,Balance`).
 * - `GET /lines/:id`      → one line; a payment's is its receipt (`receipt` "R-000042"). 404 "Ledger line not found.".
 *
 * The board's collections (board and superadmin; residents 403 "Only board members can see collections"):
 * - `GET /collections`    → `{today "YYYY-MM-DD", collected_cents (payments − refunds in the HOA's month),
 *                         outstanding_cents, credits_cents, residents_owing, residents_in_credit,
 *                         aging[{bucket current|d1_30|d31_60|d61_90|d90_plus, label, count, amount_cents}],
 *                         delinquent[{resident{_id,name,email}, balance_cents, overdue_count, overdue_cents,
 *                         oldest_overdue_days, last_payment{at, amount_cents}|null}]}` (largest balance first).
 * - `GET /export/lines.csv`, `/export/invoices.csv`, `/export/payments.csv` ?from=YYYY-MM-DD&to=YYYY-MM-DD
 *                         (both optional, days of the HOA, both included; invoices by their send day) → CSV:
 *                         lines `Date,Resident,Email,Type,Description,Amount,Receipt,Method,Method detail,Reference,Invoice ID,Line ID`;
 *                         invoices `Invoice ID,Issued,Due date,Resident,Email,Description,Status,Amount,Late fee,Total,Days past due,Paid date,Payment method`;
 *                         payments `Date,Receipt,Resident,Email,Type,Amount,Method,Method detail,Reference,Invoice ID,Description,Line ID`
 *                         (refunds negative). Amounts are plain decimals ("120.00"). 400 for a bad day or from after to.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { collectionsPolicy, COLLECTIONS_MESSAGES, exportRangeSchema } from '../../schema/collections';
import * as ledger from '../domain/ledger';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { csvAnswer } from './respond';

const statementQuery = z.object({
  user_id: z.string().min(1).max(64).optional(),
  year: z.coerce.number({ message: 'Year must be a year such as 2026' }).int('Year must be a year such as 2026').min(2000, 'Year must be a year such as 2026').max(2100, 'Year must be a year such as 2026').optional(),
});
const idParam = z.object({ id: z.string().min(1).max(64) });

const boardOnly = allow(collectionsPolicy.mayRead, COLLECTIONS_MESSAGES.boardOnly);

export const ledgerRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', statementQuery), async (c) => c.json(await ledger.getStatement(c.var.deps.database.db, c.var.actor, c.req.valid('query'))))
  .get('/statement.csv', validate('query', statementQuery), async (c) => csvAnswer(c, await ledger.statementCsvOf(c.var.deps.database.db, c.var.actor, c.req.valid('query'))))
  .get('/collections', boardOnly, async (c) => c.json(await ledger.getCollections(c.var.deps.database.db, c.var.actor, c.var.deps.clock())))
  .get('/lines/:id', validate('param', idParam), async (c) => c.json(await ledger.getLedgerLine(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .get('/export/lines.csv', boardOnly, validate('query', exportRangeSchema), async (c) => csvAnswer(c, await ledger.exportOf(c.var.deps.database.db, c.var.actor, 'lines', c.req.valid('query'), c.var.deps.clock())))
  .get('/export/invoices.csv', boardOnly, validate('query', exportRangeSchema), async (c) => csvAnswer(c, await ledger.exportOf(c.var.deps.database.db, c.var.actor, 'invoices', c.req.valid('query'), c.var.deps.clock())))
  .get('/export/payments.csv', boardOnly, validate('query', exportRangeSchema), async (c) => csvAnswer(c, await ledger.exportOf(c.var.deps.database.db, c.var.actor, 'payments', c.req.valid('query'), c.var.deps.clock())));
