import { call, DEMO, login } from '../../helpers/http';
import { all, boardOnly, signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/** Platform services: presigned upload/download URLs of the four areas, and the payment webhook. */
const pdf = { fileName: 'minutes.pdf', fileType: 'application/pdf', fileSize: 2048 };

/** A key the caller itself uploaded (anonymous callers get the board's, and are refused before it matters). */
async function ownKey(ctx: MatrixContext, who: Who, area: 'violations') {
  const token = who === 'anon' ? ctx.token.board : ctx.token[who];
  const r = await call(ctx.t, 'POST', `/api/${area}/presigned-url`, { token, body: pdf });
  return { body: { s3Key: r.json.s3Key as string } };
}

/** A key issued to Cedar Park: every Maple Grove caller gets 404 for it. */
async function cedarKey(ctx: MatrixContext, area: 'violations') {
  const cedar = await login(ctx.t, DEMO.cedar.board);
  const r = await call(ctx.t, 'POST', `/api/${area}/presigned-url`, { token: cedar.token, body: pdf });
  return { body: { s3Key: r.json.s3Key as string } };
}

export const servicesRows: MatrixRow[] = [
  { route: 'POST /api/announcements/presigned-url', expect: boardOnly(200), request: () => ({ body: pdf }) },
  { route: 'POST /api/documents/presigned-url', expect: boardOnly(200), request: () => ({ body: { ...pdf, feature: 'documents' } }) },
  { route: 'POST /api/requests/presigned-url', expect: signedIn(200), request: () => ({ body: pdf }) },
  // Residents attach files to violation messages, so they may upload here too (docs/decisions.md).
  { route: 'POST /api/violations/presigned-url', expect: signedIn(200), request: () => ({ body: pdf }) },
  {
    route: 'POST /api/violations/download-url',
    expect: signedIn(200),
    request: (ctx, who) => ownKey(ctx, who, 'violations'),
    otherHoa: { request: (ctx) => cedarKey(ctx, 'violations'), expect: 404 },
  },
  // No session on webhooks: the signature is the authentication, and an unsigned call is a 400 for everyone.
  { route: 'POST /api/webhooks/stripe', expect: all(400), request: () => ({ body: { id: 'evt_1', type: 'account.updated' } }) },
];
