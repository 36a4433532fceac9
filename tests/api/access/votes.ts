import { and, eq, isNull } from 'drizzle-orm';
import { voteBallots, votes } from '../../../schema/tables';
import { call } from '../../helpers/http';
import { voteBody } from '../../helpers/votes';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow } from './types';

/**
 * Owner votes: every member reads its HOA's votes, casts a ballot and checks a receipt; board and
 * superadmin create, edit, cancel and read the log (residents 403 before any row); another HOA's vote
 * is a 404.
 */

const DAY = 86_400_000;

/** A fresh Maple Grove vote opening tomorrow (editable). */
async function upcoming(ctx: MatrixContext): Promise<string> {
  const now = ctx.t.clock();
  const r = await call(ctx.t, 'POST', '/api/votes', { token: ctx.token.board, body: voteBody(now, { opens_at: new Date(now + DAY).toISOString(), closes_at: new Date(now + 2 * DAY).toISOString() }) });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}

/** A seeded open vote of the HOA (renters included: every demo member may vote) and one of its receipt codes. */
async function seededOpen(ctx: MatrixContext, hoa: 'maple' | 'cedar'): Promise<{ id: string; code: string }> {
  const hoaId = await ctx.hoaId(hoa);
  const [row] = await ctx.t.deps.database.db
    .select({ id: votes.id, code: voteBallots.code })
    .from(votes)
    .innerJoin(voteBallots, eq(voteBallots.voteId, votes.id))
    .where(and(eq(votes.hoaId, hoaId), isNull(votes.closedAt), eq(votes.includeRenters, true)))
    .limit(1);
  if (!row) throw new Error(`no seeded open vote in ${hoa}`);
  return row;
}

const other = (path: (v: { id: string; code: string }) => string, body?: unknown) => async (ctx: MatrixContext) => ({ path: path(await seededOpen(ctx, 'cedar')), body });

export const voteRows: MatrixRow[] = [
  { route: 'GET /api/votes', expect: signedIn(200) },
  { route: 'POST /api/votes', expect: boardOnly(201), request: (ctx) => ({ body: voteBody(ctx.t.clock()) }) },
  {
    route: 'GET /api/votes/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/votes/${(await seededOpen(ctx, 'maple')).id}` }),
    otherHoa: { request: other((v) => `/api/votes/${v.id}`), expect: 404 },
  },
  {
    route: 'PUT /api/votes/:id',
    expect: boardOnly(200),
    request: async (ctx) => {
      const now = ctx.t.clock();
      return { path: `/api/votes/${await upcoming(ctx)}`, body: voteBody(now, { question: 'Edited', opens_at: new Date(now + DAY).toISOString(), closes_at: new Date(now + 2 * DAY).toISOString() }) };
    },
    otherHoa: { request: other((v) => `/api/votes/${v.id}`, voteBody(Date.now())), expect: { resident: 403, board: 404, superadmin: 404 } },
  },
  {
    route: 'POST /api/votes/:id/cancel',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/votes/${await upcoming(ctx)}/cancel` }),
    otherHoa: { request: other((v) => `/api/votes/${v.id}/cancel`), expect: { resident: 403, board: 404, superadmin: 404 } },
  },
  {
    route: 'POST /api/votes/:id/ballots',
    expect: signedIn(201),
    request: async (ctx) => ({ path: `/api/votes/${(await seededOpen(ctx, 'maple')).id}/ballots`, body: { choices: [0] } }),
    otherHoa: { request: other((v) => `/api/votes/${v.id}/ballots`, { choices: [0] }), expect: 404 },
  },
  {
    route: 'GET /api/votes/:id/results',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/votes/${(await seededOpen(ctx, 'maple')).id}/results` }),
    otherHoa: { request: other((v) => `/api/votes/${v.id}/results`), expect: 404 },
  },
  {
    route: 'GET /api/votes/:id/receipts/:code',
    expect: signedIn(200),
    request: async (ctx) => {
      const v = await seededOpen(ctx, 'maple');
      return { path: `/api/votes/${v.id}/receipts/${v.code}` };
    },
    otherHoa: { request: other((v) => `/api/votes/${v.id}/receipts/${v.code}`), expect: 404 },
  },
  {
    route: 'GET /api/votes/:id/events',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/votes/${(await seededOpen(ctx, 'maple')).id}/events` }),
    otherHoa: { request: other((v) => `/api/votes/${v.id}/events`), expect: { resident: 403, board: 404, superadmin: 404 } },
  },
];
