/**
 * Meetings REST. Thin: parse, call worker/domain/meetings, answer. Everyone signed in reads (residents:
 * open meetings whose agenda is published; a board-only or draft meeting is a 404 for them, as is
 * another HOA's); every write is the board's and superadmin's (403 before the body is parsed).
 *
 * - `GET /`                           → `{docs: ApiMeeting[]}`, latest date first. ApiMeeting: `_id, title, date (ISO,
 *                                       the day's UTC midnight), time ("HH:MM", the HOA's clock), place, video_link,
 *                                       access (open|board), status (draft|scheduled|in_progress|adjourned),
 *                                       minutes_status (none|draft|approved|published), minutes (rich text; null for
 *                                       residents), minutes_document_id, created_by{_id, name}, publishedAt, createdAt,
 *                                       updatedAt, version`.
 * - `POST /`                          `{title (≤100), date: YYYY-MM-DD, time: HH:MM, place?, video_link? (https; one of
 *                                       the two required), access, items[{id?, title, description?, link_kind?
 *                                       (request|violation|minutes), link_id?}]}` → 201 ApiMeetingDetail (a draft).
 * - `GET /:id`                        → ApiMeetingDetail: ApiMeeting with `items[{_id, meeting_id, position, title,
 *                                       description, link_kind, link_id, link_label, notes}]`; the board also gets
 *                                       `attendance[{user_id, name, present|null}]` (every board seat), `quorum{seats,
 *                                       present, needed, reached}` and `motions[{_id, item_id, text, moved_by{_id, name},
 *                                       seconded_by, apply_to_link, outcome (carried|failed|null), closed_at,
 *                                       votes[{user_id, vote}], tally{yes, no, abstain, recused}}]`.
 * - `PUT /:id`                        the body of `POST /` → ApiMeetingDetail; drafts only (409).
 * - `POST /:id/publish`               → ApiMeetingDetail; draft → scheduled, the agenda mailed (409 unless a draft).
 * - `POST /:id/start`, `/:id/adjourn` → ApiMeetingDetail; scheduled → in progress → adjourned (409 otherwise).
 * - `PUT /:id/attendance/:userId`     `{present: boolean}` → ApiMeetingDetail (in progress; a board seat: 400 otherwise).
 * - `PUT /:id/items/:itemId/notes`    `{notes}` → ApiMeetingDetail.
 * - `POST /:id/motions`               `{item_id, text, moved_by, seconded_by, apply_to_link?}` → 201 ApiMeetingDetail.
 * - `PUT /:id/motions/:motionId/votes/:userId`  `{vote: yes|no|abstain|recused}` → ApiMeetingDetail (409 once closed).
 * - `POST /:id/motions/:motionId/close`         → ApiMeetingDetail; the outcome fixed, a carried motion acts on its linked item.
 * - `PUT /:id/minutes`                `{minutes (rich text)}` → ApiMeetingDetail; adjourned, not yet approved (409).
 * - `POST /:id/minutes/publish`       `{visibility: public|board}` → ApiMeetingDetail; approved minutes become a
 *                                       "Meeting Minutes" document (409 unless approved).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MEETING_MESSAGES, meetingFormSchema, meetingPolicy, minutesVisibilityField, motionFormSchema, notesField, voteField, MINUTES_MAX } from '../../schema/meetings';
import { richTextField } from '../../schema/rich-text';
import * as meetings from '../domain/meetings';
import type { Tx } from '../db';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const id = z.string().min(1).max(64);
const idParam = z.object({ id });
const userParam = z.object({ id, userId: id });
const itemParam = z.object({ id, itemId: id });
const motionParam = z.object({ id, motionId: id });
const voteParam = z.object({ id, motionId: id, userId: id });
const board = allow(meetingPolicy.mayManage, MEETING_MESSAGES.boardOnly);

/** Runs one domain write in a transaction and answers with the meeting as it now is. */
async function write(c: Context<AppEnv>, meetingId: string, run: (deps: AppDeps, tx: Tx, actor: Actor) => Promise<unknown>, status: 200 | 201 = 200) {
  const { deps, actor } = c.var;
  await deps.database.transaction((tx) => run(deps, tx, actor));
  return c.json(await meetings.getMeeting(deps.database.db, actor, meetingId), status);
}

