import { and, eq } from 'drizzle-orm';
import { documents, hoas } from '../../../schema/tables';
import { call } from '../../helpers/http';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/** Document vault: everyone lists and downloads; board and superadmin upload, edit, delete, see stats. */

const pdf = { fileName: 'minutes.pdf', fileType: 'application/pdf', fileSize: 2048, feature: 'documents' };
/** Board work: residents are refused before the row is looked up, so they get 403 for any HOA's row. */
const boardRowOtherHoa = { resident: 403, board: 404, superadmin: 404 };

/** The body of an upload for a key freshly issued to the caller (keys are their uploader's), or to the Maple Grove board for callers who may not upload. */
async function uploadBody(ctx: MatrixContext, who: Who = 'board') {
  const up = await call(ctx.t, 'POST', '/api/documents/presigned-url', { token: ctx.token[who === 'superadmin' ? 'superadmin' : 'board'], body: pdf });
  if (up.status !== 200) throw new Error(`presign failed: ${up.status} ${JSON.stringify(up.json)}`);
  return { title: 'Matrix minutes', category: 'Meeting Minutes', s3_key: up.json.s3Key, file_type: 'pdf', file_size: 2048, is_public: true, notes: '', tags: [] };
}

/** A fresh public Maple Grove document (uploaded by the board), so each caller acts on its own. */
async function mapleDocument(ctx: MatrixContext): Promise<string> {
  const r = await call(ctx.t, 'POST', '/api/documents', { token: ctx.token.board, body: await uploadBody(ctx) });
  if (r.status !== 201) throw new Error(`upload failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}

/** A seeded public Cedar Park document: every Maple Grove caller gets 404 (or 403 first for board work). */
async function cedarDocument(ctx: MatrixContext): Promise<string> {
  const [row] = await ctx.t.deps.database.db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(hoas, eq(hoas.id, documents.hoaId))
    .where(and(eq(hoas.name, 'Cedar Park HOA'), eq(documents.isPublic, true)))
    .limit(1);
  return row.id;
}

const at = (id: string, tail = '') => `/api/documents/${id}${tail}`;

export const documentRows: MatrixRow[] = [
  { route: 'GET /api/documents', expect: signedIn(200) },
  { route: 'GET /api/documents/stats', expect: boardOnly(200) },
  { route: 'POST /api/documents', expect: boardOnly(201), request: async (ctx, who) => ({ body: await uploadBody(ctx, who) }) },
  {
    route: 'GET /api/documents/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: at(await mapleDocument(ctx)) }),
    otherHoa: { request: async (ctx) => ({ path: at(await cedarDocument(ctx)) }), expect: 404 },
  },
  {
    route: 'PUT /api/documents/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: at(await mapleDocument(ctx)), body: { notes: 'Edited' } }),
    otherHoa: { request: async (ctx) => ({ path: at(await cedarDocument(ctx)), body: { notes: 'Edited' } }), expect: boardRowOtherHoa },
  },
  {
    route: 'DELETE /api/documents/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: at(await mapleDocument(ctx)) }),
    otherHoa: { request: async (ctx) => ({ path: at(await cedarDocument(ctx)) }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/documents/:id/download',
    expect: signedIn(200),
    request: async (ctx) => ({ path: at(await mapleDocument(ctx), '/download') }),
    otherHoa: { request: async (ctx) => ({ path: at(await cedarDocument(ctx), '/download') }), expect: 404 },
  },
];
