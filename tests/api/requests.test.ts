import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../schema/requests';
import { emailOutbox, requests, users } from '../../schema/tables';
import { STAFF_LABEL, THREAD_MESSAGES } from '../../schema/threads';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../schema/uploads';
import { requestRef } from '../../worker/domain/requests';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoAudience } from '../helpers/demo';
import { call, DEMO, login } from '../helpers/http';
import type { fakeStorage } from '../helpers/services';

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Broken gate latch',
  description: '<p>The side gate does not <strong>latch</strong>.</p>',
  category: 'Maintenance',
  photo_url: null,
  ...over,
});

function fileForm(name: string, type: string, size = 1024): FormData {
  const body = new FormData();
  body.set('file', new File([new Uint8Array(size).fill(37)], name, { type }));
  return body;
}

describe('requests API', () => {
  let t: TestApp;
  let rita: string, ray: string, ben: string, olivia: string, cedarBoard: string;
  const userId = async (email: string) => (await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  /** Mail queued about a request, by recipient. */
  const mailTo = async (id: string) =>
    (await t.deps.database.db.select({ to: emailOutbox.toEmail, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.ref, requestRef(id)))).sort((a, b) =>
      a.to.localeCompare(b.to),
    );

  async function setup() {
    t = await createTestApp();
    [rita, ray, ben, olivia, cedarBoard] = (
      await Promise.all([DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.superadmin, DEMO.cedar.board].map((e) => login(t, e)))
    ).map((s) => s.token);
  }
  afterEach(() => t?.close());

  async function file(over: Record<string, unknown> = {}, token = rita) {
    const r = await call(t, 'POST', '/api/requests', { token, body: form(over) });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json;
  }

  it('files a request with the REST shape: populated resident and address, sanitised description, a history line', async () => {
    await setup();
    const r = await file({
      title: '  Broken gate latch  ',
      description: '<p onclick="x()">The gate <a href="javascript:alert(1)">latch</a><script>alert(1)</script> is <em>broken</em>.</p><img src=x onerror=alert(1)>',
    });
    expect(r).toMatchObject({
      title: 'Broken gate latch',
      description: '<p>The gate latch is <em>broken</em>.</p>',
      category: 'Maintenance',
      status: 'open',
      photo_url: null,
      attachment: null,
      user_id: { _id: await userId(DEMO.maple.resident), name: 'Rita Resident', email: DEMO.maple.resident, role: 'resident' },
      address_id: { street: '103 Maple Grove Lane', unit_number: null },
      assigned_to: null,
      resolution_deadline: null,
      resolution_notes: null,
      comments: [],
      history: [{ action: 'Request created', user_id: { _id: await userId(DEMO.maple.resident), name: 'Rita Resident', is_staff: false } }],
      version: 1,
    });
    expect(r.createdAt).toBe(new Date(t.clock()).toISOString());
  });

  it('answers the spec messages on bad input, and a description empty once sanitised is empty', async () => {
    await setup();
    const errorsOf = async (body: unknown) => (await call(t, 'POST', '/api/requests', { token: rita, body })).json.errors;
    expect(await errorsOf(form({ title: '   ' }))).toEqual([{ path: 'title', msg: REQUEST_MESSAGES.titleRequired }]);
    expect(await errorsOf(form({ description: '<p></p>' }))).toEqual([{ path: 'description', msg: REQUEST_MESSAGES.descriptionRequired }]);
    expect(await errorsOf(form({ category: '' }))).toEqual([{ path: 'category', msg: REQUEST_MESSAGES.categoryRequired }]);
    expect(await errorsOf({ title: 'x', description: '<p>x</p>' })).toEqual([{ path: 'category', msg: REQUEST_MESSAGES.categoryRequired }]);
    const scripted = await call(t, 'POST', '/api/requests', { token: rita, body: form({ description: '<script>alert(1)</script><img src=x>' }) });
    expect(scripted.status).toBe(400);
    expect(scripted.json.errors).toEqual([{ path: 'description', msg: REQUEST_MESSAGES.descriptionRequired }]);
    // A storage key this server never issued (or issued to another HOA) is refused.
    expect(await errorsOf(form({ photo_url: 'hoa/x/requests/made-up.pdf' }))).toEqual([{ path: 'photo_url', msg: UPLOAD_MESSAGES.unknownKey }]);
    const cedarKey = (await call(t, 'POST', '/api/requests/presigned-url', { token: cedarBoard, body: { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 10 } })).json.s3Key;
    expect(await errorsOf(form({ photo_url: cedarKey }))).toEqual([{ path: 'photo_url', msg: UPLOAD_MESSAGES.unknownKey }]);
  });

  it('takes the attachment of a presigned upload, its name, size and type from the issued record', async () => {
    await setup();
    const up = await call(t, 'POST', '/api/requests/presigned-url', { token: rita, body: { fileName: 'Leak photo.PNG', fileType: 'image/png', fileSize: 4096 } });
    const r = await file({ photo_url: up.json.s3Key });
    expect(r.photo_url).toBe(up.json.s3Key);
    expect(r.attachment).toEqual({ s3_key: up.json.s3Key, filename: 'Leak photo.PNG', file_size: 4096, file_type: 'png' });
  });

  it('residents see their own requests only (404 with the spec words for another resident or HOA); the board sees the HOA', async () => {
    await setup();
    const mine = await file();
    const other = await call(t, 'GET', `/api/requests/${mine._id}`, { token: ray });
    expect(other).toMatchObject({ status: 404, json: { message: REQUEST_MESSAGES.notFound } });
    expect((await call(t, 'GET', `/api/requests/${mine._id}`, { token: cedarBoard })).status).toBe(404);
    expect((await call(t, 'GET', `/api/requests/${mine._id}`, { token: ben })).status).toBe(200);

    const ritaList = (await call(t, 'GET', '/api/requests?limit=100', { token: rita })).json;
    const ritaId = await userId(DEMO.maple.resident);
    expect(ritaList.docs.length).toBeGreaterThan(1);
    expect(ritaList.docs.every((d: { user_id: { _id: string } }) => d.user_id._id === ritaId)).toBe(true);
    const boardList = (await call(t, 'GET', '/api/requests?limit=100', { token: ben })).json;
    const mapleCount = (await t.deps.database.db.select({ id: requests.id }).from(requests).where(eq(requests.hoaId, await hoaOf(mine._id)))).length;
    expect(boardList.totalDocs).toBe(mapleCount);
    expect(new Set(boardList.docs.map((d: { user_id: { _id: string } }) => d.user_id._id)).size).toBeGreaterThan(1);
  });

  async function hoaOf(id: string) {
    return (await t.deps.database.db.select({ hoaId: requests.hoaId }).from(requests).where(eq(requests.id, id)))[0].hoaId;
  }

  it('lists with search, category and status lists, both sorts and pages of 10', async () => {
    await setup();
    for (let i = 0; i < 12; i++) {
      t.clock.advance(60_000);
      await file({ title: `Paging item ${i}`, category: i % 2 ? 'Inquiry' : 'Other' });
    }
    const get = async (q: string) => (await call(t, 'GET', `/api/requests?${q}`, { token: ben })).json;
    const first = await get('search=paging');
    expect(first).toMatchObject({ totalDocs: 12, totalPages: 2, page: 1, limit: 10, hasNextPage: true });
    expect(first.docs.map((d: { title: string }) => d.title).slice(0, 2)).toEqual(['Paging item 11', 'Paging item 10']);
    const second = await get('search=paging&page=2');
    expect(second.docs.map((d: { title: string }) => d.title)).toEqual(['Paging item 1', 'Paging item 0']);
    expect(second.hasNextPage).toBe(false);
    expect((await get('search=PAGING&sort=createdAt&limit=3')).docs.map((d: { title: string }) => d.title)).toEqual(['Paging item 0', 'Paging item 1', 'Paging item 2']);
    const inquiries = await get('search=paging&category=Inquiry');
    expect(inquiries.totalDocs).toBe(6);
    expect((await get('search=paging&category=Inquiry,Other')).totalDocs).toBe(12);
    expect((await get('status=rejected,closed')).docs.every((d: { status: string }) => ['rejected', 'closed'].includes(d.status))).toBe(true);
    // LIKE's wildcards in a search are plain characters.
    expect((await get('search=%25')).totalDocs).toBe(0);
    const bad = await call(t, 'GET', '/api/requests?category=Gardening', { token: ben });
    expect(bad).toMatchObject({ status: 400, json: { message: REQUEST_MESSAGES.categoryInvalid } });
    expect((await call(t, 'GET', '/api/requests?status=done', { token: ben })).json.message).toBe(REQUEST_MESSAGES.statusInvalid);
  });

  it('the board changes the status (any to any), with one history line and one mail to the resident per change', async () => {
    await setup();
    const r = await file();
    expect(await call(t, 'PUT', `/api/requests/${r._id}`, { token: rita, body: { status: 'closed' } })).toMatchObject({ status: 403, json: { message: REQUEST_MESSAGES.boardOnly } });
    const closed = await call(t, 'PUT', `/api/requests/${r._id}`, { token: ben, body: { status: 'closed' } });
    expect(closed.status).toBe(200);
    expect(closed.json.status).toBe('closed');
    const reopened = await call(t, 'PUT', `/api/requests/${r._id}`, { token: olivia, body: { status: 'open' } });
    expect(reopened.json.history.map((h: { action: string }) => h.action)).toEqual(['Request created', 'Status changed from Open to Closed', 'Status changed from Closed to Open']);
    // The same status again changes nothing: no line, no mail.
    await call(t, 'PUT', `/api/requests/${r._id}`, { token: ben, body: { status: 'open' } });
    const mail = (await mailTo(r._id)).filter((m) => m.to === DEMO.maple.resident);
    expect(mail).toHaveLength(2);
    expect(mail[0]).toMatchObject({ subject: 'Request update: Broken gate latch' });
    expect(mail.map((m) => m.text).join('\n')).toContain(`http://localhost:8787/requests/${r._id}`);
    expect((await call(t, 'PUT', `/api/requests/${r._id}`, { token: ben, body: { status: 'done' } })).json.errors).toEqual([{ path: 'status', msg: REQUEST_MESSAGES.statusInvalid }]);
    expect((await call(t, 'PUT', `/api/requests/${r._id}`, { token: ben, body: {} })).json.message).toBe(REQUEST_MESSAGES.nothingToUpdate);
    expect((await call(t, 'PUT', `/api/requests/${r._id}`, { token: cedarBoard, body: { status: 'open' } })).status).toBe(404);
  });

  it('assignee, deadline and notes: recorded in history; residents see neither the assignee nor its line', async () => {
    await setup();
    const r = await file();
    const benId = await userId(DEMO.maple.board);
    const put = (body: unknown) => call(t, 'PUT', `/api/requests/${r._id}`, { token: olivia, body });
    expect((await put({ assigned_to: await userId(DEMO.maple.resident2) })).json.errors).toEqual([{ path: 'assigned_to', msg: REQUEST_MESSAGES.assigneeInvalid }]);
    expect((await put({ resolution_deadline: 'next week' })).json.errors).toEqual([{ path: 'resolution_deadline', msg: REQUEST_MESSAGES.deadlineInvalid }]);
    expect((await put({ resolution_notes: 'x'.repeat(5001) })).json.errors).toEqual([{ path: 'resolution_notes', msg: REQUEST_MESSAGES.notesTooLong }]);
    const done = await put({ assigned_to: benId, resolution_deadline: '2026-12-05', resolution_notes: '  Contractor booked.  ' });
    expect(done.json).toMatchObject({
      assigned_to: { _id: benId, name: 'Ben Board', email: DEMO.maple.board },
      resolution_deadline: '2026-12-05T00:00:00.000Z',
      resolution_notes: 'Contractor booked.',
    });
    expect(done.json.history.map((h: { action: string }) => h.action)).toEqual(['Request created', 'Assigned to Ben Board', 'Resolution deadline set to Dec 5, 2026', 'Resolution notes updated']);
    const cleared = await put({ assigned_to: null, resolution_deadline: null, resolution_notes: '' });
    expect(cleared.json).toMatchObject({ assigned_to: null, resolution_deadline: null, resolution_notes: null });

    await put({ assigned_to: benId });
    const seen = (await call(t, 'GET', `/api/requests/${r._id}`, { token: rita })).json;
    expect(seen.assigned_to).toBeNull();
    expect(seen.history.map((h: { action: string }) => h.action)).toEqual([
      'Request created',
      'Resolution deadline set to Dec 5, 2026',
      'Resolution notes updated',
      'Resolution deadline removed',
      'Resolution notes removed',
    ]);
    expect(seen.history[1].user_id).toEqual({ _id: null, name: STAFF_LABEL, is_staff: true });
    // No mail for the board's own fields.
    expect((await mailTo(r._id)).filter((m) => m.to === DEMO.maple.resident)).toEqual([]);
  });

  it('messages: sanitised, never empty; staff read as "HOA Staff" by residents; internal notes never reach them', async () => {
    await setup();
    const r = await file();
    const post = (token: string, body: unknown) => call(t, 'POST', `/api/requests/${r._id}/comments`, { token, body });
    expect((await post(rita, { message: '<p></p>', is_public: true })).json.errors).toEqual([{ path: 'message', msg: THREAD_MESSAGES.empty }]);
    expect((await post(rita, { message: '<script>x</script>' })).json.errors).toEqual([{ path: 'message', msg: THREAD_MESSAGES.empty }]);
    expect(await post(rita, { message: '<p>secret</p>', is_public: false })).toMatchObject({ status: 403, json: { message: THREAD_MESSAGES.internalBoardOnly } });
    expect((await post(ray, { message: '<p>hi</p>' })).status).toBe(404);

    expect((await post(rita, { message: '<p>Any <b>news</b>?</p>', is_public: true })).status).toBe(201);
    expect((await post(ben, { message: '<p>Quote is $300.</p>', is_public: false })).status).toBe(201);
    const answered = await post(ben, { message: '<p>Fixed <em>Monday</em>.</p>' });
    expect(answered.status).toBe(201);
    const benId = await userId(DEMO.maple.board);
    expect(answered.json.comments.map((c: { user_id: unknown; message: string; is_public: boolean }) => [c.user_id, c.message, c.is_public])).toEqual([
      [{ _id: await userId(DEMO.maple.resident), name: 'Rita Resident', is_staff: false }, '<p>Any news?</p>', true],
      [{ _id: benId, name: 'Ben Board', is_staff: true }, '<p>Quote is $300.</p>', false],
      [{ _id: benId, name: 'Ben Board', is_staff: true }, '<p>Fixed <em>Monday</em>.</p>', true],
    ]);
    expect(answered.json.history.map((h: { action: string }) => h.action)).toEqual(['Request created', 'Message added', 'Internal note added', 'Message added']);

    const seen = (await call(t, 'GET', `/api/requests/${r._id}`, { token: rita })).json;
    expect(seen.comments.map((c: { user_id: unknown; message: string }) => [c.user_id, c.message])).toEqual([
      [{ _id: await userId(DEMO.maple.resident), name: 'Rita Resident', is_staff: false }, '<p>Any news?</p>'],
      [{ _id: null, name: STAFF_LABEL, is_staff: true }, '<p>Fixed <em>Monday</em>.</p>'],
    ]);
    expect(seen.history.map((h: { action: string }) => h.action)).toEqual(['Request created', 'Message added', 'Message added']);
    expect(JSON.stringify((await call(t, 'GET', '/api/requests?limit=100', { token: rita })).json)).not.toContain('Quote is');

    // Mail: one for the public staff answer; none for the resident's message or the internal note.
    const mail = (await mailTo(r._id)).filter((m) => m.to === DEMO.maple.resident);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain('Fixed Monday.');
    expect(mail[0].text).not.toContain('Quote');
  });

  it('a new request mails every active board member and superadmin but its author, once', async () => {
    await setup();
    const staff = (await demoAudience(t, DEMO.maple.board, 'board')).sort((a, b) => a.localeCompare(b));
    expect(staff).toEqual(expect.arrayContaining([DEMO.maple.board, DEMO.maple.superadmin]));
    const r = await file();
    expect((await mailTo(r._id)).map((m) => m.to)).toEqual(staff);
    const byBoard = await file({ title: 'Board filed' }, ben);
    expect((await mailTo(byBoard._id)).map((m) => [m.to, m.subject])).toEqual(staff.filter((e) => e !== DEMO.maple.board).map((e) => [e, 'New request: Board filed']));
    // The board sees a board member's request; residents do not.
    expect((await call(t, 'GET', `/api/requests/${byBoard._id}`, { token: rita })).status).toBe(404);
  });

  it('multipart attachments: stored through the storage service, same rules, the filer and the board only', async () => {
    await setup();
    const r = await file();
    const attach = (token: string, body: FormData) => call(t, 'POST', `/api/requests/${r._id}/attachments`, { token, body });
    expect((await attach(ray, fileForm('a.pdf', 'application/pdf'))).status).toBe(404);
    expect((await attach(rita, fileForm('a.exe', 'application/octet-stream'))).json.errors).toEqual([{ path: 'file', msg: UPLOAD_MESSAGES.typeNotAllowed }]);
    expect((await attach(rita, fileForm('big.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1))).json.errors).toEqual([{ path: 'file', msg: UPLOAD_MESSAGES.tooLarge }]);
    expect((await attach(rita, new FormData())).json.errors).toEqual([{ path: 'file', msg: UPLOAD_MESSAGES.noFile }]);

    const done = await attach(rita, fileForm('leak.pdf', 'application/pdf', 2048));
    expect(done.status).toBe(201);
    expect(done.json).toEqual({ s3Key: expect.stringMatching(/^hoa\/.+\/requests\/.+-leak\.pdf$/), fileName: 'leak.pdf', fileSize: 2048, fileType: 'pdf' });
    const storage = t.deps.storage as ReturnType<typeof fakeStorage>;
    expect(storage.calls.filter((c) => c.key === done.json.s3Key)).toEqual([{ op: 'put', key: done.json.s3Key, contentType: 'application/pdf', contentLength: 2048 }]);
    const after = (await call(t, 'GET', `/api/requests/${r._id}`, { token: rita })).json;
    expect(after.photo_url).toBe(done.json.s3Key);
    expect(after.history.at(-1).action).toBe('Attachment added: leak.pdf');
    expect((await attach(ben, fileForm('plan.png', 'image/png'))).status).toBe(201);

    // Downloads: the filer and the board; another resident gets 404.
    const key = (await call(t, 'GET', `/api/requests/${r._id}`, { token: ben })).json.photo_url;
    const download = (token: string) => call(t, 'POST', '/api/requests/download-url', { token, body: { s3Key: key } });
    expect((await download(rita)).status).toBe(200);
    expect((await download(olivia)).status).toBe(200);
    expect((await download(ray)).status).toBe(404);
    expect((await download(cedarBoard)).status).toBe(404);
  });

  it('an upload above the body limit is refused before it is read', async () => {
    await setup();
    const r = await file();
    const res = await call(t, 'POST', `/api/requests/${r._id}/attachments`, { token: rita, body: fileForm('huge.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 200 * 1024) });
    expect(res.status).toBe(413);
  });

  it('the seed has every status and category in both HOAs, with threads and attachments', async () => {
    await setup();
    for (const token of [ben, cedarBoard]) {
      const docs = (await call(t, 'GET', '/api/requests?limit=100', { token })).json.docs as { status: string; category: string; comments: unknown[]; photo_url: string | null }[];
      expect(new Set(docs.map((d) => d.status)).size).toBe(6);
      expect(new Set(docs.map((d) => d.category)).size).toBe(4);
      expect(docs.some((d) => d.comments.length > 0)).toBe(true);
      expect(docs.some((d) => d.photo_url)).toBe(true);
    }
    const [internal] = await t.deps.database.db.select({ id: requests.id }).from(requests).where(eq(requests.title, 'Leaking roof over the garage'));
    const seen = (await call(t, 'GET', `/api/requests/${internal.id}`, { token: rita })).json;
    expect(seen.comments.every((c: { is_public: boolean }) => c.is_public)).toBe(true);
  });
});
