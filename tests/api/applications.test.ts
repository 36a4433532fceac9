/**
 * Architectural review over REST: a resident's application files its request of category Modification
 * (same id) with its deadline, plans and photos; the board reviews (conditions and reasons required);
 * the outcome by a majority of the board; the decision letter mailed and kept; the deadline job's two
 * rules; a meeting motion's outcome through `decideApplicationByMotion`.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../../schema/applications';
import { DAY_MS } from '../../schema/days';
import { emailOutbox, requests, users } from '../../schema/tables';
import { applicationRef, applyApplicationDeadlines, decideApplicationByMotion } from '../../worker/domain/applications';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

const TOM = 'tom.becker@maplegrove.test';
const ISAAC = 'isaac.park@maplegrove.test';

describe('architectural applications API', () => {
  let t: TestApp;
  let ben: string, olivia: string, rita: string, ruth: string, tom: string, isaac: string, cedarBoard: string;

  async function setup() {
    t = await createTestApp();
    [ben, olivia, rita, ruth, tom, isaac, cedarBoard] = (
      await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident, DEMO.maple.resident2, TOM, ISAAC, DEMO.cedar.board].map((e) => login(t, e)))
    ).map((s) => s.token);
  }
  afterEach(() => t?.close());

  async function key(token: string, fileName: string, fileType: string) {
    const r = await call(t, 'POST', '/api/applications/presigned-url', { token, body: { fileName, fileType, fileSize: 2048 } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.s3Key as string;
  }
  async function submit(token = rita, over: Record<string, unknown> = {}) {
    const body = { title: 'Backyard deck', description: '<p>A 12 x 16 ft cedar deck behind the house.</p>', start_date: '2027-01-10', ...over };
    const r = await call(t, 'POST', '/api/applications', { token, body });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json;
  }
  /** Moving the clock past the sessions' lifetime: signed in again. */
  async function signInAgain() {
    [ben, rita, ruth, tom] = (await Promise.all([DEMO.maple.board, DEMO.maple.resident, DEMO.maple.resident2, TOM].map((e) => login(t, e)))).map((s) => s.token);
  }
  const review = (id: string, token: string, body: Record<string, unknown>) => call(t, 'POST', `/api/applications/${id}/reviews`, { token, body });

  it('a resident submits: the request of category Modification with the same id, the deadline 30 days on, plans and photos', async () => {
    await setup();
    const photo = await key(rita, 'yard.jpg', 'image/jpeg');
    const plan = await key(rita, 'deck-plan.pdf', 'application/pdf');
    const app = await submit(rita, { photos: [photo], plans: [plan] });
    expect(app).toMatchObject({ title: 'Backyard deck', status: 'under_review', start_date: '2027-01-10T00:00:00.000Z', reviews: [], letter: null });
    expect(Date.parse(app.deadline) - Date.parse(app.submitted_at)).toBe(30 * DAY_MS);
    expect(app.photos).toMatchObject([{ s3_key: photo, filename: 'yard.jpg' }]);
    expect(app.plans).toMatchObject([{ s3_key: plan, filename: 'deck-plan.pdf', file_type: 'pdf' }]);
    expect(app.history.map((h: { action: string }) => h.action)).toEqual(['Application submitted']);
    const [request] = await t.deps.database.db.select().from(requests).where(eq(requests.id, app._id));
    expect(request).toMatchObject({ category: 'Modification', title: 'Backyard deck', status: 'open' });

    // The resident sees their own; another resident and another HOA's board do not.
    expect((await call(t, 'GET', '/api/applications', { token: rita })).json.docs.map((d: { _id: string }) => d._id)).toContain(app._id);
    expect((await call(t, 'GET', `/api/applications/${app._id}`, { token: ruth })).status).toBe(404);
    expect((await call(t, 'GET', `/api/applications/${app._id}`, { token: cedarBoard })).status).toBe(404);
    expect((await call(t, 'GET', '/api/applications', { token: ruth })).json.docs.map((d: { _id: string }) => d._id)).not.toContain(app._id);
    // A key issued to someone else, or for another area, is refused.
    const bens = await key(ben, 'other.jpg', 'image/jpeg');
    const refused = await call(t, 'POST', '/api/applications', { token: rita, body: { title: 'Fence', description: '<p>Fence</p>', start_date: '2027-02-01', photos: [bens] } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ path: 'photos.0', msg: expect.any(String) }]);
  });

  it('reviews: board members only, conditions and reasons required; the outcome once a majority of the board agrees', async () => {
    await setup();
    const app = await submit();
    expect((await review(app._id, rita, { decision: 'approve' })).status).toBe(403);
    expect((await review(app._id, olivia, { decision: 'approve' })).json.message).toBe(APPLICATION_MESSAGES.reviewersOnly);
    const noConditions = await review(app._id, ben, { decision: 'approve_with_conditions' });
    expect(noConditions.status).toBe(400);
    expect(noConditions.json.errors).toEqual([{ path: 'conditions', msg: APPLICATION_MESSAGES.conditionsRequired }]);
    expect((await review(app._id, ben, { decision: 'deny', reasons: '  ' })).json.errors).toEqual([{ path: 'reasons', msg: APPLICATION_MESSAGES.reasonsRequired }]);

    // The Maple Grove board has three members: two make the majority.
    const first = await review(app._id, ben, { decision: 'approve_with_conditions', conditions: 'Stain to match the house trim.' });
    expect(first.json).toMatchObject({ status: 'under_review', reviews: [{ reviewer: { name: 'Ben Board' }, decision: 'approve_with_conditions', conditions: 'Stain to match the house trim.' }] });
    // The resident does not read individual reviews.
    expect((await call(t, 'GET', `/api/applications/${app._id}`, { token: rita })).json.reviews).toEqual([]);
    const second = await review(app._id, tom, { decision: 'approve' });
    expect(second.json).toMatchObject({ status: 'approved_with_conditions', decided_by: 'reviews' });
    expect(second.json.history.map((h: { action: string }) => h.action)).toEqual([
      'Application submitted',
      'Review: Approve with conditions',
      'Review: Approve',
      'Outcome: Approved with conditions',
    ]);
    const late = await review(app._id, isaac, { decision: 'deny', reasons: 'Too close to the fence line.' });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(APPLICATION_MESSAGES.decided);
  });

  it('a denial by the majority; the decision letter is sent once, mailed to the resident and kept on the application', async () => {
    await setup();
    const app = await submit();
    await review(app._id, ben, { decision: 'deny', reasons: 'Exceeds the 6 ft height limit.' });
    expect((await call(t, 'POST', `/api/applications/${app._id}/letter`, { token: ben, body: { letter: '<p>Early</p>' } })).status).toBe(409);
    const denied = await review(app._id, isaac, { decision: 'deny', reasons: 'Blocks the neighbour’s view.' });
    expect(denied.json.status).toBe('denied');

    expect((await call(t, 'POST', `/api/applications/${app._id}/letter`, { token: rita, body: { letter: '<p>x</p>' } })).status).toBe(403);
    const letter = '<p>Dear Rita,</p><p>The board <strong>denied</strong> your application.</p><script>alert(1)</script>';
    const sent = await call(t, 'POST', `/api/applications/${app._id}/letter`, { token: olivia, body: { letter } });
    expect(sent.status).toBe(200);
    expect(sent.json.letter).toMatchObject({ html: '<p>Dear Rita,</p><p>The board <strong>denied</strong> your application.</p>', sent_by: { name: expect.any(String) } });
    expect((await call(t, 'GET', `/api/applications/${app._id}`, { token: rita })).json.letter.html).toContain('denied');
    const mail = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.ref, applicationRef(app._id)));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toEmail: DEMO.maple.resident, template: 'application-decision' });
    expect((await call(t, 'POST', `/api/applications/${app._id}/letter`, { token: olivia, body: { letter } })).json.message).toBe(APPLICATION_MESSAGES.letterSent);
  });

  it('the deadline job: approved by default, or escalated to the full board (mailed) when the board set that rule', async () => {
    await setup();
    expect((await call(t, 'PUT', '/api/applications/settings', { token: rita, body: { review_days: 10, deadline_rule: 'escalated' } })).status).toBe(403);
    expect((await call(t, 'PUT', '/api/applications/settings', { token: ben, body: { review_days: 0, deadline_rule: 'escalated' } })).json.errors).toEqual([
      { path: 'review_days', msg: APPLICATION_MESSAGES.reviewDaysInvalid },
    ]);
    const byDefault = await submit();
    t.clock.advance(29 * DAY_MS);
    await applyApplicationDeadlines(t.deps);
    await signInAgain();
    expect((await call(t, 'GET', `/api/applications/${byDefault._id}`, { token: rita })).json.status).toBe('under_review');
    t.clock.advance(DAY_MS);
    expect(await applyApplicationDeadlines(t.deps)).toBe(1);
    await signInAgain();
    const approved = (await call(t, 'GET', `/api/applications/${byDefault._id}`, { token: rita })).json;
    expect(approved).toMatchObject({ status: 'approved_by_default', decided_by: 'deadline' });
    expect(approved.history.at(-1).action).toMatch(/^Approved by default: no decision by the deadline/);
    // The job acted for nobody: "Automatic" to the board, the HOA's staff to the resident.
    expect(approved.history.at(-1).user_id.name).toBe('HOA Staff');
    const boardView = (await call(t, 'GET', `/api/applications/${byDefault._id}`, { token: ben })).json;
    expect(boardView.history.at(-1).user_id.name).toBe('Automatic');

    const settings = await call(t, 'PUT', '/api/applications/settings', { token: ben, body: { review_days: 10, deadline_rule: 'escalated' } });
    expect(settings.json).toEqual({ review_days: 10, deadline_rule: 'escalated' });
    const escalated = await submit(ruth, { title: 'Solar panels' });
    expect(Date.parse(escalated.deadline) - Date.parse(escalated.submitted_at)).toBe(10 * DAY_MS);
    t.clock.advance(10 * DAY_MS);
    await applyApplicationDeadlines(t.deps);
    await signInAgain();
    const after = (await call(t, 'GET', `/api/applications/${escalated._id}`, { token: ben })).json;
    expect(after).toMatchObject({ status: 'escalated', decided_by: null });
    const boardMail = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.ref, applicationRef(escalated._id)));
    expect(boardMail.map((m) => m.template)).toContain('application-escalated');
    // Escalated, the full board still decides by review.
    await review(escalated._id, ben, { decision: 'approve' });
    expect((await review(escalated._id, tom, { decision: 'approve' })).json.status).toBe('approved');
  });

  it('the board’s dashboard lists an open application within 7 days of its deadline', async () => {
    await setup();
    const activity = (await call(t, 'GET', '/api/dashboard/recent-activity', { token: ben })).json as { id: string; type: string; title: string }[];
    // The demo's application under review has five days left; the decided ones are not listed.
    const due = activity.filter((a) => a.type === 'application');
    expect(due.map((a) => a.title)).toEqual([expect.stringMatching(/^Application due .+: Backyard cedar deck$/)]);
  });

  it('a carried meeting motion decides: decideApplicationByMotion (board only, open only)', async () => {
    await setup();
    const app = await submit();
    const actorOf = async (email: string) => {
      const [u] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
      return { userId: u.id, hoaId: u.hoaId, role: u.role, sessionId: 'test' };
    };
    const resident = await actorOf(DEMO.maple.resident);
    await expect(t.write((tx) => decideApplicationByMotion(t.deps, tx, resident, app._id, 'approved'))).rejects.toMatchObject({ status: 403 });
    const cedar = await actorOf(DEMO.cedar.board);
    await expect(t.write((tx) => decideApplicationByMotion(t.deps, tx, cedar, app._id, 'approved'))).rejects.toMatchObject({ status: 404 });
    const board = await actorOf(DEMO.maple.board);
    await t.write((tx) => decideApplicationByMotion(t.deps, tx, board, app._id, 'denied'));
    const decided = (await call(t, 'GET', `/api/applications/${app._id}`, { token: ben })).json;
    expect(decided).toMatchObject({ status: 'denied', decided_by: 'motion' });
    expect(decided.history.at(-1).action).toBe('Outcome by meeting motion: Denied');
    await expect(t.write((tx) => decideApplicationByMotion(t.deps, tx, board, app._id, 'approved'))).rejects.toMatchObject({ status: 409 });
  });
});
