import { call, DEMO, login } from '../../helpers/http';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow, type Who } from './types';

/**
 * Compliance violations: board and superadmin issue and change status; residents see
 * the violations issued to them; anyone who sees one writes in its thread. Each row acts on a
 * violation the Maple Grove board issued to the Maple Grove resident, which every caller may see.
 */
const DAY = 86_400_000;
const day = (ctx: MatrixContext, days: number) => new Date(ctx.t.clock() + days * DAY).toISOString().slice(0, 10);
/** Board work: residents are refused before the row is looked up, so they get 403 for any HOA's row. */
const boardRowOtherHoa = { resident: 403, board: 404, superadmin: 404 };

async function issueAs(ctx: MatrixContext, token: string, userId: string, photoUrl: string | null = null): Promise<string> {
  const body = { user_id: userId, category: 'Parking', title: 'Matrix violation', message: '<p>Car on the lawn.</p>', due_date: day(ctx, 7), photo_url: photoUrl };
  const r = await call(ctx.t, 'POST', '/api/violations', { token, body });
  if (r.status !== 201) throw new Error(`violation failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json._id;
}
const mapleViolation = async (ctx: MatrixContext) => issueAs(ctx, ctx.token.board, await ctx.userId(DEMO.maple.resident));
async function cedarViolation(ctx: MatrixContext) {
  return issueAs(ctx, (await login(ctx.t, DEMO.cedar.board)).token, await ctx.userId(DEMO.cedar.resident));
}

/** The photo of a violation `token`'s board issued to `userId`: its key. */
async function photoKey(ctx: MatrixContext, token: string, userId: string): Promise<string> {
  const up = await call(ctx.t, 'POST', '/api/violations/presigned-url', { token, body: { fileName: 'lawn.png', fileType: 'image/png', fileSize: 2048 } });
  await issueAs(ctx, token, userId, up.json.s3Key);
  return up.json.s3Key;
}

async function issueBody(ctx: MatrixContext) {
  return { body: { user_id: await ctx.userId(DEMO.maple.resident), category: 'Noise', title: 'Loud music', message: '<p>After 10 pm.</p>', due_date: day(ctx, 3), photo_url: null } };
}

/** A Maple Grove case its resident asked a hearing on. */
async function caseWithHearing(ctx: MatrixContext) {
  const id = await mapleViolation(ctx);
  const r = await call(ctx.t, 'POST', `/api/violations/${id}/hearing`, { token: ctx.token.resident, body: { note: 'Please hear me' } });
  if (r.status !== 201) throw new Error(`hearing failed: ${r.status} ${JSON.stringify(r.json)}`);
  return id;
}
const scheduleBody = { category: 'Parking', courtesy_notice: true, warning: true, fine_cents: 5000, repeat_days: 14, cap_cents: 50000, cure_days: 14 };
const hearingDate = (ctx: MatrixContext) => ({ scheduled_for: new Date(ctx.t.clock() + 3 * DAY).toISOString() });

export const violationRows: MatrixRow[] = [
  // Fines and hearings: schedules and decisions are board work; only the resident asks for a hearing.
  { route: 'GET /api/violations/fine-schedules', expect: boardOnly(200) },
  { route: 'PUT /api/violations/fine-schedules', expect: boardOnly(200), request: () => ({ body: scheduleBody }) },
  {
    route: 'POST /api/violations/:id/advance',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/violations/${await mapleViolation(ctx)}/advance`, body: {} }),
    otherHoa: { request: async (ctx) => ({ path: `/api/violations/${await cedarViolation(ctx)}/advance`, body: {} }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/violations/:id/hearing',
    expect: { anon: 401, resident: 201, board: 403, superadmin: 403 },
    request: async (ctx) => ({ path: `/api/violations/${await mapleViolation(ctx)}/hearing`, body: { note: 'I was away that week' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/violations/${await cedarViolation(ctx)}/hearing`, body: { note: 'Hi' } }), expect: { resident: 404, board: 403, superadmin: 403 } },
  },
  {
    route: 'PUT /api/violations/:id/hearing',
    expect: boardOnly(200),
    request: async (ctx, who) => (who === 'anon' ? { path: '/api/violations/x/hearing', body: hearingDate(ctx) } : { path: `/api/violations/${await caseWithHearing(ctx)}/hearing`, body: hearingDate(ctx) }),
    otherHoa: { request: async (ctx) => ({ path: `/api/violations/${await cedarViolation(ctx)}/hearing`, body: hearingDate(ctx) }), expect: boardRowOtherHoa },
  },
  { route: 'GET /api/violations', expect: signedIn(200) },
  { route: 'POST /api/violations', expect: boardOnly(201), request: issueBody },
  {
    route: 'GET /api/violations/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/violations/${await mapleViolation(ctx)}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/violations/${await cedarViolation(ctx)}` }), expect: 404 },
  },
  {
    route: 'PUT /api/violations/:id/status',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/violations/${await mapleViolation(ctx)}/status`, body: { status: 'under_review' } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/violations/${await cedarViolation(ctx)}/status`, body: { status: 'under_review' } }), expect: boardRowOtherHoa },
  },
  {
    route: 'POST /api/violations/:id/messages',
    expect: signedIn(201),
    request: async (ctx) => ({ path: `/api/violations/${await mapleViolation(ctx)}/messages`, body: { message: '<p>Moved the car.</p>', is_internal: false } }),
    otherHoa: { request: async (ctx) => ({ path: `/api/violations/${await cedarViolation(ctx)}/messages`, body: { message: '<p>Hi</p>', is_internal: false } }), expect: 404 },
  },
  {
    // The resident it was issued to, the uploader and the board download its photo (another resident: 404, in violations.test.ts).
    route: 'POST /api/violations/download-url',
    expect: signedIn(200),
    request: async (ctx, who: Who) => (who === 'anon' ? { body: { s3Key: 'x' } } : { body: { s3Key: await photoKey(ctx, ctx.token.board, await ctx.userId(DEMO.maple.resident)) } }),
    otherHoa: {
      request: async (ctx) => ({ body: { s3Key: await photoKey(ctx, (await login(ctx.t, DEMO.cedar.board)).token, await ctx.userId(DEMO.cedar.resident)) } }),
      expect: 404,
    },
  },
];
