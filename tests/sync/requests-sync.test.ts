/**
 * Requests through sync: who receives which request, that a resident never receives an internal
 * message (or its history line, or a staff name), that the pulled value and the REST answer say
 * the same for every role, that the four mutators do through the push what REST does (mail once,
 * refusals as notices), and the optimistic values the client shows before the server answers.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../schema/requests';
import { emailOutbox, users } from '../../schema/tables';
import { STAFF_LABEL } from '../../schema/threads';
import { requestKey, type SyncedRequest } from '../../sync/areas/requests';
import { noticeKey } from '../../sync/areas/notices';
import { requestRef, toApiRequest } from '../../worker/domain/requests';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoAudience } from '../helpers/demo';
import { call, DEMO, login } from '../helpers/http';
import { localCaches } from '../helpers/replicache';
import { SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

async function clientFor(app: TestApp, email: string) {
  const session = await login(app, email);
  return Object.assign(new SyncTestClient(app, session.token), { user: session.user as { _id: string; name: string; role: 'resident' | 'board' | 'superadmin' } });
}
const requestsOf = (c: SyncTestClient) => c.values<SyncedRequest>('request/');
const userIdOf = async (email: string) => (await t!.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const filing = (over: Record<string, unknown> = {}) => ({ id: crypto.randomUUID(), title: 'Dripping tap', description: '<p>The tap drips.</p>', category: 'Maintenance' as const, photo_url: null, ...over });

describe('requests pulled', () => {
  it('residents receive their own requests, the board its HOA, no one another HOA', async () => {
    t = await createTestApp();
    const [rita, ray, ben, cedar] = await Promise.all([DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.cedar.superadmin].map((e) => clientFor(t!, e)));
    for (const c of [rita, ray, ben, cedar]) await c.pull();
    expect(requestsOf(rita).length).toBeGreaterThan(0);
    expect(requestsOf(rita).every((r) => r.resident.id === rita.user._id)).toBe(true);
    expect(requestsOf(ray).every((r) => r.resident.id === ray.user._id)).toBe(true);
    expect(requestsOf(ben).map((r) => r.id).sort()).toEqual([...requestsOf(rita), ...requestsOf(ray), ...requestsOf(ben).filter((r) => r.resident.role !== 'resident')].map((r) => r.id).sort());
    const mapleIds = new Set(requestsOf(ben).map((r) => r.id));
    expect(requestsOf(cedar).some((r) => mapleIds.has(r.id))).toBe(false);
    expect(requestsOf(cedar).length).toBeGreaterThan(0);
  });

  it('an internal note reaches the board and never the resident; staff read as "HOA Staff" by residents', async () => {
    t = await createTestApp();
    const [rita, ben] = await Promise.all([DEMO.maple.resident, DEMO.maple.board].map((e) => clientFor(t!, e)));
    const id = crypto.randomUUID();
    await rita.push([rita.mutation('createRequest', filing({ id }))]);
    await rita.pull();
    await ben.pull();
    await ben.push([
      ben.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: id, message: '<p>Vendor quote $90, cheap.</p>', is_public: false }),
      ben.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: id, message: '<p>A plumber comes Friday.</p>', is_public: true }),
    ]);
    await rita.pull();
    await ben.pull();
    const forBen = ben.data.get(requestKey(id)) as SyncedRequest;
    expect(forBen.messages.map((m) => [m.author, m.isPublic])).toEqual([
      [{ id: ben.user._id, name: 'Ben Board', isStaff: true }, false],
      [{ id: ben.user._id, name: 'Ben Board', isStaff: true }, true],
    ]);
    const forRita = rita.data.get(requestKey(id)) as SyncedRequest;
    expect(forRita.messages).toEqual([{ id: forBen.messages[1].id, author: { id: null, name: STAFF_LABEL, isStaff: true }, message: '<p>A plumber comes Friday.</p>', isPublic: true, attachment: null, createdAt: t.clock() }]);
    expect(forRita.history.map((h) => h.action)).toEqual(['Request created', 'Message added']);
    expect(JSON.stringify(rita.lastPatch)).not.toContain('Vendor quote');
    // A fresh full pull says the same.
    const fresh = new SyncTestClient(t, rita.token);
    await fresh.pull();
    expect(fresh.data.get(requestKey(id))).toEqual(forRita);
  });

  it('the pulled value and the REST answer say the same, for every role', async () => {
    t = await createTestApp();
    const ben = await clientFor(t, DEMO.maple.board);
    // Some of everything on one request: assignee, deadline, notes, both kinds of message, an attachment.
    const up = await call(t, 'POST', '/api/requests/presigned-url', { token: ben.token, body: { fileName: 'plan.pdf', fileType: 'application/pdf', fileSize: 99 } });
    const filed = await call(t, 'POST', '/api/requests', { token: (await login(t, DEMO.maple.resident)).token, body: { title: 'Everything', description: '<p>All</p>', category: 'Other' } });
    await call(t, 'PUT', `/api/requests/${filed.json._id}`, { token: ben.token, body: { status: 'resolved', assigned_to: ben.user._id, resolution_deadline: '2026-12-31', resolution_notes: 'Done' } });
    await call(t, 'POST', `/api/requests/${filed.json._id}/comments`, { token: ben.token, body: { message: '<p>internal</p>', is_public: false } });
    await call(t, 'POST', `/api/requests/${filed.json._id}/comments`, { token: ben.token, body: { message: '<p>public</p>' } });
    await call(t, 'POST', '/api/requests', { token: ben.token, body: { title: 'Board own', description: '<p>x</p>', category: 'Inquiry', photo_url: up.json.s3Key } });

    for (const email of [DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.superadmin, DEMO.cedar.resident]) {
      const c = await clientFor(t, email);
      await c.pull();
      const rest = (await call(t, 'GET', '/api/requests?limit=100', { token: c.token })).json;
      expect(rest.totalDocs).toBe(requestsOf(c).length);
      const pulled = Object.fromEntries(requestsOf(c).map((r) => [r.id, toApiRequest(r)]));
      expect({ email, docs: Object.fromEntries(rest.docs.map((d: { _id: string }) => [d._id, d])) }).toEqual({ email, docs: pulled });
      for (const id of Object.keys(pulled).slice(0, 3)) expect((await call(t, 'GET', `/api/requests/${id}`, { token: c.token })).json).toEqual(pulled[id]);
    }
  });

  it('a renamed resident, assignee or author reaches every client holding a request that shows them', async () => {
    t = await createTestApp();
    const [rita, ben] = await Promise.all([DEMO.maple.resident, DEMO.maple.board].map((e) => clientFor(t!, e)));
    await rita.pull();
    await ben.pull();
    const benId = await userIdOf(DEMO.maple.board);
    const hoaId = rita.hoaId;
    await t.write((tx) => updateUser(t!.deps, tx, { id: benId, hoaId }, { name: 'Benjamin Board' }));
    await t.write((tx) => updateUser(t!.deps, tx, { id: rita.user._id, hoaId }, { name: 'Rita R.' }));
    await rita.pull();
    await ben.pull();
    const roof = requestsOf(ben).find((r) => r.title === 'Leaking roof over the garage')!;
    expect(roof.resident.name).toBe('Rita R.');
    expect(roof.assignee?.name).toBe('Benjamin Board');
    expect(roof.messages.some((m) => m.author.name === 'Benjamin Board')).toBe(true);
    expect(requestsOf(rita).find((r) => r.id === roof.id)!.resident.name).toBe('Rita R.');
  });
});

describe('requests pushed', () => {
  it('filed and answered offline, then pushed: applied once, mail once, the board sees both', async () => {
    t = await createTestApp();
    const [rita, ben] = await Promise.all([DEMO.maple.resident, DEMO.maple.board].map((e) => clientFor(t!, e)));
    const id = crypto.randomUUID();
    const messageId = crypto.randomUUID();
    const shown = { by: { id: rita.user._id, name: 'Rita Resident', role: 'resident' } };
    const res = await rita.push([
      rita.mutation('createRequest', filing({ id, shown })),
      rita.mutation('addRequestComment', { id: messageId, requestId: id, message: '<p>Also the <script>x</script>shower.</p>', is_public: true, shown }),
    ]);
    expect(res.status).toBe(200);
    // The same push again (a lost answer): nothing applies twice.
    await rita.push([{ ...rita.mutation('createRequest', filing({ id })), id: 1 }]);
    await ben.pull();
    const seen = ben.data.get(requestKey(id)) as SyncedRequest;
    expect(seen.messages.map((m) => [m.id, m.message])).toEqual([[messageId, '<p>Also the shower.</p>']]);
    expect(seen.history.map((h) => h.action)).toEqual(['Request created', 'Message added']);
    const mail = await t.deps.database.db.select({ to: emailOutbox.toEmail }).from(emailOutbox).where(eq(emailOutbox.ref, requestRef(id)));
    // Every active board member and superadmin of Maple Grove.
    expect(mail.map((m) => m.to).sort()).toEqual(await demoAudience(t, DEMO.maple.board, 'board'));

    await ben.push([ben.mutation('setRequestStatus', { id, status: 'awaiting_info' }), ben.mutation('setRequestStatus', { id, status: 'awaiting_info' })]);
    const after = await t.deps.database.db.select({ to: emailOutbox.toEmail }).from(emailOutbox).where(eq(emailOutbox.ref, requestRef(id)));
    expect(after.filter((m) => m.to === DEMO.maple.resident)).toHaveLength(1);
  });

  it('refused changes become notices with the reason: board work by a resident, a taken id, an empty message', async () => {
    t = await createTestApp();
    const rita = await clientFor(t, DEMO.maple.resident);
    await rita.pull();
    const mine = requestsOf(rita)[0];
    await rita.push([
      rita.mutation('setRequestStatus', { id: mine.id, status: 'closed' }),
      rita.mutation('updateRequestTriage', { id: mine.id, resolution_notes: 'mine' }),
      rita.mutation('createRequest', filing({ id: mine.id })),
      rita.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: mine.id, message: '<img src=x>', is_public: true }),
      rita.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: mine.id, message: '<p>internal?</p>', is_public: false }),
    ]);
    await rita.pull();
    const notices = rita.values<{ mutationName: string; message: string }>('notice/').map((n) => [n.mutationName, n.message]);
    expect(notices).toEqual(
      expect.arrayContaining([
        ['setRequestStatus', REQUEST_MESSAGES.boardOnly],
        ['updateRequestTriage', REQUEST_MESSAGES.boardOnly],
        ['createRequest', REQUEST_MESSAGES.idTaken],
        ['addRequestComment', 'Message cannot be empty'],
        ['addRequestComment', 'Only board members can post internal messages'],
      ]),
    );
    expect(notices).toHaveLength(5);
    expect((rita.data.get(requestKey(mine.id)) as SyncedRequest).status).toBe(mine.status);
    expect(rita.keys('notice/').every((k) => k.startsWith(noticeKey('')))).toBe(true);
  });
});

describe('request mutators, optimistic', () => {
  const localCache = localCaches();
  const rita = { id: 'u-rita', name: 'Rita Resident', email: 'rita@example.test', role: 'resident' as const };
  const ben = { id: 'u-ben', name: 'Ben Board', role: 'board' as const };

  it('createRequest shows the request at once, filed by the acting user, with its attachment name', async () => {
    const rep = localCache();
    await rep.mutate.createRequest({ ...filing({ id: 'req-00001' }), photo_url: 'hoa/h/requests/k-leak.png', shown: { by: rita, attachment: { filename: 'leak.png', fileSize: 10, fileType: 'png' } } });
    const value = (await rep.query((tx) => tx.get(requestKey('req-00001')))) as SyncedRequest;
    expect(value).toMatchObject({
      id: 'req-00001',
      status: 'open',
      resident: { id: 'u-rita', name: 'Rita Resident', email: 'rita@example.test', role: 'resident' },
      attachment: { s3Key: 'hoa/h/requests/k-leak.png', filename: 'leak.png', fileSize: 10, fileType: 'png' },
      messages: [],
      history: [{ action: 'Request created', user: { id: 'u-rita', name: 'Rita Resident', isStaff: false } }],
    });
    await expect(rep.mutate.createRequest({ ...filing({ id: 'req-00002' }), title: ' ' })).rejects.toThrow(REQUEST_MESSAGES.titleRequired);
    await expect(rep.mutate.createRequest({ ...filing({ id: 'req-00003' }), description: '<p></p>' })).rejects.toThrow(REQUEST_MESSAGES.descriptionRequired);
  });

  it('a message shows its author at once; a resident cannot predict an internal note', async () => {
    const rep = localCache();
    await rep.mutate.createRequest({ ...filing({ id: 'req-00001' }), shown: { by: rita } });
    await rep.mutate.addRequestComment({ id: 'msg-00001', requestId: 'req-00001', message: '<p>Hello</p>', is_public: true, shown: { by: rita } });
    await rep.mutate.addRequestComment({ id: 'msg-00002', requestId: 'req-00001', message: '<p>Secret</p>', is_public: false, shown: { by: rita } });
    await rep.mutate.addRequestComment({ id: 'msg-00003', requestId: 'req-00001', message: '<p>Staff note</p>', is_public: false, shown: { by: ben } });
    await expect(rep.mutate.addRequestComment({ id: 'msg-00004', requestId: 'req-00001', message: '<p></p>', is_public: true })).rejects.toThrow('Message cannot be empty');
    const value = (await rep.query((tx) => tx.get(requestKey('req-00001')))) as SyncedRequest;
    expect(value.messages.map((m) => [m.id, m.author, m.isPublic])).toEqual([
      ['msg-00001', { id: 'u-rita', name: 'Rita Resident', isStaff: false }, true],
      ['msg-00003', { id: 'u-ben', name: 'Ben Board', isStaff: true }, false],
    ]);
    expect(value.history.map((h) => h.action)).toEqual(['Request created', 'Message added', 'Internal note added']);
  });

  it('status and triage changes add their history lines; the same status adds none', async () => {
    const rep = localCache();
    await rep.mutate.createRequest({ ...filing({ id: 'req-00001' }), shown: { by: rita } });
    await rep.mutate.setRequestStatus({ id: 'req-00001', status: 'in_progress', shown: { by: ben } });
    await rep.mutate.setRequestStatus({ id: 'req-00001', status: 'in_progress', shown: { by: ben } });
    await rep.mutate.updateRequestTriage({ id: 'req-00001', assigned_to: 'u-ben', resolution_deadline: '2026-12-05', resolution_notes: 'Booked', shown: { by: ben, assignee: { name: 'Ben Board', email: 'b@x' } } });
    await expect(rep.mutate.updateRequestTriage({ id: 'req-00001' })).rejects.toThrow(REQUEST_MESSAGES.nothingToUpdate);
    const value = (await rep.query((tx) => tx.get(requestKey('req-00001')))) as SyncedRequest;
    expect(value).toMatchObject({ status: 'in_progress', assignee: { id: 'u-ben', name: 'Ben Board' }, resolutionDeadline: Date.parse('2026-12-05T00:00:00Z'), resolutionNotes: 'Booked' });
    expect(value.history.map((h) => h.action)).toEqual(['Request created', 'Status changed from Open to In Progress', 'Assigned to Ben Board', 'Resolution deadline set to Dec 5, 2026', 'Resolution notes updated']);
  });
});
