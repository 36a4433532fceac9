import { eq } from 'drizzle-orm';
import { hoas, savedListViews } from '../../../schema/tables';
import { call } from '../../helpers/http';
import { signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/** Saved list views: every signed-in user keeps their own; another HOA's view is a 404 whatever the role. */

const viewBody = (name = `Matrix view ${crypto.randomUUID().slice(0, 8)}`) => ({ list: 'requests', name, filters: { search: 'leak', selected: { status: ['open'] } } });

/** A fresh view of the caller's own (the anonymous caller gets the board's, and 401 before any row). */
async function ownView(ctx: MatrixContext, who: Who): Promise<string> {
  const r = await call(ctx.t, 'POST', '/api/list-views', { token: ctx.token[who === 'anon' ? 'board' : who], body: viewBody() });
  if (r.status !== 201) throw new Error(`save failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}

/** A seeded Cedar Park view (its board's). */
async function cedarView(ctx: MatrixContext): Promise<string> {
  const [row] = await ctx.t.deps.database.db
    .select({ id: savedListViews.id })
    .from(savedListViews)
    .innerJoin(hoas, eq(hoas.id, savedListViews.hoaId))
    .where(eq(hoas.name, 'Cedar Park HOA'))
    .limit(1);
  return row.id;
}

export const listViewRows: MatrixRow[] = [
  { route: 'GET /api/list-views', expect: signedIn(200), request: () => ({ path: '/api/list-views?list=requests' }) },
  {
    route: 'POST /api/list-views',
    expect: signedIn(201),
    request: () => ({ body: viewBody() }),
    // Saving over another HOA's view (its id): not found, not overwritten.
    otherHoa: { request: async (ctx) => ({ body: { ...viewBody(), id: await cedarView(ctx) } }), expect: 404 },
  },
  {
    route: 'DELETE /api/list-views/:id',
    expect: signedIn(200),
    request: async (ctx, who) => ({ path: `/api/list-views/${await ownView(ctx, who)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/list-views/${await cedarView(ctx)}` }), expect: 404 },
  },
];
