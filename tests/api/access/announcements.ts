import { and, eq } from 'drizzle-orm';
import { announcements, hoas } from '../../../schema/tables';
import { call, DEMO, login } from '../../helpers/http';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/** Announcements: everyone reads; board and superadmin write, send, retry. Users list for pickers. */

const draftBody = { title: 'Matrix draft', message: '<p>Hello</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null };
/** Board work: residents are refused before the row is looked up, so they get 403 for any HOA's row. */
const boardRowOtherHoa = { resident: 403, board: 404, superadmin: 404 };

/** A fresh Maple Grove draft (made by the board), so each caller acts on a draft of their own HOA. */
async function mapleDraft(ctx: MatrixContext): Promise<string> {
  const r = await call(ctx.t, 'POST', '/api/announcements', { token: ctx.token.board, body: draftBody });
  if (r.status !== 201) throw new Error(`draft failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}

/** A seeded announcement by title and HOA. */
async function seeded(ctx: MatrixContext, hoa: 'Maple Grove HOA' | 'Cedar Park HOA', title: string): Promise<string> {
  const db = ctx.t.deps.database.db;
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .innerJoin(hoas, eq(hoas.id, announcements.hoaId))
    .where(and(eq(hoas.name, hoa), eq(announcements.title, title)));
  return row.id;
}
/** Sent to everyone in Maple Grove: every role may read it. */
const mapleSent = (ctx: MatrixContext) => seeded(ctx, 'Maple Grove HOA', 'Pool opening weekend');
const cedarSent = (ctx: MatrixContext) => seeded(ctx, 'Cedar Park HOA', 'Tree trimming next week');
const cedarDraft = (ctx: MatrixContext) => seeded(ctx, 'Cedar Park HOA', 'Parking rules update');

/** A Maple Grove announcement sent to everyone with an attachment; its key, once per test app. */
const attachmentKeys = new WeakMap<object, Promise<string>>();
function mapleAttachmentKey(ctx: MatrixContext): Promise<string> {
  let key = attachmentKeys.get(ctx.t);
  if (!key) {
    key = (async () => {
      const up = await call(ctx.t, 'POST', '/api/announcements/presigned-url', { token: ctx.token.board, body: { fileName: 'agenda.pdf', fileType: 'application/pdf', fileSize: 2048 } });
      const attachment = { s3_key: up.json.s3Key, filename: 'agenda.pdf', file_size: 2048, file_type: 'pdf' };
      const draft = await call(ctx.t, 'POST', '/api/announcements', { token: ctx.token.board, body: { ...draftBody, attachment } });
      const sent = await call(ctx.t, 'POST', `/api/announcements/${draft.json._id}/send`, { token: ctx.token.board, body: {} });
      if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.json)}`);
      return up.json.s3Key as string;
    })();
    attachmentKeys.set(ctx.t, key);
  }
  return key;
}

const send = (id: string) => ({ path: `/api/announcements/${id}/send`, body: {} });

export const announcementRows: MatrixRow[] = [
  { route: 'GET /api/announcements', expect: signedIn(200) },
  { route: 'POST /api/announcements', expect: boardOnly(201), request: () => ({ body: draftBody }) },
  {
    route: 'GET /api/announcements/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/announcements/${await mapleSent(ctx)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/announcements/${await cedarSent(ctx)}` }), expect: 404 },
  },
  {
    route: 'PUT /api/announcements/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/announcements/${await mapleDraft(ctx)}`, body: { ...draftBody, title: 'Edited' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/announcements/${await cedarDraft(ctx)}`, body: draftBody }), expect: boardRowOtherHoa },
  },
  {
    route: 'PUT /api/announcements/:id/pinned',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/announcements/${await mapleSent(ctx)}/pinned`, body: { pinned: true } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/announcements/${await cedarSent(ctx)}/pinned`, body: { pinned: true } }), expect: boardRowOtherHoa },
  },
  {
    route: 'DELETE /api/announcements/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/announcements/${await mapleDraft(ctx)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/announcements/${await cedarDraft(ctx)}` }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/announcements/:id/read',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/announcements/${await mapleSent(ctx)}/read` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/announcements/${await cedarSent(ctx)}/read` }), expect: 404 },
  },
  {
    route: 'POST /api/announcements/:id/send',
    expect: boardOnly(200),
    request: async (ctx) => send(await mapleDraft(ctx)),
    otherHoa: { request: async (ctx) => send(await cedarDraft(ctx)), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/announcements/:id/retry',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/announcements/${await mapleSent(ctx)}/retry`, body: { user_ids: [] } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/announcements/${await cedarSent(ctx)}/retry`, body: { user_ids: [] } }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/announcements/download-url',
    expect: signedIn(200),
    request: async (ctx, who: Who) => (who === 'anon' ? { body: { s3Key: 'x' } } : { body: { s3Key: await mapleAttachmentKey(ctx) } }),
    otherHoa: {
      request: async (ctx) => {
        const cedar = await login(ctx.t, DEMO.cedar.board);
        const up = await call(ctx.t, 'POST', '/api/announcements/presigned-url', { token: cedar.token, body: { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 10 } });
        return { body: { s3Key: up.json.s3Key } };
      },
      expect: 404,
    },
  },
];
