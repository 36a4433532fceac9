import { and, eq } from 'drizzle-orm';
import { ledgerLines } from '../../../schema/tables';
import { DEMO } from '../../helpers/http';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow } from './types';

/**
 * The ledger: everyone reads their own statement and receipts, the board any member's of its HOA;
 * another HOA's resident or line answers 404. Rows use the seeded residents' invoice history.
 */
async function lineOf(ctx: MatrixContext, email: string): Promise<string> {
  const userId = await ctx.userId(email);
  const [line] = await ctx.t.deps.database.db.select({ id: ledgerLines.id }).from(ledgerLines).where(and(eq(ledgerLines.userId, userId), eq(ledgerLines.kind, 'charge'))).limit(1);
  if (!line) throw new Error(`no ledger line for ${email}`);
  return line.id;
}
const cedarResident = async (ctx: MatrixContext) => `?user_id=${await ctx.userId(DEMO.cedar.resident)}`;

export const ledgerRows: MatrixRow[] = [
  { route: 'GET /api/ledger', expect: signedIn(200), otherHoa: { request: async (ctx) => ({ path: `/api/ledger${await cedarResident(ctx)}` }), expect: 404 } },
  {
    route: 'GET /api/ledger/statement.csv',
    expect: signedIn(200),
    otherHoa: { request: async (ctx) => ({ path: `/api/ledger/statement.csv${await cedarResident(ctx)}` }), expect: 404 },
  },
  {
    route: 'GET /api/ledger/lines/:id',
    // The Maple resident's own charge: theirs to read, and the board's.
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/ledger/lines/${await lineOf(ctx, DEMO.maple.resident)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/ledger/lines/${await lineOf(ctx, DEMO.cedar.resident)}` }), expect: 404 },
  },
];

/** The board's collections and exports: the board and the superadmin; they read their own HOA only (tests/api/ledger-collections.test.ts). */
ledgerRows.push(
  { route: 'GET /api/ledger/collections', expect: boardOnly(200) },
  { route: 'GET /api/ledger/export/lines.csv', expect: boardOnly(200) },
  { route: 'GET /api/ledger/export/invoices.csv', expect: boardOnly(200) },
  { route: 'GET /api/ledger/export/payments.csv', expect: boardOnly(200) },
);
