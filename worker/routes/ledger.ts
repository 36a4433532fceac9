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
 */
import { Hono } from 'hono';
import { z } from 'zod';
import * as ledger from '../domain/ledger';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const statementQuery = z.object({
  user_id: z.string().min(1).max(64).optional(),
  year: z.coerce.number({ message: 'Year must be a year such as 2026' }).int('Year must be a year such as 2026').min(2000, 'Year must be a year such as 2026').max(2100, 'Year must be a year such as 2026').optional(),
});
const idParam = z.object({ id: z.string().min(1).max(64) });

export const ledgerRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', statementQuery), async (c) => c.json(await ledger.getStatement(c.var.deps.database.db, c.var.actor, c.req.valid('query'))))
  .get('/statement.csv', validate('query', statementQuery), async (c) => {
    const { csv, filename } = await ledger.statementCsvOf(c.var.deps.database.db, c.var.actor, c.req.valid('query'));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
  })
  .get('/lines/:id', validate('param', idParam), async (c) => c.json(await ledger.getLedgerLine(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)));
