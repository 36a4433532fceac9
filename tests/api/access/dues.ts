import { dayOf, isoDay } from '../../../schema/money';
import { call, DEMO, login } from '../../helpers/http';
import { boardOnly, signedIn, superadminOnly, type MatrixContext, type MatrixRow, type Who } from './types';

/**
 * Dues and invoices and the payment account: the board creates and
 * changes dues and invoice statuses; everyone reads what bills them and pays their own invoices;
 * the superadmin sets up the payment account. Rows act on a due billing every Maple Grove caller.
 */
const boardRowOtherHoa = { resident: 403, board: 404, superadmin: 404 };
const MAPLE_EMAILS = [DEMO.maple.resident, DEMO.maple.board, DEMO.maple.superadmin];

const body = (ctx: MatrixContext, recipients: string[]) => ({
  title: 'Matrix dues',
  frequency: 'one_time',
  recipients,
  send_date: isoDay(dayOf(ctx.t.clock())),
  amount: 12.5,
  reason: 'dues',
  due_date_offset: 7,
});

/** A due billing `emails` (sent today, so its invoices exist), created by a board member of that HOA. */
async function dueFor(ctx: MatrixContext, boardToken: string, emails: readonly string[]): Promise<string> {
  const ids = await Promise.all(emails.map((e) => ctx.userId(e)));
  const r = await call(ctx.t, 'POST', '/api/dues', { token: boardToken, body: body(ctx, ids) });
  if (r.status !== 201) throw new Error(`due failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}
const mapleDue = (ctx: MatrixContext) => dueFor(ctx, ctx.token.board, MAPLE_EMAILS);
async function cedarDue(ctx: MatrixContext) {
  return dueFor(ctx, (await login(ctx.t, DEMO.cedar.board)).token, [DEMO.cedar.resident]);
}

/** The invoice of `who` (or of the Maple resident for anonymous callers) from a fresh due. */
async function invoiceOf(ctx: MatrixContext, who: Who): Promise<string> {
  const dueId = await mapleDue(ctx);
  const email = who === 'anon' ? DEMO.maple.resident : who === 'board' ? DEMO.maple.board : who === 'superadmin' ? DEMO.maple.superadmin : DEMO.maple.resident;
  const page = await call(ctx.t, 'GET', `/api/invoices?dues_id=${dueId}`, { token: ctx.token.board });
  const mine = page.json.docs.find((d: { recipient_id: { email: string } }) => d.recipient_id.email === email);
  return mine._id;
}
async function cedarInvoice(ctx: MatrixContext): Promise<string> {
  const board = (await login(ctx.t, DEMO.cedar.board)).token;
  const dueId = await dueFor(ctx, board, [DEMO.cedar.resident]);
  const page = await call(ctx.t, 'GET', `/api/invoices?dues_id=${dueId}`, { token: board });
  return page.json.docs[0]._id;
}

export const dueRows: MatrixRow[] = [
  { route: 'GET /api/dues', expect: signedIn(200) },
  { route: 'POST /api/dues', expect: boardOnly(201), request: async (ctx) => ({ body: body(ctx, [await ctx.userId(DEMO.maple.resident)]) }) },
  { route: 'GET /api/dues/payments', expect: signedIn(200) },
  {
    route: 'GET /api/dues/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/dues/${await mapleDue(ctx)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/dues/${await cedarDue(ctx)}` }), expect: 404 },
  },
  {
    route: 'PUT /api/dues/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/dues/${await mapleDue(ctx)}`, body: { status: 'inactive' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/dues/${await cedarDue(ctx)}`, body: { status: 'inactive' } }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/dues/:id/pay',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/dues/${await mapleDue(ctx)}/pay` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/dues/${await cedarDue(ctx)}/pay` }), expect: 404 },
  },
  { route: 'GET /api/invoices', expect: signedIn(200) },
  {
    route: 'GET /api/invoices/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/invoices/${await invoiceOf(ctx, 'resident')}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/invoices/${await cedarInvoice(ctx)}` }), expect: 404 },
  },
  {
    route: 'PUT /api/invoices/:id/status',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/invoices/${await invoiceOf(ctx, 'resident')}/status`, body: { status: 'canceled' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/invoices/${await cedarInvoice(ctx)}/status`, body: { status: 'canceled' } }), expect: boardRowOtherHoa },
  },
  {
    // Each caller pays their own invoice (the recipient rule; another's is 403 in dues.test.ts).
    route: 'POST /api/invoices/:id/pay',
    expect: signedIn(200),
    request: async (ctx, who) => ({ path: `/api/invoices/${await invoiceOf(ctx, who)}/pay` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/invoices/${await cedarInvoice(ctx)}/pay` }), expect: 404 },
  },
  { route: 'GET /api/stripe-connect/account-status', expect: superadminOnly(200) },
  { route: 'POST /api/stripe-connect/create-account', expect: superadminOnly(200) },
  { route: 'POST /api/stripe-connect/refresh-onboarding', expect: superadminOnly(200) },
];
