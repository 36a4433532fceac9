import type { MatrixContext, MatrixRow, Who } from './types';
import { boardOnly } from './types';
import { cedarOwner, newAddress } from './users';

/** Addresses: board and superadmin only; another HOA's address is a 404. */
const boardRowOtherHoa = { resident: 403, board: 404, superadmin: 404 };
/** Each caller edits into an address of their own (the same street and unit twice is refused). */
const body = (who: Who) => ({ street: `9 Matrix Lane ${who}`, unit_number: '3', is_rented: true, notes: 'Edited by the matrix.' });
const onAddress = (withBody?: boolean) => ({
  request: async (ctx: MatrixContext, who: Who) => ({ path: `/api/addresses/${await newAddress(ctx, ctx.token.superadmin)}`, body: withBody ? body(who) : undefined }),
  otherHoa: {
    request: async (ctx: MatrixContext, who: Who) => ({ path: `/api/addresses/${await newAddress(ctx, await cedarOwner(ctx))}`, body: withBody ? body(who) : undefined }),
    expect: boardRowOtherHoa,
  },
});

export const addressRows: MatrixRow[] = [
  { route: 'GET /api/addresses', expect: boardOnly(200) },
  { route: 'POST /api/addresses', expect: boardOnly(201), request: (_ctx, who) => ({ body: { street: `${who} Matrix Court`, unit_number: '1' } }) },
  { route: 'GET /api/addresses/:id', expect: boardOnly(200), ...onAddress() },
  { route: 'PUT /api/addresses/:id', expect: boardOnly(200), ...onAddress(true) },
  { route: 'DELETE /api/addresses/:id', expect: boardOnly(200), ...onAddress() },
];
