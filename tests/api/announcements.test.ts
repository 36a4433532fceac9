import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES } from '../../schema/announcements';
import { announcementDeliveries, announcements, emailOutbox, users } from '../../schema/tables';
import { UPLOAD_MESSAGES } from '../../schema/uploads';
import { deliverAnnouncementNow, sendAnnouncement, sendDueAnnouncements, settleAnnouncementDeliveries } from '../../worker/domain/announcements';
import { deliverOutbox } from '../../worker/domain/outbox';
import { runJobs } from '../../worker/jobs/runner';
import type { DeliveryResult, Mailer, OutgoingMail } from '../../worker/services/mailer';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoAudience } from '../helpers/demo';
import { call, DEMO, login } from '../helpers/http';

/** The local mailer (its mail readable at /dev/mail), failing for the addresses in `failing` (permanently, like a rejected mailbox). */
function selectiveMailer() {
  const failing = new Set<string>();
  const sent: OutgoingMail[] = [];
  const mailer: Mailer & { failing: Set<string>; sent: OutgoingMail[] } = {
    kind: 'local',
    failing,
    sent,
    async send(mails) {
      sent.push(...mails);
      return mails.map(
        (m): DeliveryResult => (failing.has(m.to) ? { id: m.id, ok: false, error: `Mailbox ${m.to} unavailable`, permanent: true } : { id: m.id, ok: true, providerId: `p_${m.id}` }),
      );
    },
  };
  return mailer;
}

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Road resurfacing',
  message: '<p>The road will be <strong>resurfaced</strong> on Monday.</p>',
  category: 'maintenance',
  audience_type: 'all',
  custom_recipients: [],
  delivery_methods: ['in_app', 'email'],
  attachment: null,
  ...over,
});

