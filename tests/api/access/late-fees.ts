import { eq } from 'drizzle-orm';
import { invoices } from '../../../schema/tables';
import { postLedgerLine } from '../../../worker/domain/ledger';
import { call, DEMO, login } from '../../helpers/http';
import { openInvoice } from '../../helpers/invoices';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow } from './types';

/** Late fees: the board waives a fee on its HOA's invoices; a resident is refused before the row is read. */
async function feeInvoice(ctx: MatrixContext, hoa: 'maple' | 'cedar'): Promise<string> {
  const recipientId = await ctx.userId(hoa === 'maple' ? DEMO.maple.resident : DEMO.cedar.resident);
  const id = await openInvoice(ctx.t.deps, { hoaId: await ctx.hoaId(hoa), recipientId, amountCents: 10_000 });
  await ctx.t.write((tx) => tx.update(invoices).set({ lateFeeCents: 2_500 }).where(eq(invoices.id, id)));
  return id;
}

export const lateFeeRows: MatrixRow[] = [
  {
    route: 'POST /api/invoices/:id/waive-late-fee',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/invoices/${await feeInvoice(ctx, 'maple')}/waive-late-fee`, body: { reason: 'Matrix' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/invoices/${await feeInvoice(ctx, 'cedar')}/waive-late-fee`, body: { reason: 'Matrix' } }), expect: { resident: 403, board: 404, superadmin: 404 } },
  },
];

/** A late fee line of the Maple resident (or the Cedar one), posted as the job posts it. */
async function feeLine(ctx: MatrixContext, hoa: 'maple' | 'cedar'): Promise<string> {
  const hoaId = await ctx.hoaId(hoa);
  const userId = await ctx.userId(hoa === 'maple' ? DEMO.maple.resident : DEMO.cedar.resident);
  const invoiceId = await openInvoice(ctx.t.deps, { hoaId, recipientId: userId, amountCents: 10_000 });
  const line = await ctx.t.write((tx) => postLedgerLine(ctx.t.deps, tx, { hoaId, userId, kind: 'late_fee', amountCents: 2_500, description: 'Late fee: Matrix', occurredAt: ctx.t.clock(), sourceKey: `late_fee:${invoiceId}`, invoiceId }));
  return line!.id;
}
/** A question the Maple (or Cedar) resident asked about a fresh fee line. */
async function question(ctx: MatrixContext, hoa: 'maple' | 'cedar'): Promise<string> {
  const token = hoa === 'maple' ? ctx.token.resident : (await login(ctx.t, DEMO.cedar.resident)).token;
  const r = await call(ctx.t, 'POST', '/api/ledger-questions', { token, body: { line_id: await feeLine(ctx, hoa), kind: 'waiver', message: '<p>Please waive it</p>' } });
  if (r.status !== 201) throw new Error(`question failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}

/** Ledger questions: residents ask about their own lines and read their own questions; the board reads and answers its HOA's. */
export const ledgerQuestionRows: MatrixRow[] = [
  { route: 'GET /api/ledger-questions', expect: signedIn(200) },
  {
    // Each caller asks about a line of their own account (a board member is a resident of the HOA too).
    route: 'POST /api/ledger-questions',
    expect: signedIn(201),
    request: async (ctx, who) => {
      const email = who === 'board' ? DEMO.maple.board : who === 'superadmin' ? DEMO.maple.superadmin : DEMO.maple.resident;
      const hoaId = await ctx.hoaId('maple');
      const userId = await ctx.userId(email);
      const invoiceId = await openInvoice(ctx.t.deps, { hoaId, recipientId: userId, amountCents: 10_000 });
      const line = await ctx.t.write((tx) => postLedgerLine(ctx.t.deps, tx, { hoaId, userId, kind: 'charge', amountCents: 10_000, description: 'Matrix', occurredAt: ctx.t.clock(), sourceKey: `charge:${invoiceId}`, invoiceId }));
      return { body: { line_id: line!.id, kind: 'dispute', message: '<p>Why?</p>' } };
    },
    otherHoa: { request: async (ctx) => ({ body: { line_id: await feeLine(ctx, 'cedar'), kind: 'waiver', message: '<p>Mine?</p>' } }), expect: 404 },
  },
  {
    route: 'GET /api/ledger-questions/:id',
    // The resident's own question: theirs and the board's to read.
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/ledger-questions/${await question(ctx, 'maple')}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/ledger-questions/${await question(ctx, 'cedar')}` }), expect: 404 },
  },
  {
    route: 'POST /api/ledger-questions/:id/messages',
    expect: signedIn(201),
    request: async (ctx) => ({ path: `/api/ledger-questions/${await question(ctx, 'maple')}/messages`, body: { message: '<p>More</p>' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/ledger-questions/${await question(ctx, 'cedar')}/messages`, body: { message: '<p>More</p>' } }), expect: 404 },
  },
  {
    route: 'PUT /api/ledger-questions/:id/status',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/ledger-questions/${await question(ctx, 'maple')}/status`, body: { status: 'declined', reason: 'Matrix' } }),
    otherHoa: {
      request: async (ctx) => ({ path: `/api/ledger-questions/${await question(ctx, 'cedar')}/status`, body: { status: 'declined', reason: 'Matrix' } }),
      expect: { resident: 403, board: 404, superadmin: 404 },
    },
  },
];
