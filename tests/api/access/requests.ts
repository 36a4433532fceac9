import { call, DEMO, login } from '../../helpers/http';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/**
 * Requests: everyone files and reads their own; board and superadmin read the HOA's
 * and triage. Each row acts on a request the Maple Grove resident filed, which every caller may see.
 */
const body = { title: 'Matrix request', description: '<p>The gate sticks.</p>', category: 'Maintenance', photo_url: null };
/** Board work: residents are refused before the row is looked up, so they get 403 for any HOA's row. */
const boardRowOtherHoa = { resident: 403, board: 404, superadmin: 404 };

async function fileAs(ctx: MatrixContext, token: string, photoUrl: string | null = null): Promise<string> {
  const r = await call(ctx.t, 'POST', '/api/requests', { token, body: { ...body, photo_url: photoUrl } });
  if (r.status !== 201) throw new Error(`request failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}
const mapleRequest = (ctx: MatrixContext) => fileAs(ctx, ctx.token.resident);
async function cedarRequest(ctx: MatrixContext) {
  return fileAs(ctx, (await login(ctx.t, DEMO.cedar.resident)).token);
}

function pdfForm(): FormData {
  const form = new FormData();
  form.set('file', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34])], 'photo.pdf', { type: 'application/pdf' }));
  return form;
}

/** A request of `token`'s user with an attachment; its key. */
async function attachedKey(ctx: MatrixContext, token: string): Promise<string> {
  const up = await call(ctx.t, 'POST', '/api/requests/presigned-url', { token, body: { fileName: 'leak.pdf', fileType: 'application/pdf', fileSize: 2048 } });
  await fileAs(ctx, token, up.json.s3Key);
  return up.json.s3Key;
}

export const requestRows: MatrixRow[] = [
  { route: 'GET /api/requests', expect: signedIn(200) },
  { route: 'POST /api/requests', expect: signedIn(201), request: () => ({ body }) },
  {
    route: 'GET /api/requests/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/requests/${await mapleRequest(ctx)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/requests/${await cedarRequest(ctx)}` }), expect: 404 },
  },
  {
    route: 'PUT /api/requests/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/requests/${await mapleRequest(ctx)}`, body: { status: 'in_progress' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/requests/${await cedarRequest(ctx)}`, body: { status: 'in_progress' } }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/requests/:id/comments',
    expect: signedIn(201),
    request: async (ctx) => ({ path: `/api/requests/${await mapleRequest(ctx)}/comments`, body: { message: '<p>Any news?</p>', is_public: true } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/requests/${await cedarRequest(ctx)}/comments`, body: { message: '<p>Hi</p>', is_public: true } }), expect: 404 },
  },
  {
    route: 'POST /api/requests/:id/attachments',
    expect: signedIn(201),
    request: async (ctx) => ({ path: `/api/requests/${await mapleRequest(ctx)}/attachments`, body: pdfForm() }),
    otherHoa: { request: async (ctx) => ({ path: `/api/requests/${await cedarRequest(ctx)}/attachments`, body: pdfForm() }), expect: 404 },
  },
  {
    // The resident who filed the request and the board download its attachment (another resident: 404, in requests.test.ts).
    route: 'POST /api/requests/download-url',
    expect: signedIn(200),
    request: async (ctx, who: Who) => (who === 'anon' ? { body: { s3Key: 'x' } } : { body: { s3Key: await attachedKey(ctx, ctx.token.resident) } }),
    otherHoa: { request: async (ctx) => ({ body: { s3Key: await attachedKey(ctx, (await login(ctx.t, DEMO.cedar.resident)).token) } }), expect: 404 },
  },
];