describe('announcements API', () => {
  let t: TestApp;
  let mailer: ReturnType<typeof selectiveMailer>;
  let board: string, superadmin: string, resident: string, resident2: string, cedarBoard: string;
  const userId = async (email: string) => (await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

  async function setup() {
    mailer = selectiveMailer();
    t = await createTestApp({ mailer });
    [board, superadmin, resident, resident2, cedarBoard] = (
      await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident, DEMO.maple.resident2, DEMO.cedar.board].map((e) => login(t, e)))
    ).map((s) => s.token);
  }
  afterEach(() => t?.close());

  async function draft(over: Record<string, unknown> = {}, token = board) {
    const r = await call(t, 'POST', '/api/announcements', { token, body: form(over) });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json;
  }

  it('creates a draft with the REST shape; trims title and message', async () => {
    await setup();
    const a = await draft({ title: '  Road resurfacing  ', message: '  <p>Monday.</p>  ' });
    expect(a).toMatchObject({
      title: 'Road resurfacing',
      message: '<p>Monday.</p>',
      category: 'maintenance',
      status: 'draft',
      audience_type: 'all',
      custom_recipients: [],
      attachment: null,
      delivery_methods: ['in_app', 'email'],
      delivery_stats: null,
      isReadBy: false,
      created_by: { _id: await userId(DEMO.maple.board), name: 'Ben Board' },
      sent_at: null,
      version: 1,
      // Every active member of Maple Grove.
      total_recipients: (await demoAudience(t, DEMO.maple.board, 'all')).length,
    });
    expect(a.recipients.map((r: any) => r.email).sort()).toEqual(await demoAudience(t, DEMO.maple.board, 'all'));
    expect(new Date(a.createdAt).toISOString()).toBe(a.createdAt);
  });

  it('answers each validation message on its field', async () => {
    await setup();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', 'Title is required'],
      [{ title: undefined }, 'title', 'Title is required'],
      [{ message: '<p></p>' }, 'message', 'Message is required'],
      [{ message: '<p>  </p><p><br></p>' }, 'message', 'Message is required'],
      [{ audience_type: 'custom', custom_recipients: [] }, 'custom_recipients', 'Please select at least one recipient'],
      [{ category: 'gossip' }, 'category', ANNOUNCEMENT_MESSAGES.categoryInvalid],
      [{ audience_type: 'everyone' }, 'audience_type', ANNOUNCEMENT_MESSAGES.audienceInvalid],
    ];
    for (const [over, path, msg] of cases) {
      for (const [method, url] of [
        ['POST', '/api/announcements'],
        ['PUT', `/api/announcements/${(await draft())._id}`],
      ]) {
        const r = await call(t, method, url, { token: board, body: form(over) });
        expect({ over, method, status: r.status, body: r.json }).toEqual({ over, method, status: 400, body: { message: msg, errors: [{ path, msg }] } });
      }
    }
  });

  it('sanitises the message: a script, an onerror attribute and a link are stripped', async () => {
    await setup();
    const a = await draft({
      message: '<p onclick="x()">Hi <a href="https://evil.test">click</a><img src=x onerror="alert(1)"></p><script>alert(2)</script><h2 style="color:red">Agenda</h2>',
    });
    expect(a.message).toBe('<p>Hi click</p><h2>Agenda</h2>');
    // A message that is only unsafe markup is empty once sanitised.
    const r = await call(t, 'POST', '/api/announcements', { token: board, body: form({ message: '<script>alert(1)</script><img src=x onerror=alert(1)>' }) });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ path: 'message', msg: 'Message is required' }]);
  });

  it('custom recipients: own active members only; another HOA or an inactive user is a 400 on custom_recipients', async () => {
    await setup();
    const rita = await userId(DEMO.maple.resident);
    const a = await draft({ audience_type: 'custom', custom_recipients: [rita, rita] });
    expect(a.custom_recipients).toEqual([rita]);
    expect(a.recipients).toEqual([{ _id: rita, name: 'Rita Resident', email: DEMO.maple.resident }]);
    expect(a.total_recipients).toBe(1);

    const cedarResident = await userId(DEMO.cedar.resident);
    const other = await call(t, 'POST', '/api/announcements', { token: board, body: form({ audience_type: 'custom', custom_recipients: [rita, cedarResident] }) });
    expect(other.status).toBe(400);
    expect(other.json.errors).toEqual([{ path: 'custom_recipients', msg: ANNOUNCEMENT_MESSAGES.recipientNotFound }]);

    await t.write((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.id, rita)));
    const inactive = await call(t, 'PUT', `/api/announcements/${a._id}`, { token: board, body: form({ audience_type: 'custom', custom_recipients: [rita] }) });
    expect(inactive.status).toBe(400);
    expect(inactive.json.errors[0].path).toBe('custom_recipients');

    // Switching away from custom clears the list.
    const all = await call(t, 'PUT', `/api/announcements/${a._id}`, { token: board, body: form({ audience_type: 'all', custom_recipients: [rita] }) });
    expect(all.json).toMatchObject({ audience_type: 'all', custom_recipients: [] });
  });

  it('attachments: only keys issued to this HOA for announcements; name, size and type come from the issued upload', async () => {
    await setup();
    const up = await call(t, 'POST', '/api/announcements/presigned-url', { token: board, body: { fileName: 'Budget 2027.pdf', fileType: 'application/pdf', fileSize: 4096 } });
    const a = await draft({ attachment: { s3_key: up.json.s3Key, filename: 'renamed.exe', file_size: 1, file_type: 'exe' } });
    expect(a.attachment).toEqual({ s3_key: up.json.s3Key, filename: 'Budget 2027.pdf', file_size: 4096, file_type: 'pdf' });

    const made = await call(t, 'POST', '/api/announcements', { token: board, body: form({ attachment: { s3_key: 'hoa/x/announcements/made-up.pdf', filename: 'a.pdf', file_size: 1, file_type: 'pdf' } }) });
    expect(made.status).toBe(400);
    expect(made.json.errors).toEqual([{ path: 'attachment.s3_key', msg: UPLOAD_MESSAGES.unknownKey }]);

    const cedarUp = await call(t, 'POST', '/api/announcements/presigned-url', { token: cedarBoard, body: { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 10 } });
    const foreign = await call(t, 'PUT', `/api/announcements/${a._id}`, { token: board, body: form({ attachment: { s3_key: cedarUp.json.s3Key, filename: 'a.pdf', file_size: 10, file_type: 'pdf' } }) });
    expect(foreign.status).toBe(400);
    // A request's upload is not an announcement's.
    const requestUp = await call(t, 'POST', '/api/requests/presigned-url', { token: board, body: { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 10 } });
    const wrongFeature = await call(t, 'PUT', `/api/announcements/${a._id}`, { token: board, body: form({ attachment: { s3_key: requestUp.json.s3Key, filename: 'a.pdf', file_size: 10, file_type: 'pdf' } }) });
    expect(wrongFeature.status).toBe(400);

    // After sending, a resident may download it; before, only the board.
    const before = await call(t, 'POST', '/api/announcements/download-url', { token: resident, body: { s3Key: up.json.s3Key } });
    expect(before.status).toBe(404);
    await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: {} });
    const after = await call(t, 'POST', '/api/announcements/download-url', { token: resident, body: { s3Key: up.json.s3Key } });
    expect(after.status).toBe(200);
    expect(after.json.downloadUrl).toContain('Budget%202027.pdf');
  });

  it('sends to the audience, delivers before answering, and the delivery rows give the statistics', async () => {
    await setup();
    const residents = await demoAudience(t, DEMO.maple.board, 'residents');
    const n = residents.length;
    expect(residents).toEqual(expect.arrayContaining([DEMO.maple.resident, DEMO.maple.resident2]));
    const a = await draft({ audience_type: 'residents' });
    const r = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ status: 'sent', delivery_summary: { email_delivered: n, total_recipients: n }, total_recipients: n });
    expect(r.json.sent_at).toBe(new Date(t.clock()).toISOString());
    expect(r.json.delivery_stats.total_sent).toBe(n);
    expect(r.json.delivery_stats.email_delivered.map((d: any) => d.email).sort()).toEqual(residents);
    expect(r.json.delivery_stats.email_failed).toEqual([]);
    expect(r.json.delivery_counts).toEqual({ total: n, delivered: n, failed: 0, pending: 0 });
    // One outbox row per recipient, rendered from the announcement template.
    const mails = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.ref, `announcement:${a._id}`));
    expect(mails.map((m) => [m.toEmail, m.status, m.template, m.subject])).toEqual(
      expect.arrayContaining([
        [DEMO.maple.resident, 'delivered', 'announcement', 'Road resurfacing'],
        [DEMO.maple.resident2, 'delivered', 'announcement', 'Road resurfacing'],
      ]),
    );
    expect(mails).toHaveLength(n);
    expect(mails[0].text).toContain('resurfaced');
    expect(mails[0].text).toContain(`http://localhost:8787/announcements/${a._id}`);
    // The local mailbox shows them.
    const box = await call(t, 'GET', `/dev/mail.json?to=${DEMO.maple.resident2}`);
    expect(box.json.mails[0]).toMatchObject({ subject: 'Road resurfacing', status: 'delivered' });

    // Sent once only; a sent announcement is not edited or deleted.
    expect((await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: {} })).json).toEqual({ message: ANNOUNCEMENT_MESSAGES.notDraftSend });
    const edit = await call(t, 'PUT', `/api/announcements/${a._id}`, { token: board, body: form() });
    expect(edit).toMatchObject({ status: 409, json: { message: ANNOUNCEMENT_MESSAGES.notDraftEdit } });
    expect((await call(t, 'DELETE', `/api/announcements/${a._id}`, { token: board })).status).toBe(409);
  });

  it('one failed recipient: sent with email_failed, then Retry delivers it and reports retry_summary', async () => {
    await setup();
    mailer.failing.add(DEMO.maple.resident2);
    const all = (await demoAudience(t, DEMO.maple.board, 'all')).length;
    const a = await draft();
    const sent = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: {} });
    expect(sent.json).toMatchObject({ status: 'sent', delivery_summary: { email_delivered: all - 1, total_recipients: all } });
    expect(sent.json.delivery_stats.email_failed).toEqual([
      { _id: await userId(DEMO.maple.resident2), name: 'Ray Resident', email: DEMO.maple.resident2, error: `Mailbox ${DEMO.maple.resident2} unavailable` },
    ]);
    expect(sent.json.delivery_counts).toEqual({ total: all, delivered: all - 1, failed: 1, pending: 0 });

    // Retrying a user who was delivered, or who is no recipient, changes nothing / is refused.
    const delivered = await call(t, 'POST', `/api/announcements/${a._id}/retry`, { token: board, body: { user_ids: [await userId(DEMO.maple.resident)] } });
    expect(delivered.json.retry_summary).toEqual({ email_delivered: 0, email_failed: 0, pending: 0 });
    const stranger = await call(t, 'POST', `/api/announcements/${a._id}/retry`, { token: board, body: { user_ids: [await userId(DEMO.cedar.resident)] } });
    expect(stranger.status).toBe(400);
    expect(stranger.json.errors).toEqual([{ path: 'user_ids', msg: ANNOUNCEMENT_MESSAGES.retryUnknownUsers }]);

    // Still failing: counted as failed again.
    const again = await call(t, 'POST', `/api/announcements/${a._id}/retry`, { token: board, body: { user_ids: [] } });
    expect(again.json).toMatchObject({ status: 'sent', retry_summary: { email_delivered: 0, email_failed: 1, pending: 0 } });

    mailer.failing.clear();
    const fixed = await call(t, 'POST', `/api/announcements/${a._id}/retry`, { token: superadmin, body: { user_ids: [await userId(DEMO.maple.resident2)] } });
    expect(fixed.status).toBe(200);
    expect(fixed.json).toMatchObject({ status: 'sent', retry_summary: { email_delivered: 1, email_failed: 0, pending: 0 }, delivery_counts: { total: all, delivered: all, failed: 0, pending: 0 } });
    expect(fixed.json.delivery_stats.email_failed).toEqual([]);
    // Nobody got the mail twice.
    expect(mailer.sent.filter((m) => m.to === DEMO.maple.resident).length).toBe(1);
  });

  it('the delivery counts stored on the announcement follow its delivery rows, whoever writes them', async () => {
    await setup();
    mailer.failing.add(DEMO.maple.resident2);
    const a = await draft();
    await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: {} });
    const stored = async () => {
      const [row] = await t.deps.database.db
        .select({ pending: announcements.deliveriesPending, delivered: announcements.deliveriesDelivered, failed: announcements.deliveriesFailed })
        .from(announcements)
        .where(eq(announcements.id, a._id));
      return row;
    };
    const recounted = async () => {
      const rows = await t.deps.database.db.select({ status: announcementDeliveries.status }).from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, a._id));
      return { pending: 0, delivered: 0, failed: 0, ...Object.fromEntries(['pending', 'delivered', 'failed'].map((s) => [s, rows.filter((r) => r.status === s).length])) };
    };
    expect((await stored()).failed).toBe(1);
    expect(await stored()).toEqual(await recounted());
    // A retry moves the failed one back to pending; a delivery row removed takes its count with it.
    await call(t, 'POST', `/api/announcements/${a._id}/retry`, { token: board, body: {} });
    expect(await stored()).toEqual(await recounted());
    await t.write((tx) => tx.delete(announcementDeliveries).where(and(eq(announcementDeliveries.announcementId, a._id), eq(announcementDeliveries.email, DEMO.maple.resident))));
    expect(await stored()).toEqual(await recounted());
    const after = await call(t, 'GET', `/api/announcements/${a._id}`, { token: board });
    expect(after.json.delivery_counts.total).toBe(after.json.delivery_stats.total_sent);
  });

  it('every delivery failed: status failed, "Retry Send" (retry with no ids) recovers it', async () => {
    await setup();
    const rita = await userId(DEMO.maple.resident);
    mailer.failing.add(DEMO.maple.resident);
    const a = await draft({ audience_type: 'custom', custom_recipients: [rita] });
    const sent = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: {} });
    expect(sent.json).toMatchObject({ status: 'failed', delivery_summary: { email_delivered: 0, total_recipients: 1 } });
    mailer.failing.clear();
    const retried = await call(t, 'POST', `/api/announcements/${a._id}/retry`, { token: board, body: {} });
    expect(retried.json).toMatchObject({ status: 'sent', retry_summary: { email_delivered: 1, email_failed: 0, pending: 0 } });
  });

  it('a temporary provider failure leaves the announcement sending until the outbox retry delivers it', async () => {
    await setup();
    let down = true;
    t.deps.mailer = {
      kind: 'resend',
      async send(mails) {
        return mails.map((m): DeliveryResult => (down ? { id: m.id, ok: false, error: 'Provider timeout', permanent: false } : { id: m.id, ok: true, providerId: 'p' }));
      },
    };
    const staff = (await demoAudience(t, DEMO.maple.board, 'board')).length;
    const a = await draft({ audience_type: 'board' });
    const sent = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: {} });
    expect(sent.json).toMatchObject({ status: 'sending', delivery_summary: { email_delivered: 0, total_recipients: staff }, delivery_counts: { pending: staff } });
    // Retry is refused while sending.
    expect((await call(t, 'POST', `/api/announcements/${a._id}/retry`, { token: board, body: {} })).status).toBe(409);
    down = false;
    t.clock.advance(61_000);
    await runJobs(t.deps);
    const after = await call(t, 'GET', `/api/announcements/${a._id}`, { token: board });
    expect(after.json).toMatchObject({ status: 'sent', delivery_counts: { total: staff, delivered: staff, failed: 0, pending: 0 } });
  });

  it('the send waits for its rows when a job run claimed them first, so the summary counts them', async () => {
    await setup();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let claimedByJob!: () => void;
    const jobHasThem = new Promise<void>((r) => (claimedByJob = r));
    t.deps.mailer = {
      kind: 'resend',
      async send(mails) {
        claimedByJob();
        await released;
        return mails.map((m): DeliveryResult => ({ id: m.id, ok: true, providerId: 'p' }));
      },
    };
    const a = await draft();
    const [ben] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.board));
    const actor = { userId: ben.id, hoaId: ben.hoaId, role: 'board' as const, sessionId: 's' };
    await t.deps.database.transaction((tx) => sendAnnouncement(t.deps, tx, actor, a._id, { delivery: 'caller' }));
    const job = deliverOutbox(t.deps);
    await jobHasThem;
    const inline = deliverAnnouncementNow(t.deps, a._id);
    setTimeout(release, 150);
    await Promise.all([job, inline]);
    const after = await call(t, 'GET', `/api/announcements/${a._id}`, { token: board });
    const all = (await demoAudience(t, DEMO.maple.board, 'all')).length;
    expect(after.json).toMatchObject({ status: 'sent', delivery_counts: { total: all, delivered: all, pending: 0 } });
  });

  it('scheduled sending: scheduled until due, then the job sends it once', async () => {
    await setup();
    const all = (await demoAudience(t, DEMO.maple.board, 'all')).length;
    const a = await draft();
    const at = new Date(t.clock() + 3_600_000).toISOString();
    const r = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: { scheduled_at: at } });
    expect(r.json).toMatchObject({ status: 'scheduled', scheduled_at: at, sent_at: null, delivery_summary: { email_delivered: 0, total_recipients: all } });
    expect((await call(t, 'GET', `/api/announcements/${a._id}`, { token: resident })).status).toBe(404);
    const bad = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: { scheduled_at: 'tomorrow' } });
    expect(bad.status).toBe(400);

    await runJobs(t.deps);
    expect((await call(t, 'GET', `/api/announcements/${a._id}`, { token: board })).json.status).toBe('scheduled');

    t.clock.advance(3_600_000);
    [board, resident] = (await Promise.all([login(t, DEMO.maple.board), login(t, DEMO.maple.resident)])).map((s) => s.token);
    // Two overlapping runs: the conditional claim sends it once.
    expect((await Promise.all([sendDueAnnouncements(t.deps), sendDueAnnouncements(t.deps)])).sort()).toEqual([0, 1]);
    await runJobs(t.deps);
    const done = await call(t, 'GET', `/api/announcements/${a._id}`, { token: board });
    expect(done.json).toMatchObject({ status: 'sent', sent_at: new Date(t.clock()).toISOString(), delivery_counts: { total: all, delivered: all, failed: 0, pending: 0 } });
    const rows = await t.deps.database.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, a._id));
    expect(rows).toHaveLength(all);
    expect(mailer.sent.filter((m) => m.subject === 'Road resurfacing')).toHaveLength(all);
    expect((await call(t, 'GET', `/api/announcements/${a._id}`, { token: resident })).status).toBe(200);
  });

  it('the settle step finds nothing to do on settled data and takes no write lock', async () => {
    await setup();
    let writes = 0;
    const transaction = t.deps.database.transaction.bind(t.deps.database);
    t.deps.database.transaction = (fn) => {
      writes++;
      return transaction(fn);
    };
    expect(await settleAnnouncementDeliveries(t.deps)).toBe(0);
    expect(await sendDueAnnouncements(t.deps)).toBe(0);
    expect(writes).toBe(0);
  });

  it('a past scheduled_at sends now', async () => {
    await setup();
    const a = await draft();
    const r = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: { scheduled_at: new Date(t.clock() - 60_000).toISOString() } });
    expect(r.json.status).toBe('sent');
  });

  it('an audience with nobody in it is refused', async () => {
    await setup();
    await t.write((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.role, 'resident')));
    const a = await draft({ audience_type: 'residents' });
    expect(a.total_recipients).toBe(0);
    const r = await call(t, 'POST', `/api/announcements/${a._id}/send`, { token: board, body: {} });
    expect(r).toMatchObject({ status: 400, json: { message: ANNOUNCEMENT_MESSAGES.noRecipients } });
  });

  it('lists what each role may see, newest first, with isReadBy and paging; residents get no board-only fields', async () => {
    await setup();
    const mine = await draft({ title: 'Newest draft' });
    const page1 = await call(t, 'GET', '/api/announcements?page=1&limit=3', { token: board });
    expect(page1.json).toMatchObject({ totalDocs: 8, totalPages: 3, page: 1, limit: 3, hasNextPage: true });
    expect(page1.json.docs[0]).toMatchObject({ _id: mine._id, title: 'Newest draft', status: 'draft', recipients: [], delivery_stats: null });
    const page3 = await call(t, 'GET', '/api/announcements?page=3&limit=3', { token: board });
    expect(page3.json).toMatchObject({ page: 3, hasNextPage: false });
    expect(page3.json.docs).toHaveLength(2);

    const res = await call(t, 'GET', '/api/announcements', { token: resident });
    // Rita: sent to all and to residents (the demo election's results too); not the custom one for Ray, the board-only one, drafts or scheduled.
    expect(res.json.docs.map((d: any) => d.title)).toEqual(['Annual dues are due March 1', 'Pool opening weekend', 'Results: Elect two directors to the Maple Grove board for 2027']);
    expect(res.json.docs.every((d: any) => d.created_by === null && d.audience_type === null && d.delivery_counts === null && d.custom_recipients.length === 0)).toBe(true);
    // Sent to every active member when it was seeded.
    const all = (await demoAudience(t, DEMO.maple.board, 'all')).length;
    expect(res.json.docs[1].total_recipients).toBe(all);
    const ray = await call(t, 'GET', '/api/announcements', { token: resident2 });
    expect(ray.json.docs.map((d: any) => [d.title, d.isReadBy])).toEqual([
      ['Water shut-off on Birch Court', false],
      ['Annual dues are due March 1', true],
      ['Pool opening weekend', false],
      ['Results: Elect two directors to the Maple Grove board for 2027', false],
    ]);
    const pool = res.json.docs[1]._id;
    const single = await call(t, 'GET', `/api/announcements/${pool}`, { token: resident });
    expect(single.json).toMatchObject({ recipients: [], delivery_stats: null, created_by: null, audience_type: null, isReadBy: false });

    // The seeded failed delivery shows to the board (Retry All in the demo).
    const boardView = await call(t, 'GET', `/api/announcements/${pool}`, { token: board });
    expect(boardView.json.delivery_stats.email_failed.map((f: any) => f.email)).toEqual([DEMO.maple.resident2]);
    expect(boardView.json.delivery_stats.email_delivered).toHaveLength(all - 1);

    // Bad paging values fall back to the defaults.
    expect((await call(t, 'GET', '/api/announcements?page=-1&limit=abc', { token: board })).json).toMatchObject({ page: 1, limit: 20 });
  });

  it('marks read once; drafts are not marked; residents cannot see drafts; other HOAs answer 404', async () => {
    await setup();
    const list = await call(t, 'GET', '/api/announcements', { token: resident });
    const pool = list.json.docs.find((d: any) => d.title === 'Pool opening weekend')._id;
    expect((await call(t, 'POST', `/api/announcements/${pool}/read`, { token: resident })).json).toEqual({ isReadBy: true });
    expect((await call(t, 'POST', `/api/announcements/${pool}/read`, { token: resident })).status).toBe(200);
    expect((await call(t, 'GET', `/api/announcements/${pool}`, { token: resident })).json.isReadBy).toBe(true);
    expect((await call(t, 'GET', `/api/announcements/${pool}`, { token: resident2 })).json.isReadBy).toBe(false);

    const d = await draft();
    expect((await call(t, 'POST', `/api/announcements/${d._id}/read`, { token: board })).json).toEqual({ message: ANNOUNCEMENT_MESSAGES.draftNotReadable });
    expect((await call(t, 'GET', `/api/announcements/${d._id}`, { token: resident })).status).toBe(404);
    expect((await call(t, 'GET', `/api/announcements/${d._id}`, { token: cedarBoard })).status).toBe(404);
    expect((await call(t, 'PUT', `/api/announcements/${d._id}`, { token: cedarBoard, body: form() })).status).toBe(404);
    expect((await call(t, 'GET', '/api/announcements/does-not-exist', { token: board })).json).toEqual({ message: 'Announcement not found' });
  });

  it('residents cannot create, edit, send, retry or delete', async () => {
    await setup();
    const d = await draft();
    const attempts = [
      await call(t, 'POST', '/api/announcements', { token: resident, body: form() }),
      await call(t, 'PUT', `/api/announcements/${d._id}`, { token: resident, body: form() }),
      await call(t, 'POST', `/api/announcements/${d._id}/send`, { token: resident, body: {} }),
      await call(t, 'POST', `/api/announcements/${d._id}/retry`, { token: resident, body: {} }),
      await call(t, 'DELETE', `/api/announcements/${d._id}`, { token: resident }),
    ];
    expect(attempts.map((r) => [r.status, r.json.message])).toEqual(Array(5).fill([403, ANNOUNCEMENT_MESSAGES.boardOnly]));
    const [row] = await t.deps.database.db.select().from(announcements).where(eq(announcements.id, d._id));
    expect(row).toMatchObject({ status: 'draft', version: 1, deletedAt: null });
  });

  it('deletes drafts only (soft delete), bumping the version', async () => {
    await setup();
    const d = await draft();
    expect((await call(t, 'DELETE', `/api/announcements/${d._id}`, { token: superadmin })).json).toEqual({ message: 'Announcement deleted' });
    expect((await call(t, 'GET', `/api/announcements/${d._id}`, { token: board })).status).toBe(404);
    const [row] = await t.deps.database.db.select().from(announcements).where(eq(announcements.id, d._id));
    expect(row.deletedAt).toBe(t.clock());
    expect(row.version).toBe(2);
  });

  it('every write bumps the version', async () => {
    await setup();
    const d = await draft();
    const updated = await call(t, 'PUT', `/api/announcements/${d._id}`, { token: board, body: form({ title: 'Renamed' }) });
    expect(updated.json).toMatchObject({ title: 'Renamed', version: 2 });
    const sent = await call(t, 'POST', `/api/announcements/${d._id}/send`, { token: board, body: {} });
    // draft → sending (3), deliveries settled → sent (4).
    expect(sent.json.version).toBe(4);
  });
});

