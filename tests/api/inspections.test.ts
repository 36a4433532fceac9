import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES } from '../../schema/inspections';
import { addresses, users, violations } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

describe('inspection rounds API', () => {
  let t: TestApp;
  let ben: string, olivia: string, rita: string, cedarBoard: string;

  async function setup() {
    t = await createTestApp();
    [ben, olivia, rita, cedarBoard] = (await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident, DEMO.cedar.board].map((e) => login(t, e)))).map((s) => s.token);
  }
  afterEach(() => t?.close());

  const hoaOf = async (email: string) => (await t.deps.database.db.select({ hoaId: users.hoaId }).from(users).where(eq(users.email, email)))[0].hoaId;

  async function start(token = ben, title = 'November walk') {
    const r = await call(t, 'POST', '/api/inspections', { token, body: { title, date: '2026-11-21' } });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json;
  }
  const mark = (id: string, addressId: string, body: Record<string, unknown>, token = ben) => call(t, 'PUT', `/api/inspections/${id}/stops/${addressId}`, { token, body });

  it('a board member starts a round: every address of the HOA, in walking order (street, then house number)', async () => {
    await setup();
    const db = t.deps.database.db;
    const hoaId = await hoaOf(DEMO.maple.board);
    // Numbers that sort wrong as text: 9 before 15 before 113 on the same street.
    for (const street of ['113 Aspen Court', '9 Aspen Court', '15 Aspen Court']) {
      expect((await call(t, 'POST', '/api/addresses', { token: ben, body: { street } })).status).toBe(201);
    }
    const round = await start();
    expect(round).toMatchObject({ title: 'November walk', date: '2026-11-21T00:00:00.000Z', status: 'in_progress', started_by: { name: 'Ben Board' }, stops_done: 0 });
    const live = await db.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.hoaId, hoaId), isNull(addresses.deletedAt)));
    expect(round.stops).toHaveLength(live.length);
    expect(round.stops_total).toBe(live.length);
    const streets: string[] = round.stops.map((s: { address: { street: string } }) => s.address.street);
    expect(streets.filter((s) => s.endsWith('Aspen Court'))).toEqual(['9 Aspen Court', '15 Aspen Court', '113 Aspen Court']);
    expect(streets.indexOf('4 Aspen Circle')).toBeLessThan(streets.indexOf('9 Aspen Court'));
    expect(round.stops.every((s: { outcome: unknown }) => s.outcome === null)).toBe(true);

    const list = await call(t, 'GET', '/api/inspections', { token: olivia });
    expect(list.json.docs.map((r: { _id: string }) => r._id)[0]).toBe(round._id);
  });

  it('each stop is done once: a second board member is told who was first; undo is the first one’s', async () => {
    await setup();
    const round = await start();
    const [first, second] = round.stops;
    const done = await mark(round._id, first.address_id, { outcome: 'no_issues' });
    expect(done.status).toBe(200);
    expect(done.json.stops[0]).toMatchObject({ outcome: 'no_issues', done_by: { name: 'Ben Board' } });
    expect(done.json.stops_done).toBe(1);

    const again = await mark(round._id, first.address_id, { outcome: 'no_issues' }, olivia);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(INSPECTION_MESSAGES.alreadyInspected('Ben Board'));

    expect((await mark(round._id, first.address_id, { outcome: null }, olivia)).status).toBe(403);
    const undone = await mark(round._id, first.address_id, { outcome: null });
    expect(undone.json.stops[0]).toMatchObject({ outcome: null, done_by: null });

    // A violation outcome names a violation of the HOA.
    expect((await mark(round._id, second.address_id, { outcome: 'violation', violation_id: 'nope' })).status).toBe(400);
    const [v] = await t.deps.database.db.select({ id: violations.id }).from(violations).where(eq(violations.hoaId, await hoaOf(DEMO.maple.board))).limit(1);
    const recorded = await mark(round._id, second.address_id, { outcome: 'violation', violation_id: v.id }, olivia);
    expect(recorded.json.stops[1]).toMatchObject({ outcome: 'violation', violation_id: v.id });
    expect(recorded.json.summary).toMatchObject({ covered: 1, violations: 1, no_issues: 0 });
  });

  it('Pause, Resume, and Finish Round with stops left: they become Not inspected, and the round takes no more', async () => {
    await setup();
    const round = await start();
    await mark(round._id, round.stops[0].address_id, { outcome: 'no_issues' });
    const status = (s: string) => call(t, 'PUT', `/api/inspections/${round._id}/status`, { token: ben, body: { status: s } });
    expect((await status('paused')).json.status).toBe('paused');
    expect((await status('in_progress')).json.status).toBe('in_progress');
    const finished = await status('finished');
    expect(finished.json).toMatchObject({ status: 'finished', finished_by: { name: 'Ben Board' } });
    expect(finished.json.summary).toMatchObject({ covered: 1, no_issues: 1, not_inspected: round.stops.length - 1 });
    expect((await status('in_progress')).status).toBe(409);
    expect((await mark(round._id, round.stops[1].address_id, { outcome: 'no_issues' })).json.message).toBe(INSPECTION_MESSAGES.roundFinished);
    expect((await mark(round._id, round.stops[0].address_id, { outcome: null })).status).toBe(409);
  });

  it('residents get 403 everywhere; another HOA’s board gets 404; a title is required and at most 100 characters', async () => {
    await setup();
    const round = await start();
    for (const [method, path] of [
      ['GET', '/api/inspections'],
      ['POST', '/api/inspections'],
      ['GET', `/api/inspections/${round._id}`],
      ['PUT', `/api/inspections/${round._id}/status`],
      ['PUT', `/api/inspections/${round._id}/stops/${round.stops[0].address_id}`],
    ]) {
      expect((await call(t, method, path, { token: rita, body: method === 'GET' ? undefined : {} })).status, path).toBe(403);
    }
    expect((await call(t, 'GET', `/api/inspections/${round._id}`, { token: cedarBoard })).status).toBe(404);
    expect((await mark(round._id, round.stops[0].address_id, { outcome: 'no_issues' }, cedarBoard)).status).toBe(404);
    expect((await call(t, 'GET', '/api/inspections', { token: cedarBoard })).json.docs.some((r: { _id: string }) => r._id === round._id)).toBe(false);
    const blank = await call(t, 'POST', '/api/inspections', { token: ben, body: { title: ' ', date: '2026-11-21' } });
    expect(blank.json.errors[0].msg).toBe(INSPECTION_MESSAGES.titleRequired);
    const long = await call(t, 'POST', '/api/inspections', { token: ben, body: { title: 'x'.repeat(101), date: '2026-11-21' } });
    expect(long.json.errors[0].msg).toBe(INSPECTION_MESSAGES.titleTooLong);
  });
});
