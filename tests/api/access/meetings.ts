import { and, eq } from 'drizzle-orm';
import { meetingItems, meetingMotions, meetings } from '../../../schema/tables';
import { call } from '../../helpers/http';
import { boardOnly, signedIn, type MatrixContext, type MatrixRow } from './types';

/**
 * Meetings: everyone signed in reads (residents: open meetings with a published agenda); every write
 * is the board's (residents 403 before any row); another HOA's meeting is a 404.
 */

const meetingBody = { title: 'Matrix meeting', date: '2026-05-14', time: '19:00', place: 'Clubhouse', access: 'open', items: [{ title: 'Budget' }] };

async function post(ctx: MatrixContext, path: string, body: unknown = {}) {
  const r = await call(ctx.t, 'POST', path, { token: ctx.token.board, body });
  if (r.status >= 300) throw new Error(`${path} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

/** A fresh Maple Grove meeting at `stage`: draft, scheduled, in progress (with a motion), or adjourned. */
async function ownMeeting(ctx: MatrixContext, stage: 'draft' | 'scheduled' | 'in_progress' | 'adjourned' = 'in_progress') {
  const m = await post(ctx, '/api/meetings', meetingBody);
  const ids = { id: m._id as string, itemId: m.items[0]._id as string, motionId: '', board: await ctx.userId('board@maplegrove.test'), owner: await ctx.userId('owner@maplegrove.test') };
  if (stage === 'draft') return ids;
  await post(ctx, `/api/meetings/${ids.id}/publish`);
  if (stage === 'scheduled') return ids;
  await post(ctx, `/api/meetings/${ids.id}/start`);
  const withMotion = await post(ctx, `/api/meetings/${ids.id}/motions`, { item_id: ids.itemId, text: 'Adopt the budget', moved_by: ids.board, seconded_by: ids.owner });
  ids.motionId = withMotion.motions[0]._id;
  if (stage === 'adjourned') await post(ctx, `/api/meetings/${ids.id}/adjourn`);
  return ids;
}

/** Cedar Park's seeded past meeting, one of its items and motions. */
async function cedarMeeting(ctx: MatrixContext) {
  const hoaId = await ctx.hoaId('cedar');
  const db = ctx.t.deps.database.db;
  const [m] = await db.select({ id: meetings.id }).from(meetings).where(and(eq(meetings.hoaId, hoaId), eq(meetings.status, 'adjourned'))).limit(1);
  if (!m) throw new Error('no seeded Cedar Park meeting');
  const [item] = await db.select({ id: meetingItems.id }).from(meetingItems).where(eq(meetingItems.meetingId, m.id)).limit(1);
  const [motion] = await db.select({ id: meetingMotions.id }).from(meetingMotions).where(eq(meetingMotions.meetingId, m.id)).limit(1);
  return { id: m.id, itemId: item.id, motionId: motion.id };
}

const other = (path: (c: { id: string; itemId: string; motionId: string }) => string, body: unknown = {}) => ({
  request: async (ctx: MatrixContext) => ({ path: path(await cedarMeeting(ctx)), body }),
  expect: { resident: 403, board: 404, superadmin: 404 },
});

export const meetingRows: MatrixRow[] = [
  { route: 'GET /api/meetings', expect: signedIn(200) },
  { route: 'POST /api/meetings', expect: boardOnly(201), request: () => ({ body: meetingBody }) },
  {
    route: 'GET /api/meetings/:id',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/api/meetings/${(await ownMeeting(ctx, 'scheduled')).id}` }),
    otherHoa: { request: async (ctx) => ({ path: `/api/meetings/${(await cedarMeeting(ctx)).id}` }), expect: 404 },
  },
  {
    route: 'PUT /api/meetings/:id',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/meetings/${(await ownMeeting(ctx, 'draft')).id}`, body: meetingBody }),
    otherHoa: other((c) => `/api/meetings/${c.id}`, meetingBody),
  },
  {
    route: 'POST /api/meetings/:id/publish',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/meetings/${(await ownMeeting(ctx, 'draft')).id}/publish` }),
    otherHoa: other((c) => `/api/meetings/${c.id}/publish`),
  },
  {
    route: 'POST /api/meetings/:id/start',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/meetings/${(await ownMeeting(ctx, 'scheduled')).id}/start` }),
    otherHoa: other((c) => `/api/meetings/${c.id}/start`),
  },
  {
    route: 'POST /api/meetings/:id/adjourn',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/meetings/${(await ownMeeting(ctx)).id}/adjourn` }),
    otherHoa: other((c) => `/api/meetings/${c.id}/adjourn`),
  },
  {
    route: 'PUT /api/meetings/:id/attendance/:userId',
    expect: boardOnly(200),
    request: async (ctx) => {
      const m = await ownMeeting(ctx);
      return { path: `/api/meetings/${m.id}/attendance/${m.board}`, body: { present: true } };
    },
    otherHoa: other((c) => `/api/meetings/${c.id}/attendance/nobody`, { present: true }),
  },
  {
    route: 'PUT /api/meetings/:id/items/:itemId/notes',
    expect: boardOnly(200),
    request: async (ctx) => {
      const m = await ownMeeting(ctx);
      return { path: `/api/meetings/${m.id}/items/${m.itemId}/notes`, body: { notes: 'Discussed.' } };
    },
    otherHoa: other((c) => `/api/meetings/${c.id}/items/${c.itemId}/notes`, { notes: 'x' }),
  },
  {
    route: 'POST /api/meetings/:id/motions',
    expect: boardOnly(201),
    request: async (ctx) => {
      const m = await ownMeeting(ctx);
      return { path: `/api/meetings/${m.id}/motions`, body: { item_id: m.itemId, text: 'Second motion', moved_by: m.owner, seconded_by: m.board } };
    },
    otherHoa: other((c) => `/api/meetings/${c.id}/motions`, { item_id: 'x', text: 'x', moved_by: 'a', seconded_by: 'b' }),
  },
  {
    route: 'PUT /api/meetings/:id/motions/:motionId/votes/:userId',
    expect: boardOnly(200),
    request: async (ctx) => {
      const m = await ownMeeting(ctx);
      return { path: `/api/meetings/${m.id}/motions/${m.motionId}/votes/${m.board}`, body: { vote: 'yes' } };
    },
    otherHoa: other((c) => `/api/meetings/${c.id}/motions/${c.motionId}/votes/nobody`, { vote: 'yes' }),
  },
  {
    route: 'POST /api/meetings/:id/motions/:motionId/close',
    expect: boardOnly(200),
    request: async (ctx) => {
      const m = await ownMeeting(ctx);
      return { path: `/api/meetings/${m.id}/motions/${m.motionId}/close` };
    },
    otherHoa: other((c) => `/api/meetings/${c.id}/motions/${c.motionId}/close`),
  },
  {
    route: 'PUT /api/meetings/:id/minutes',
    expect: boardOnly(200),
    request: async (ctx) => ({ path: `/api/meetings/${(await ownMeeting(ctx, 'adjourned')).id}/minutes`, body: { minutes: '<p>Minutes</p>' } }),
    otherHoa: other((c) => `/api/meetings/${c.id}/minutes`, { minutes: '<p>x</p>' }),
  },
  {
    route: 'POST /api/meetings/:id/minutes/publish',
    // Only approved minutes are published: the role and the row are checked before that (409 for the board).
    expect: boardOnly(409),
    request: async (ctx) => ({ path: `/api/meetings/${(await ownMeeting(ctx, 'adjourned')).id}/minutes/publish`, body: { visibility: 'public' } }),
    otherHoa: other((c) => `/api/meetings/${c.id}/minutes/publish`, { visibility: 'public' }),
  },
];
