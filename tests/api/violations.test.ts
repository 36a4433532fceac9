import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, users, violations } from '../../schema/tables';
import { THREAD_MESSAGES } from '../../schema/threads';
import { UPLOAD_MESSAGES } from '../../schema/uploads';
import { VIOLATION_CATEGORIES, VIOLATION_MESSAGES, VIOLATION_STATUSES } from '../../schema/violations';
import { violationRef } from '../../worker/domain/violations';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

const DAY = 86_400_000;

describe('violations API', () => {
  let t: TestApp;
  let rita: string, ray: string, ben: string, olivia: string, cedarBoard: string;
  let ritaId: string, rayId: string;
  const userId = async (email: string) => (await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  /** `YYYY-MM-DD` `days` from the test clock's UTC day. */
  const day = (days: number) => new Date(t.clock() + days * DAY).toISOString().slice(0, 10);
  const form = (over: Record<string, unknown> = {}) => ({
    user_id: ritaId,
    category: 'Parking',
    title: 'Car parked on the lawn',
    message: '<p>Please move the car <strong>off the lawn</strong>.</p>',
    due_date: day(7),
    photo_url: null,
    ...over,
  });
  /** Mail queued about a violation, oldest first. */
  const mailOf = async (id: string) =>
    t.deps.database.db.select({ to: emailOutbox.toEmail, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.ref, violationRef(id))).orderBy(emailOutbox.createdAt);

  async function setup() {
    t = await createTestApp();
    [rita, ray, ben, olivia, cedarBoard] = (
      await Promise.all([DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.superadmin, DEMO.cedar.board].map((e) => login(t, e)))
    ).map((s) => s.token);
    [ritaId, rayId] = await Promise.all([userId(DEMO.maple.resident), userId(DEMO.maple.resident2)]);
  }
  afterEach(() => t?.close());

  async function issue(over: Record<string, unknown> = {}, token = ben) {
    const r = await call(t, 'POST', '/api/violations', { token, body: form(over) });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json;
  }

  it('issues a violation with the REST shape: populated resident, address and issuer, sanitised message, a history line, the notice mailed', async () => {
    await setup();
    const v = await issue({ title: '  Car parked on the lawn ', message: '<p onclick="x()">Move the car<script>alert(1)</script> <em>today</em>.</p><img src=x onerror=alert(1)>' });
    expect(v).toMatchObject({
      title: 'Car parked on the lawn',
      message: '<p>Move the car <em>today</em>.</p>',
      category: 'Parking',
      status: 'open',
      is_overdue: false,
      due_date: `${day(7)}T00:00:00.000Z`,
      photo_url: null,
      attachment: null,
      user_id: { _id: ritaId, name: 'Rita Resident', email: DEMO.maple.resident },
      address_id: { street: '103 Maple Grove Lane', unit_number: null },
      issued_by: { _id: await userId(DEMO.maple.board), name: 'Ben Board', email: DEMO.maple.board },
      messages: [],
      resolution: null,
      history: [{ action: 'Violation issued', user_id: { name: 'Ben Board', is_staff: true } }],
      version: 1,
    });
    const mail = await mailOf(v._id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: DEMO.maple.resident, subject: 'Compliance notice: Car parked on the lawn' });
    expect(mail[0].text).toContain(`/compliance/${v._id}`);
  });

  it('answers the spec messages on bad input; the due date may be today but not before; the resident must be an active member of the HOA', async () => {
    await setup();
    const errorsOf = async (body: unknown) => (await call(t, 'POST', '/api/violations', { token: ben, body })).json.errors;
    expect(await errorsOf(form({ user_id: '' }))).toEqual([{ path: 'user_id', msg: VIOLATION_MESSAGES.residentRequired }]);
    expect(await errorsOf(form({ title: '   ' }))).toEqual([{ path: 'title', msg: VIOLATION_MESSAGES.titleRequired }]);
    expect(await errorsOf(form({ message: '<p></p>' }))).toEqual([{ path: 'message', msg: VIOLATION_MESSAGES.messageRequired }]);
    expect(await errorsOf(form({ message: '<p><img src=x></p>' }))).toEqual([{ path: 'message', msg: VIOLATION_MESSAGES.messageRequired }]);
    expect(await errorsOf(form({ due_date: '' }))).toEqual([{ path: 'due_date', msg: VIOLATION_MESSAGES.dueDateRequired }]);
    expect(await errorsOf(form({ due_date: 'soon' }))).toEqual([{ path: 'due_date', msg: VIOLATION_MESSAGES.dueDateInvalid }]);
    // The server takes the earliest day on Earth: two days back is past everywhere, today and yesterday-in-UTC-12 are not.
    expect(await errorsOf(form({ due_date: day(-2) }))).toEqual([{ path: 'due_date', msg: VIOLATION_MESSAGES.dueDatePast }]);
    expect((await call(t, 'POST', '/api/violations', { token: ben, body: form({ due_date: day(0) }) })).status).toBe(201);
    expect(await errorsOf(form({ category: 'Graffiti' }))).toEqual([{ path: 'category', msg: VIOLATION_MESSAGES.categoryInvalid }]);
    expect((await issue({ category: undefined })).category).toBe('Other');
    // Another HOA's user and a deactivated one are not choices.
    expect(await errorsOf(form({ user_id: await userId(DEMO.cedar.resident) }))).toEqual([{ path: 'user_id', msg: VIOLATION_MESSAGES.residentInvalid }]);
    await t.deps.database.transaction((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.id, rayId)));
    expect(await errorsOf(form({ user_id: rayId }))).toEqual([{ path: 'user_id', msg: VIOLATION_MESSAGES.residentInvalid }]);
    // A key never issued (or another HOA's) is refused.
    expect(await errorsOf(form({ photo_url: 'hoa/x/violations/made-up.png' }))).toEqual([{ path: 'photo_url', msg: UPLOAD_MESSAGES.unknownKey }]);
    // Residents may not issue, whatever the body.
    const r = await call(t, 'POST', '/api/violations', { token: rita, body: {} });
    expect([r.status, r.json.message]).toEqual([403, VIOLATION_MESSAGES.boardOnly]);
  });

  it('residents see only the violations issued to them (404 with the spec words otherwise); the board sees the HOA', async () => {
    await setup();
    const mine = await issue();
    const rays = await issue({ user_id: rayId });
    const list = async (token: string) => (await call(t, 'GET', '/api/violations?limit=100', { token })).json;
    const ritaList = await list(rita);
    expect(ritaList.docs.every((d: { user_id: { _id: string } }) => d.user_id._id === ritaId)).toBe(true);
    expect(ritaList.docs.map((d: { _id: string }) => d._id)).toContain(mine._id);
    const notFound = await call(t, 'GET', `/api/violations/${rays._id}`, { token: rita });
    expect([notFound.status, notFound.json.message]).toEqual([404, VIOLATION_MESSAGES.notFound]);
    expect((await call(t, 'GET', `/api/violations/${rays._id}`, { token: cedarBoard })).status).toBe(404);
    expect((await call(t, 'POST', `/api/violations/${rays._id}/messages`, { token: rita, body: { message: '<p>Hi</p>' } })).status).toBe(404);
    const boardList = await list(olivia);
    const [{ n }] = await t.deps.database.db.all<{ n: number }>(`SELECT count(*) AS n FROM violations WHERE hoa_id = (SELECT hoa_id FROM users WHERE email = '${DEMO.maple.board}')`);
    expect(boardList.totalDocs).toBe(n);
  });

  it('lists newest first with status and category lists and pages of 10', async () => {
    await setup();
    const all = (await call(t, 'GET', '/api/violations', { token: ben })).json;
    expect(all.limit).toBe(10);
    expect(all.docs.length).toBe(Math.min(10, all.totalDocs));
    const created = all.docs.map((d: { createdAt: string }) => d.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const filtered = (await call(t, 'GET', '/api/violations?status=open,escalated&category=Trash,Architectural,Parking&limit=100', { token: ben })).json;
    expect(filtered.docs.length).toBeGreaterThan(0);
    for (const d of filtered.docs) {
      expect(['open', 'escalated']).toContain(d.status);
      expect(['Trash', 'Architectural', 'Parking']).toContain(d.category);
    }
    expect((await call(t, 'GET', '/api/violations?status=closed', { token: ben })).json.errors).toEqual([{ path: 'status', msg: VIOLATION_MESSAGES.statusInvalid }]);
    const page2 = (await call(t, 'GET', '/api/violations?page=2&limit=3', { token: ben })).json;
    expect(page2.docs.map((d: { _id: string }) => d._id)).toEqual(all.docs.slice(3, 6).map((d: { _id: string }) => d._id));
  });

  it('overdue is computed at read time: open and past its due date', async () => {
    await setup();
    const v = await issue({ due_date: day(1) });
    expect(v.is_overdue).toBe(false);
    t.clock.advance(2 * DAY);
    // Two days on, the sessions have expired: sign in again.
    [rita, ben] = (await Promise.all([login(t, DEMO.maple.resident), login(t, DEMO.maple.board)])).map((s) => s.token);
    expect((await call(t, 'GET', `/api/violations/${v._id}`, { token: rita })).json.is_overdue).toBe(true);
    const listed = (await call(t, 'GET', '/api/violations?limit=100', { token: rita })).json.docs.find((d: { _id: string }) => d._id === v._id);
    expect(listed.is_overdue).toBe(true);
    await call(t, 'PUT', `/api/violations/${v._id}/status`, { token: ben, body: { status: 'under_review' } });
    expect((await call(t, 'GET', `/api/violations/${v._id}`, { token: rita })).json.is_overdue).toBe(false);
  });

  it('the board sets any status any time, with one history line and one mail per change; resolving fills the resolution card', async () => {
    await setup();
    const v = await issue();
    const put = (body: unknown, token = ben) => call(t, 'PUT', `/api/violations/${v._id}/status`, { token, body });
    const forbidden = await put({ status: 'dismissed' }, rita);
    expect([forbidden.status, forbidden.json.message]).toEqual([403, VIOLATION_MESSAGES.boardOnly]);
    expect((await put({ status: 'closed' })).json.errors).toEqual([{ path: 'status', msg: VIOLATION_MESSAGES.statusInvalid }]);
    expect((await put({ status: 'escalated', resolution_notes: 'x' })).json.errors).toEqual([{ path: 'resolution_notes', msg: VIOLATION_MESSAGES.notesNeedResolved }]);
    for (const status of ['escalated', 'under_review', 'dismissed', 'open'] as const) expect((await put({ status })).json.status).toBe(status);
    expect((await put({ status: 'open' })).json.history).toHaveLength(5); // the same status again: nothing
    t.clock.advance(60_000);
    const resolved = (await put({ status: 'resolved', resolution_notes: '  Car moved to the garage.  ' }, olivia)).json;
    expect(resolved.resolution).toEqual({ resolved_by: { _id: await userId(DEMO.maple.superadmin), name: 'Olivia Owner' }, resolved_at: new Date(t.clock()).toISOString(), resolution_notes: 'Car moved to the garage.' });
    const updated = (await put({ status: 'resolved', resolution_notes: 'Car sold.' })).json;
    expect(updated.resolution).toMatchObject({ resolved_by: { name: 'Olivia Owner' }, resolution_notes: 'Car sold.' });
    expect(updated.history.map((h: { action: string }) => h.action)).toEqual([
      'Violation issued',
      'Status changed from Open to Escalated',
      'Status changed from Escalated to Under Review',
      'Status changed from Under Review to Dismissed',
      'Status changed from Dismissed to Open',
      'Status changed from Open to Resolved',
      'Resolution notes added',
      'Resolution notes updated',
    ]);
    // Leaving resolved clears the card; history keeps the trail.
    expect((await put({ status: 'open' })).json.resolution).toBeNull();
    const mail = await mailOf(v._id);
    // The notice, then one per status change (six), none for the notes alone.
    expect(mail.map((m) => m.subject)).toEqual(['Compliance notice: Car parked on the lawn', ...Array(6).fill('Violation update: Car parked on the lawn')]);
    expect(mail.every((m) => m.to === DEMO.maple.resident)).toBe(true);
    expect(mail[1].text).toContain('Escalated');
  });

  it('messages: sanitised, never empty, with an attachment; internal notes are the board\'s and never reach the resident; public board messages mail the resident', async () => {
    await setup();
    const v = await issue();
    const post = (body: unknown, token: string) => call(t, 'POST', `/api/violations/${v._id}/messages`, { token, body });
    expect((await post({ message: '<p> </p>' }, rita)).json.errors).toEqual([{ path: 'message', msg: THREAD_MESSAGES.empty }]);
    const internalByResident = await post({ message: '<p>secret</p>', is_internal: true }, rita);
    expect([internalByResident.status, internalByResident.json.message]).toEqual([403, THREAD_MESSAGES.internalBoardOnly]);
    const up = await call(t, 'POST', '/api/violations/presigned-url', { token: rita, body: { fileName: 'moved.jpg', fileType: 'image/jpeg', fileSize: 4096 } });
    const answered = (await post({ message: '<p>Moved it<script>x</script>.</p>', photo_url: up.json.s3Key }, rita)).json;
    expect(answered.messages[0]).toMatchObject({
      sender_id: { _id: ritaId, name: 'Rita Resident', is_staff: false },
      message: '<p>Moved it.</p>',
      is_internal: false,
      photo_url: up.json.s3Key,
      attachment: { s3_key: up.json.s3Key, filename: 'moved.jpg', file_size: 4096, file_type: 'jpg' },
    });
    await post({ message: '<p>Check on Friday.</p>', is_internal: true }, ben);
    await post({ message: '<p>Thanks, noted.</p>' }, ben);
    const forBoard = (await call(t, 'GET', `/api/violations/${v._id}`, { token: olivia })).json;
    expect(forBoard.messages.map((m: { is_internal: boolean }) => m.is_internal)).toEqual([false, true, false]);
    expect(forBoard.history.map((h: { action: string }) => h.action)).toEqual(['Violation issued', 'Message added', 'Internal note added', 'Message added']);
    const forRita = (await call(t, 'GET', `/api/violations/${v._id}`, { token: rita })).json;
    expect(forRita.messages.map((m: { message: string }) => m.message)).toEqual(['<p>Moved it.</p>', '<p>Thanks, noted.</p>']);
    // Residents read the board's names in a violation's thread (the issued-by card names them anyway).
    expect(forRita.messages[1].sender_id).toEqual({ _id: await userId(DEMO.maple.board), name: 'Ben Board', is_staff: true });
    expect(forRita.history.map((h: { action: string }) => h.action)).toEqual(['Violation issued', 'Message added', 'Message added']);
    // Mail: the notice and the public board message; nothing for the resident's own message or the internal note.
    const mail = await mailOf(v._id);
    expect(mail).toHaveLength(2);
    expect(mail[1].text).toContain('Thanks, noted.');
  });

  it('downloads: the resident it was issued to, the uploader and the board; another resident 404; files of internal notes stay with the board', async () => {
    await setup();
    const presign = async (token: string, fileName = 'lawn.png') => (await call(t, 'POST', '/api/violations/presigned-url', { token, body: { fileName, fileType: 'image/png', fileSize: 2048 } })).json.s3Key as string;
    const photo = await presign(ben);
    const v = await issue({ photo_url: photo });
    expect(v.attachment).toEqual({ s3_key: photo, filename: 'lawn.png', file_size: 2048, file_type: 'png' });
    const download = (token: string, s3Key: string) => call(t, 'POST', '/api/violations/download-url', { token, body: { s3Key } });
    for (const token of [rita, ben, olivia]) expect((await download(token, photo)).status).toBe(200);
    expect((await download(ray, photo)).status).toBe(404);
    expect((await download(cedarBoard, photo)).status).toBe(404);
    const internalFile = await presign(ben, 'notes.png');
    await call(t, 'POST', `/api/violations/${v._id}/messages`, { token: ben, body: { message: '<p>Photo from the walk.</p>', is_internal: true, photo_url: internalFile } });
    expect((await download(rita, internalFile)).status).toBe(404);
    const publicFile = await presign(olivia, 'after.png');
    await call(t, 'POST', `/api/violations/${v._id}/messages`, { token: olivia, body: { message: '<p>After.</p>', photo_url: publicFile } });
    expect((await download(rita, publicFile)).status).toBe(200);
    expect((await download(ray, publicFile)).status).toBe(404);
  });

  it('the seed has every status and category in both HOAs together, overdue ones, threads with internal notes, resolutions and attachments', async () => {
    await setup();
    const rows = await t.deps.database.db.select().from(violations);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(VIOLATION_STATUSES));
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(VIOLATION_CATEGORIES));
    expect(new Set(rows.map((r) => r.hoaId)).size).toBe(2);
    const board = (await call(t, 'GET', '/api/violations?limit=100', { token: ben })).json.docs;
    expect(board.some((d: { is_overdue: boolean }) => d.is_overdue)).toBe(true);
    expect(board.some((d: { messages: { is_internal: boolean }[] }) => d.messages.some((m) => m.is_internal))).toBe(true);
    expect(board.some((d: { resolution: { resolution_notes: string } | null }) => d.resolution?.resolution_notes)).toBe(true);
    expect(board.some((d: { attachment: unknown }) => d.attachment)).toBe(true);
    expect(board.some((d: { messages: { attachment: unknown }[] }) => d.messages.some((m) => m.attachment))).toBe(true);
    const photo = board.find((d: { attachment: unknown; user_id: { _id: string } }) => d.attachment && d.user_id._id === ritaId);
    expect((await call(t, 'POST', '/api/violations/download-url', { token: rita, body: { s3Key: photo.photo_url } })).status).toBe(200);
    const forRita = (await call(t, 'GET', '/api/violations?limit=100', { token: rita })).json.docs;
    expect(forRita.every((d: { messages: { is_internal: boolean }[] }) => d.messages.every((m) => !m.is_internal))).toBe(true);
  });
});