export const meetingRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => c.json(await meetings.listMeetings(c.var.deps.database.db, c.var.actor)))
  .get('/:id', validate('param', idParam), async (c) => c.json(await meetings.getMeeting(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .post('/', board, validate('json', meetingFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const row = await deps.database.transaction((tx) => meetings.createMeeting(deps, tx, actor, c.req.valid('json')));
    return c.json(await meetings.getMeeting(deps.database.db, actor, row.id), 201);
  })
  .put('/:id', board, validate('param', idParam), validate('json', meetingFormSchema), (c) => {
    const { id: mid } = c.req.valid('param');
    return write(c, mid, (deps, tx, actor) => meetings.updateMeeting(deps, tx, actor, mid, c.req.valid('json')));
  })
  .post('/:id/publish', board, validate('param', idParam), (c) => write(c, c.req.valid('param').id, (deps, tx, actor) => meetings.publishAgenda(deps, tx, actor, c.req.valid('param').id)))
  .post('/:id/start', board, validate('param', idParam), (c) => write(c, c.req.valid('param').id, (deps, tx, actor) => meetings.moveMeeting(deps, tx, actor, c.req.valid('param').id, 'in_progress')))
  .post('/:id/adjourn', board, validate('param', idParam), (c) => write(c, c.req.valid('param').id, (deps, tx, actor) => meetings.moveMeeting(deps, tx, actor, c.req.valid('param').id, 'adjourned')))
  .put('/:id/attendance/:userId', board, validate('param', userParam), validate('json', z.object({ present: z.boolean({ error: 'Present must be true or false' }) })), (c) => {
    const p = c.req.valid('param');
    return write(c, p.id, (deps, tx, actor) => meetings.setAttendance(deps, tx, actor, p.id, p.userId, c.req.valid('json').present));
  })
  .put('/:id/items/:itemId/notes', board, validate('param', itemParam), validate('json', z.object({ notes: notesField })), (c) => {
    const p = c.req.valid('param');
    return write(c, p.id, (deps, tx, actor) => meetings.saveNotes(deps, tx, actor, p.itemId, c.req.valid('json').notes));
  })
  .post('/:id/motions', board, validate('param', idParam), validate('json', motionFormSchema), (c) => {
    const p = c.req.valid('param');
    return write(c, p.id, (deps, tx, actor) => meetings.recordMotion(deps, tx, actor, p.id, c.req.valid('json')), 201);
  })
  .put('/:id/motions/:motionId/votes/:userId', board, validate('param', voteParam), validate('json', z.object({ vote: voteField })), (c) => {
    const p = c.req.valid('param');
    return write(c, p.id, (deps, tx, actor) => meetings.castVote(deps, tx, actor, p.motionId, p.userId, c.req.valid('json').vote, p.id));
  })
  .post('/:id/motions/:motionId/close', board, validate('param', motionParam), (c) => {
    const p = c.req.valid('param');
    return write(c, p.id, (deps, tx, actor) => meetings.closeMotion(deps, tx, actor, p.motionId, p.id));
  })
  .put('/:id/minutes', board, validate('param', idParam), validate('json', z.object({ minutes: richTextField({ required: MEETING_MESSAGES.minutesRequired, tooLong: MEETING_MESSAGES.minutesTooLong }, MINUTES_MAX) })), (c) => {
    const p = c.req.valid('param');
    return write(c, p.id, (deps, tx, actor) => meetings.saveMinutes(deps, tx, actor, p.id, c.req.valid('json').minutes));
  })
  .post('/:id/minutes/publish', board, validate('param', idParam), validate('json', z.object({ visibility: minutesVisibilityField })), (c) => {
    const p = c.req.valid('param');
    return write(c, p.id, (deps, tx, actor) => meetings.publishMinutes(deps, tx, actor, p.id, c.req.valid('json').visibility));
  });
