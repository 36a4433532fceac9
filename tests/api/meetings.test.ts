import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MEETING_MESSAGES, meetingPolicy, minutesDocumentTitle, quorumLabel } from '../../schema/meetings';
import { architecturalApplications, documents, emailOutbox, requests, users } from '../../schema/tables';
import { meetingAgendaEmail } from '../../worker/emails/templates';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

describe('the HOA’s meeting rules (the policy)', () => {
  it('quorum is a majority of the board seats', () => {
    expect(meetingPolicy.quorum(5, 3)).toMatchObject({ needed: 3, reached: true });
    expect(meetingPolicy.quorum(4, 2)).toMatchObject({ needed: 3, reached: false });
    expect(quorumLabel(meetingPolicy.quorum(5, 3))).toBe('Quorum: 3 of 5 present — quorum reached');
  });
  it('a motion carries by a majority of the votes cast, abstentions and recusals left out', () => {
    const v = (...votes: ('yes' | 'no' | 'abstain' | 'recused')[]) => votes.map((vote) => ({ vote }));
    expect(meetingPolicy.outcomeOf(v('yes', 'abstain', 'abstain', 'recused'))).toBe('carried');
    expect(meetingPolicy.outcomeOf(v('yes', 'no'))).toBe('failed');
    expect(meetingPolicy.outcomeOf(v('yes', 'yes', 'no', 'abstain'))).toBe('carried');
    expect(meetingPolicy.outcomeOf([])).toBe('failed');
  });
});

describe('the agenda mail', () => {
  it('says when and where, and lists the items in order', async () => {
    const mail = await meetingAgendaEmail({
      hoaName: 'Maple Grove HOA',
      title: 'Quarterly Board Meeting',
      when: 'April 16, 2026 at 7:00 PM',
      place: 'Clubhouse',
      videoLink: 'https://meet.example.com/board',
      items: [{ title: 'Call to order', description: null }, { title: 'Pool resurfacing bids', description: 'Three bids received' }],
      url: 'http://localhost:8787/meetings/m1',
    });
    expect(mail.subject).toBe('Meeting agenda: Quarterly Board Meeting');
    for (const words of ['April 16, 2026 at 7:00 PM', 'Clubhouse', 'https://meet.example.com/board', '1. Call to order', '2. Pool resurfacing bids', 'Three bids received', 'View Meeting']) expect(mail.text).toContain(words);
  });
});

