import { savedPaymentMethods } from '../../../schema/tables';
import { newId } from '../../../worker/services/tokens';
import { DEMO } from '../../helpers/http';
import { signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/**
 * Autopay: everyone manages their own methods and enrollment; the board reads a resident's, never
 * changes it; another HOA's resident or method answers 404. Methods are written straight to the table.
 */
const emailOf = (who: Who) => (who === 'board' ? DEMO.maple.board : who === 'superadmin' ? DEMO.maple.superadmin : DEMO.maple.resident);

async function methodOf(ctx: MatrixContext, hoa: 'maple' | 'cedar', email: string): Promise<string> {
  const id = newId();
  const [hoaId, userId] = await Promise.all([ctx.hoaId(hoa), ctx.userId(email)]);
  await ctx.t.write((tx) => tx.insert(savedPaymentMethods).values({ id, hoaId, userId, providerId: `pm_matrix_${id}`, kind: 'card', label: 'Visa', last4: '4242', expMonth: 12, expYear: 2034, createdAt: ctx.t.clock() }));
  return id;
}
const cedarResident = async (ctx: MatrixContext) => `?user_id=${await ctx.userId(DEMO.cedar.resident)}`;

export const autopayRows: MatrixRow[] = [
  { route: 'GET /api/autopay', expect: signedIn(200), otherHoa: { request: async (ctx) => ({ path: `/api/autopay${await cedarResident(ctx)}` }), expect: 404 } },
  {
    route: 'PUT /api/autopay',
    expect: signedIn(200),
    request: async (ctx, who) => ({ body: { method_id: await methodOf(ctx, 'maple', emailOf(who)), timing: 'due_date', status: 'active' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/autopay${await cedarResident(ctx)}`, body: { status: 'paused' } }), expect: 404 },
  },
  { route: 'POST /api/autopay/methods/setup', expect: signedIn(200), request: () => ({ body: { kind: 'card' } }) },
  {
    route: 'DELETE /api/autopay/methods/:id',
    expect: signedIn(200),
    request: async (ctx, who) => ({ path: `/api/autopay/methods/${await methodOf(ctx, 'maple', emailOf(who))}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/autopay/methods/${await methodOf(ctx, 'cedar', DEMO.cedar.resident)}` }), expect: 404 },
  },
];
