import type { fakeStorage } from '../../helpers/services';
import { call, DEMO, login } from '../../helpers/http';
import { decideApplicationByMotion } from '../../../worker/domain/applications';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/**
 * Architectural applications: everyone submits and reads their own; the board reads the HOA's, the
 * board members review, board and superadmin send letters and change the settings. Each row acts on
 * an application the Maple Grove resident submitted, which every caller may see.
 */
const body = { title: 'Matrix deck', description: '<p>A small deck.</p>', start_date: '2027-01-10' };
const pdf = { fileName: 'plan.pdf', fileType: 'application/pdf', fileSize: 2048 };

async function submitAs(ctx: MatrixContext, token: string, plans: string[] = []): Promise<string> {
  const r = await call(ctx.t, 'POST', '/api/applications', { token, body: { ...body, plans } });
  if (r.status !== 201) throw new Error(`application failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}
const mapleApplication = (ctx: MatrixContext) => submitAs(ctx, ctx.token.resident);
const cedarApplication = async (ctx: MatrixContext) => submitAs(ctx, (await login(ctx.t, DEMO.cedar.resident)).token);

/** An application decided by a motion of its HOA's board (so its letter may be sent). */
async function decided(ctx: MatrixContext, hoa: 'maple' | 'cedar', id: string): Promise<string> {
  const email = hoa === 'maple' ? DEMO.maple.board : DEMO.cedar.board;
  const actor = { userId: await ctx.userId(email), hoaId: await ctx.hoaId(hoa), role: 'board' as const, sessionId: 'matrix' };
  await ctx.t.write((tx) => decideApplicationByMotion(ctx.t.deps, tx, actor, id, 'approved'));
  return id;
}

/** A plan on an application of `token`'s user: its key. */
async function planKey(ctx: MatrixContext, token: string): Promise<string> {
  const up = await call(ctx.t, 'POST', '/api/applications/presigned-url', { token, body: pdf });
  await submitAs(ctx, token, [up.json.s3Key]);
  return up.json.s3Key;
}

/** An upload the caller named and whose object has arrived: its completion path. */
async function arrivedUpload(ctx: MatrixContext, token: string) {
  const uploadId = crypto.randomUUID();
  const up = await call(ctx.t, 'POST', '/api/applications/presigned-url', { token, body: { ...pdf, uploadId } });
  (ctx.t.deps.storage as ReturnType<typeof fakeStorage>).receive(up.json.s3Key, pdf.fileSize, pdf.fileType);
  return { path: `/api/applications/uploads/${uploadId}/complete` };
}

/** Reviews are the board members': the superadmin, like a resident, is refused before the row. */
const reviewers: Record<Who, number> = { anon: 401, resident: 403, board: 200, superadmin: 403 };
const review = { decision: 'approve' };

export const applicationRows: MatrixRow[] = [
  { route: 'GET /api/applications', expect: signedIn(200) },
  { route: 'POST /api/applications', expect: signedIn(201), request: () => ({ body }) },
  { route: 'GET /api/applications/settings', expect: boardOnly(200) },
  { route: 'PUT /api/applications/settings', expect: boardOnly(200), request: () => ({ body: { review_days: 30, deadline_rule: 'approved_by_default' } }) },
  {
    route: 'GET /api/applications/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/applications/${await mapleApplication(ctx)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/applications/${await cedarApplication(ctx)}` }), expect: 404 },
  },
  {
    route: 'POST /api/applications/:id/reviews',
    expect: reviewers,
    request: async (ctx) => ({ path: `/api/applications/${await mapleApplication(ctx)}/reviews`, body: review }),
    otherHoa: { request: async (ctx) => ({ path: `/api/applications/${await cedarApplication(ctx)}/reviews`, body: review }), expect: { resident: 403, board: 404, superadmin: 403 } },
  },
  {
    route: 'POST /api/applications/:id/letter',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/applications/${await decided(ctx, 'maple', await mapleApplication(ctx))}/letter`, body: { letter: '<p>Approved.</p>' } }),
    otherHoa: {
      request: async (ctx) => ({ path: `/api/applications/${await decided(ctx, 'cedar', await cedarApplication(ctx))}/letter`, body: { letter: '<p>Approved.</p>' } }),
      expect: { resident: 403, board: 404, superadmin: 404 },
    },
  },
  { route: 'POST /api/applications/presigned-url', expect: signedIn(200), request: () => ({ body: pdf }) },
  {
    route: 'POST /api/applications/download-url',
    expect: signedIn(200),
    request: async (ctx, who: Who) => (who === 'anon' ? { body: { s3Key: 'x' } } : { body: { s3Key: await planKey(ctx, ctx.token.resident) } }),
    otherHoa: { request: async (ctx) => ({ body: { s3Key: await planKey(ctx, (await login(ctx.t, DEMO.cedar.resident)).token) } }), expect: 404 },
  },
  {
    route: 'POST /api/applications/uploads/:uploadId/complete',
    expect: signedIn(200),
    request: (ctx, who) => arrivedUpload(ctx, who === 'anon' ? ctx.token.resident : ctx.token[who]),
    otherHoa: { request: async (ctx) => arrivedUpload(ctx, (await login(ctx.t, DEMO.cedar.board)).token), expect: 404 },
  },
];
