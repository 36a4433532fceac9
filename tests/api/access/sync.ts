import { call, DEMO, login } from '../../helpers/http';
import { all, signedIn, type MatrixContext, type MatrixRow } from './types';

const pullBody = (clientGroupID: string) => ({ pullVersion: 1, clientGroupID, cookie: null, profileID: 'p', schemaVersion: '1' });
const pushBody = (clientGroupID: string) => ({
  pushVersion: 1,
  clientGroupID,
  profileID: 'p',
  schemaVersion: '1',
  mutations: [{ id: 1, clientID: `${clientGroupID}-c`, name: 'dismissNotice', args: { id: 'none' }, timestamp: 1 }],
});

/** A client group that a Cedar Park resident created: nobody in Maple Grove may use it. */
async function cedarGroup(ctx: MatrixContext): Promise<string> {
  const cedar = await login(ctx.t, DEMO.cedar.resident);
  const id = `cedar-${crypto.randomUUID()}`;
  const r = await call(ctx.t, 'POST', '/api/sync/pull', { token: cedar.token, body: pullBody(id) });
  if (r.status !== 200) throw new Error(`cedar pull failed: ${r.status}`);
  return id;
}

export const syncRows: MatrixRow[] = [
  {
    route: 'POST /api/sync/pull',
    expect: signedIn(200),
    request: (_ctx, who) => ({ body: pullBody(`own-${who}-${crypto.randomUUID()}`) }),
    otherHoa: { request: async (ctx) => ({ body: pullBody(await cedarGroup(ctx)) }), expect: 403 },
  },
  {
    route: 'POST /api/sync/push',
    expect: signedIn(200),
    request: (_ctx, who) => ({ body: pushBody(`own-${who}-${crypto.randomUUID()}`) }),
    otherHoa: { request: async (ctx) => ({ body: pushBody(await cedarGroup(ctx)) }), expect: 403 },
  },
  // The test app has no poke hub (as on Workers without a Durable Object): 204, clients poll.
  { route: 'GET /api/sync/poke', expect: signedIn(204) },
  // Its credential is a poke ticket, not the session (tests/workerd/pokes.test.ts); none here: 401 for everyone.
  { route: 'GET /api/sync/poke-socket', expect: all(401) },
];