describe('meetings API', () => {
  let t: TestApp;
  let ben: string, olivia: string, rita: string, cedarBoard: string;
  afterEach(() => t?.close());

  async function setup() {
    t = await createTestApp();
    [ben, olivia, rita, cedarBoard] = (await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident, DEMO.cedar.board].map((e) => login(t, e)))).map((s) => s.token);
  }
  const db = () => t.deps.database.db;
  const idOf = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const hoaOf = async (email: string) => (await db().select({ hoaId: users.hoaId }).from(users).where(eq(users.email, email)))[0].hoaId;
  const aRequest = async (email: string) => (await db().select({ id: requests.id, title: requests.title }).from(requests).where(and(eq(requests.hoaId, await hoaOf(email)), eq(requests.status, 'open'))).limit(1))[0];

  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Quarterly Board Meeting',
    date: '2026-04-16',
    time: '19:00',
    place: 'Clubhouse, 200 Maple Grove Drive',
    access: 'open',
    items: [{ title: 'Call to order' }, { title: 'Pool resurfacing bids', description: 'Three bids received' }],
    ...over,
  });
  async function schedule(over: Record<string, unknown> = {}, token = ben) {
    const r = await call(t, 'POST', '/api/meetings', { token, body: body(over) });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json;
  }
  const post = (path: string, b?: unknown, token = ben) => call(t, 'POST', `/api/meetings${path}`, { token, body: b ?? {} });
  const put = (path: string, b: unknown, token = ben) => call(t, 'PUT', `/api/meetings${path}`, { token, body: b });

  it('the board schedules a draft with its agenda; the form’s rules answer 400 on their field', async () => {
    await setup();
    const request = await aRequest(DEMO.maple.board);
    const m = await schedule({ items: [{ title: 'Call to order' }, { title: 'Gate repair', link_kind: 'request', link_id: request.id }] });
    expect(m).toMatchObject({ title: 'Quarterly Board Meeting', date: '2026-04-16T00:00:00.000Z', time: '19:00', status: 'draft', minutes_status: 'none', access: 'open', created_by: { name: 'Ben Board' } });
    expect(m.items.map((i: { title: string }) => i.title)).toEqual(['Call to order', 'Gate repair']);
    expect(m.items[1]).toMatchObject({ link_kind: 'request', link_id: request.id, link_label: request.title });

    const bad = async (over: Record<string, unknown>, path: string, msg: string) => {
      const r = await call(t, 'POST', '/api/meetings', { token: ben, body: body(over) });
      expect(r.status).toBe(400);
      expect(r.json.errors).toContainEqual({ path, msg });
    };
    await bad({ title: '' }, 'title', MEETING_MESSAGES.titleRequired);
    await bad({ title: 'x'.repeat(101) }, 'title', MEETING_MESSAGES.titleTooLong);
    await bad({ place: '', video_link: null }, 'place', MEETING_MESSAGES.placeOrLink);
    await bad({ place: null, video_link: 'http://meet.example.com/board' }, 'video_link', MEETING_MESSAGES.linkInvalid);
    await bad({ time: '25:00' }, 'time', MEETING_MESSAGES.timeInvalid);
    // Another HOA's request is not found.
    const cedarRequest = await aRequest(DEMO.cedar.board);
    await bad({ items: [{ title: 'Theirs', link_kind: 'request', link_id: cedarRequest.id }] }, 'items.0.link_id', MEETING_MESSAGES.linkNotFound);

    // Edit while a draft: an item removed, one added.
    const edited = await put(`/${m._id}`, body({ video_link: 'https://meet.example.com/board', items: [{ id: m.items[0]._id, title: 'Call to order' }, { title: 'Adjournment' }] }));
    expect(edited.status).toBe(200);
    expect(edited.json.items.map((i: { title: string }) => i.title)).toEqual(['Call to order', 'Adjournment']);
    expect(edited.json.items[0]._id).toBe(m.items[0]._id);
  });

  it('Publish Agenda mails every active resident of an open meeting once, and then they see it; drafts and board-only meetings stay hidden', async () => {
    await setup();
    const open = await schedule();
    expect((await call(t, 'GET', `/api/meetings/${open._id}`, { token: rita })).status).toBe(404);
    const residentIds = async () => (await call(t, 'GET', '/api/meetings', { token: rita })).json.docs.map((d: { _id: string }) => d._id);
    expect(await residentIds()).not.toContain(open._id);

    const published = await post(`/${open._id}/publish`);
    expect(published.json).toMatchObject({ status: 'scheduled' });
    const hoaId = await hoaOf(DEMO.maple.board);
    const residents = await db().select({ id: users.id }).from(users).where(and(eq(users.hoaId, hoaId), eq(users.role, 'resident'), eq(users.status, 'active'), isNull(users.deletedAt)));
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.ref, `meeting:${open._id}`));
    expect(mails).toHaveLength(residents.length);
    expect(new Set(mails.map((m) => m.toUserId))).toEqual(new Set(residents.map((r) => r.id)));
    expect(mails.every((m) => m.template === 'meeting-agenda')).toBe(true);
    expect((await post(`/${open._id}/publish`)).status).toBe(409);

    const seen = await call(t, 'GET', `/api/meetings/${open._id}`, { token: rita });
    expect(seen.status).toBe(200);
    expect(seen.json.items).toHaveLength(2);
    expect(seen.json.minutes).toBeNull();
    expect(seen.json.motions).toBeUndefined();

    const closed = await schedule({ title: 'Executive session', access: 'board' });
    await post(`/${closed._id}/publish`);
    expect((await call(t, 'GET', `/api/meetings/${closed._id}`, { token: rita })).status).toBe(404);
    const boardMails = await db().select({ to: emailOutbox.toUserId }).from(emailOutbox).where(eq(emailOutbox.ref, `meeting:${closed._id}`));
    const board = await db().select({ id: users.id }).from(users).where(and(eq(users.hoaId, hoaId), inArray(users.role, ['board', 'superadmin']), eq(users.status, 'active'), isNull(users.deletedAt)));
    expect(new Set(boardMails.map((m) => m.to))).toEqual(new Set(board.map((b) => b.id)));
    expect(await residentIds()).toContain(open._id);
    expect(await residentIds()).not.toContain(closed._id);
    // Another HOA's board: 404.
    expect((await call(t, 'GET', `/api/meetings/${open._id}`, { token: cedarBoard })).status).toBe(404);
  });

  it('at the table: attendance and quorum, motions and votes (the later vote stays), outcomes, and a carried motion closes its linked request', async () => {
    await setup();
    const request = await aRequest(DEMO.maple.board);
    const m = await schedule({ items: [{ title: 'Budget' }, { title: 'Gate repair', link_kind: 'request', link_id: request.id }] });
    expect((await put(`/${m._id}/attendance/${await idOf(DEMO.maple.board)}`, { present: true })).status).toBe(409);
    await post(`/${m._id}/publish`);
    await post(`/${m._id}/start`);
    const benId = await idOf(DEMO.maple.board);
    const oliviaId = await idOf(DEMO.maple.superadmin);
    const tomId = await idOf('tom.becker@maplegrove.test');
    for (const id of [benId, oliviaId, tomId]) expect((await put(`/${m._id}/attendance/${id}`, { present: true })).status).toBe(200);
    const record = (await call(t, 'GET', `/api/meetings/${m._id}`, { token: ben })).json;
    expect(record.quorum).toMatchObject({ present: 3, reached: record.quorum.seats <= 5 });
    const resident = await idOf(DEMO.maple.resident);
    expect((await put(`/${m._id}/attendance/${resident}`, { present: true })).json.errors).toEqual([{ path: 'user_id', msg: MEETING_MESSAGES.memberNotFound }]);

    const [budget, gate] = record.items;
    const motion = (item: string, text: string, apply = false) => post(`/${m._id}/motions`, { item_id: item, text, moved_by: benId, seconded_by: oliviaId, apply_to_link: apply });
    expect((await post(`/${m._id}/motions`, { item_id: budget._id, text: 'x', moved_by: benId, seconded_by: benId })).json.errors).toEqual([{ path: 'seconded_by', msg: MEETING_MESSAGES.sameSeconder }]);
    const motionOn = async (item: string, text: string, apply = false) => (await motion(item, text, apply)).json.motions.find((x: { text: string }) => x.text === text);
    const a = await motionOn(budget._id, 'Adopt the 2027 budget');
    const b = await motionOn(gate._id, 'Approve the gate repair and close the request', true);
    const closed = (r: { json: { motions: { _id: string; votes: unknown[] }[] } }, id: string) => r.json.motions.find((x) => x._id === id);
    const vote = (motionId: string, userId: string, v: string, token = ben) => put(`/${m._id}/motions/${motionId}/votes/${userId}`, { vote: v }, token);
    await vote(a._id, benId, 'yes');
    await vote(a._id, oliviaId, 'no');
    await vote(a._id, oliviaId, 'yes', olivia); // recorded again: the later write stays
    await vote(a._id, tomId, 'abstain');
    await vote(b._id, benId, 'no');
    await vote(b._id, oliviaId, 'recused');
    await vote(b._id, tomId, 'yes');
    await vote(b._id, tomId, 'yes');
    const closeA = await post(`/${m._id}/motions/${a._id}/close`);
    expect(closed(closeA, a._id)).toMatchObject({ outcome: 'carried', tally: { yes: 2, no: 0, abstain: 1, recused: 0 } });
    expect(closed(closeA, a._id)?.votes).toHaveLength(3);
    // One yes, one no: not a majority; the request stays as it was.
    const closeB = await post(`/${m._id}/motions/${b._id}/close`);
    expect(closed(closeB, b._id)).toMatchObject({ outcome: 'failed' });
    expect((await db().select({ status: requests.status }).from(requests).where(eq(requests.id, request.id)))[0].status).not.toBe('closed');
    expect((await vote(a._id, benId, 'no')).status).toBe(409);

    const c = await motionOn(gate._id, 'Close the gate request', true);
    await vote(c._id, benId, 'yes');
    await vote(c._id, tomId, 'yes');
    await post(`/${m._id}/motions/${c._id}/close`);
    expect((await db().select({ status: requests.status }).from(requests).where(eq(requests.id, request.id)))[0].status).toBe('closed');
    expect((await put(`/${m._id}/items/${gate._id}/notes`, { notes: 'Contractor starts Monday.' })).json.items[1].notes).toBe('Contractor starts Monday.');
  });

  it('a carried motion on an agenda item linking an architectural application approves it, by motion', async () => {
    await setup();
    const [open] = await db()
      .select({ id: architecturalApplications.id })
      .from(architecturalApplications)
      .where(and(eq(architecturalApplications.hoaId, await hoaOf(DEMO.maple.board)), eq(architecturalApplications.status, 'under_review')))
      .limit(1);
    const other = await db().select({ id: architecturalApplications.id }).from(architecturalApplications).where(eq(architecturalApplications.hoaId, await hoaOf(DEMO.cedar.board))).limit(1);
    expect((await call(t, 'POST', '/api/meetings', { token: ben, body: body({ items: [{ title: 'Fence', link_kind: 'application', link_id: other[0].id }] }) })).json.errors).toEqual([
      { path: 'items.0.link_id', msg: MEETING_MESSAGES.linkNotFound },
    ]);
    const m = await schedule({ items: [{ title: 'Architectural review', link_kind: 'application', link_id: open.id }] });
    await post(`/${m._id}/publish`);
    await post(`/${m._id}/start`);
    const [benId, oliviaId, tomId] = await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, 'tom.becker@maplegrove.test'].map(idOf));
    const [item] = (await call(t, 'GET', `/api/meetings/${m._id}`, { token: ben })).json.items;
    const motion = (await post(`/${m._id}/motions`, { item_id: item._id, text: 'Approve the application', moved_by: benId, seconded_by: oliviaId, apply_to_link: true })).json.motions[0];
    for (const id of [benId, oliviaId, tomId]) await put(`/${m._id}/motions/${motion._id}/votes/${id}`, { vote: 'yes' });
    await post(`/${m._id}/motions/${motion._id}/close`);
    const [decided] = await db().select({ status: architecturalApplications.status, decidedBy: architecturalApplications.decidedBy }).from(architecturalApplications).where(eq(architecturalApplications.id, open.id));
    expect(decided).toEqual({ status: 'approved', decidedBy: 'motion' });
  });

  it('minutes: drafted once adjourned, approved by a motion at a later meeting, published into the document vault', async () => {
    await setup();
    const first = await schedule({ title: 'March Board Meeting' });
    await post(`/${first._id}/publish`);
    await post(`/${first._id}/start`);
    expect((await put(`/${first._id}/minutes`, { minutes: '<p>Too early</p>' })).status).toBe(409);
    await post(`/${first._id}/adjourn`);
    expect((await put(`/${first._id}/minutes`, { minutes: '<h2>Minutes</h2><p>The meeting was called to order at 7:02 PM.</p>' })).json.minutes_status).toBe('draft');
    expect((await post(`/${first._id}/minutes/publish`, { visibility: 'public' })).json.message).toBe(MEETING_MESSAGES.minutesNotApproved);

    const second = await schedule({ title: 'April Board Meeting', items: [{ title: 'Approve minutes of March Board Meeting', link_kind: 'minutes', link_id: first._id }] });
    expect(second.items[0].link_label).toContain('March Board Meeting');
    await post(`/${second._id}/publish`);
    await post(`/${second._id}/start`);
    const benId = await idOf(DEMO.maple.board);
    const oliviaId = await idOf(DEMO.maple.superadmin);
    const motion = (await post(`/${second._id}/motions`, { item_id: second.items[0]._id, text: 'Approve the minutes as drafted', moved_by: benId, seconded_by: oliviaId })).json.motions[0];
    await put(`/${second._id}/motions/${motion._id}/votes/${benId}`, { vote: 'yes' });
    await post(`/${second._id}/motions/${motion._id}/close`);
    expect((await call(t, 'GET', `/api/meetings/${first._id}`, { token: ben })).json.minutes_status).toBe('approved');
    expect((await put(`/${first._id}/minutes`, { minutes: '<p>Changed after approval</p>' })).status).toBe(409);

    const published = await post(`/${first._id}/minutes/publish`, { visibility: 'public' });
    expect(published.json.minutes_status).toBe('published');
    const [doc] = await db().select().from(documents).where(eq(documents.id, published.json.minutes_document_id));
    expect(doc).toMatchObject({ title: minutesDocumentTitle('March Board Meeting', 'Apr 16, 2026'), category: 'Meeting Minutes', isPublic: true, fileType: 'pdf' });
    const stored = await t.deps.storage.head(doc.s3Key);
    expect(stored?.contentType).toBe('application/pdf');
    const residentDocs = await call(t, 'GET', '/api/documents?category=Meeting%20Minutes', { token: rita });
    expect(JSON.stringify(residentDocs.json)).toContain(doc.title);
  });

  it('residents may not write (403 before the body), another HOA’s meeting is a 404', async () => {
    await setup();
    expect((await call(t, 'POST', '/api/meetings', { token: rita, body: body() })).status).toBe(403);
    const m = await schedule();
    expect((await call(t, 'POST', `/api/meetings/${m._id}/publish`, { token: cedarBoard, body: {} })).status).toBe(404);
    expect((await call(t, 'POST', `/api/meetings/${m._id}/publish`, { token: rita, body: {} })).json.message).toBe(MEETING_MESSAGES.boardOnly);
  });
});
