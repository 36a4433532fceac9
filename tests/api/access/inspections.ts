import { eq } from 'drizzle-orm';
import { inspectionStops } from '../../../schema/tables';
import { call } from '../../helpers/http';
import { boardOnly, type MatrixContext, type MatrixRow } from './types';

/** Inspection rounds: board and superadmin only (residents 403 before any row); another HOA's round is a 404. */

/** A fresh round of Maple Grove's (started by its board) and one of its stops' address. */
async function ownRound(ctx: MatrixContext): Promise<{ id: string; addressId: string }> {
  const r = await call(ctx.t, 'POST', '/api/inspections', { token: ctx.token.board, body: { title: 'Matrix walk', date: '2026-11-21' } });
  if (r.status !== 201) throw new Error(`start failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { id: r.json._id, addressId: r.json.stops[0].address_id };
}

/** A seeded Cedar Park round and one of its stops' address. */
async function cedarRound(ctx: MatrixContext): Promise<{ id: string; addressId: string }> {
  const hoaId = await ctx.hoaId('cedar');
  const [stop] = await ctx.t.deps.database.db.select({ id: inspectionStops.roundId, addressId: inspectionStops.addressId }).from(inspectionStops).where(eq(inspectionStops.hoaId, hoaId)).limit(1);
  if (!stop) throw new Error('no seeded Cedar Park round');
  return stop;
}

const roundBody = { title: 'Matrix walk', date: '2026-11-21' };

export const inspectionRows: MatrixRow[] = [
  { route: 'GET /api/inspections', expect: boardOnly(200) },
  { route: 'POST /api/inspections', expect: boardOnly(201), request: () => ({ body: roundBody }) },
  {
    route: 'GET /api/inspections/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/inspections/${(await ownRound(ctx)).id}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/inspections/${(await cedarRound(ctx)).id}` }), expect: { resident: 403, board: 404, superadmin: 404 } },
  },
  {
    route: 'PUT /api/inspections/:id/status',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/inspections/${(await ownRound(ctx)).id}/status`, body: { status: 'paused' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/inspections/${(await cedarRound(ctx)).id}/status`, body: { status: 'paused' } }), expect: { resident: 403, board: 404, superadmin: 404 } },
  },
  {
    route: 'PUT /api/inspections/:id/stops/:addressId',
    expect: boardOnly(200),
    request: async (ctx) => {
      const r = await ownRound(ctx);
      return { path: `/api/inspections/${r.id}/stops/${r.addressId}`, body: { outcome: 'no_issues' } };
    },
    otherHoa: {
      request: async (ctx) => {
        const r = await cedarRound(ctx);
        return { path: `/api/inspections/${r.id}/stops/${r.addressId}`, body: { outcome: null } };
      },
      expect: { resident: 403, board: 404, superadmin: 404 },
    },
  },
];
