import { TEST_CARDS } from '../../../worker/services/payments/cards';
import type { LocalPayments } from '../../../worker/services/payments/local';
import { call, DEMO, socketEnv } from '../../helpers/http';
import { openInvoice } from '../../helpers/invoices';
import { boardOnly, type MatrixContext, type MatrixRow } from './types';

/** The Maple resident's invoice, paid by card through the local Checkout (a refund needs a payment made online). */
async function paidOnline(ctx: MatrixContext): Promise<string> {
  const id = await openInvoice(ctx.t.deps, { hoaId: await ctx.hoaId('maple'), recipientId: await ctx.userId(DEMO.maple.resident), amountCents: 10_000 });
  const pay = await call(ctx.t, 'POST', `/api/invoices/${id}/pay`, { token: ctx.token.resident });
  const form = new URLSearchParams({ number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123' });
  const res = await ctx.t.app.request(`http://localhost:8787${new URL(pay.json.checkout_url).pathname}`, { method: 'POST', body: form }, socketEnv());
  if (res.status !== 303) throw new Error(`card payment failed: ${res.status}`);
  await (ctx.t.deps.payments as LocalPayments).flush();
  return id;
}

/** Refunds: the board gives back a payment made online; a resident is refused before the row is read. */
export const refundRows: MatrixRow[] = [
  {
    route: 'POST /api/invoices/:id/refund',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/invoices/${await paidOnline(ctx)}/refund`, body: { reason: 'Matrix' } }),
    otherHoa: {
      request: async (ctx) => ({ path: `/api/invoices/${await openInvoice(ctx.t.deps, { hoaId: await ctx.hoaId('cedar'), recipientId: await ctx.userId(DEMO.cedar.resident), amountCents: 10_000 })}/refund`, body: { reason: 'Matrix' } }),
      expect: { resident: 403, board: 404, superadmin: 404 },
    },
  },
];