describe('GET /api/users (pickers)', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('lists the HOA members by name, paginated, active only on request', async () => {
    t = await createTestApp();
    const { token } = await login(t, DEMO.maple.board);
    const r = await call(t, 'GET', '/api/users?limit=100&includeDeleted=false', { token });
    expect(r.status).toBe(200);
    // The seeded members (deleted ones aside), by the name shown (an invited member's is the email).
    const members = await t.deps.database.db.all<{ shown: string }>(
      sql`SELECT coalesce(nullif(name, ''), email) AS shown FROM users WHERE hoa_id = ${r.json.docs[0].hoa_id} AND deleted_at IS NULL`,
    );
    const byName = members.map((m) => m.shown).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(r.json).toMatchObject({ totalDocs: members.length, totalPages: 1, page: 1, limit: 100, hasNextPage: false });
    expect(r.json.docs.map((u: any) => u.name || u.email)).toEqual(byName);
    const ben = r.json.docs.find((u: any) => u.email === DEMO.maple.board);
    expect(ben).toMatchObject({ _id: expect.any(String), name: 'Ben Board', role: 'board', status: 'active' });
    expect(ben).not.toHaveProperty('passwordHash');

    await t.write((tx) => tx.update(users).set({ status: 'inactive' }).where(eq(users.email, DEMO.maple.resident2)));
    await t.write((tx) => tx.update(users).set({ deletedAt: t.clock() }).where(and(eq(users.email, DEMO.maple.resident))));
    const active = await call(t, 'GET', '/api/users?limit=100&includeDeleted=false&status=active', { token });
    const stillActive = await demoAudience(t, DEMO.maple.board, 'all');
    expect(stillActive).not.toContain(DEMO.maple.resident2);
    expect(active.json.docs.map((u: any) => u.email).sort()).toEqual(stillActive);
    // Deleted members too: the seeded ones, and Rita.
    const [{ n }] = await t.deps.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM users WHERE hoa_id = ${r.json.docs[0].hoa_id}`);
    const withDeleted = await call(t, 'GET', `/api/users?limit=2&page=${Math.ceil(n / 2)}&includeDeleted=true`, { token });
    expect(withDeleted.json).toMatchObject({ totalDocs: n, totalPages: Math.ceil(n / 2), page: Math.ceil(n / 2), hasNextPage: false });
    expect((await call(t, 'GET', '/api/users?status=bogus', { token })).status).toBe(400);
  });
});
