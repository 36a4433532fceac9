import { eq } from 'drizzle-orm';
import { invoices } from '../../../schema/tables';
import { DEMO } from '../../helpers/http';
import { openInvoice } from '../../helpers/invoices';
import { boardOnly, type MatrixContext, type MatrixRow } from './types';

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
