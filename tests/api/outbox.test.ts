import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../schema/tables';
import { deliverOutbox, deliveriesFor, MAX_ATTEMPTS, requeueFailed, STALE_CLAIM_MS } from '../../worker/domain/outbox';
import { runJobs } from '../../worker/jobs/runner';
import { queueEmail, queueEmails } from '../../worker/services/email';
import { announcementEmail, passwordResetEmail } from '../../worker/emails';
import type { DeliveryResult, Mailer, OutgoingMail } from '../../worker/services/mailer';
import { createResendMailer } from '../../worker/services/mailer-resend';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, socketEnv } from '../helpers/http';

const MINUTE = 60_000;

/** A mailer whose answer each test scripts; it records every mail it was handed. */
function scriptedMailer(answer: (m: OutgoingMail, call: number) => Omit<DeliveryResult, 'id'>) {
  const sent: OutgoingMail[] = [];
  let calls = 0;
  const mailer: Mailer & { sent: OutgoingMail[] } = {
    kind: 'resend',
    sent,
    async send(mails) {
      calls++;
      sent.push(...mails);
      return mails.map((m) => ({ id: m.id, ...answer(m, calls) }) as DeliveryResult);
    },
  };
  return mailer;
}

async function queue(t: TestApp, to: string, ref?: string) {
  return t.deps.database.transaction((tx) =>
    queueEmail(t.deps, tx, { hoaId: 'hoa_test', to, ...passwordResetEmail({ name: `Hello ${to}`, url: 'http://localhost:8787/reset-password?token=t' }), ref }),
  );
}

/** The demo seed leaves delivered announcement mail behind; these tests count from an empty outbox. */
const emptyMailbox = (t: TestApp) => t.write((tx) => tx.delete(emailOutbox));

const row = async (t: TestApp, id: string) => (await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

describe('email outbox', () => {
  let t: TestApp | undefined;
  afterEach(() => {
    t?.close();
    t = undefined;
    vi.unstubAllGlobals();
  });

  it('queues the forgot-password mail and delivers it locally, readable at /dev/mail', async () => {
    t = await createTestApp();
    await emptyMailbox(t);
    const r = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: DEMO.maple.resident } });
    expect(r.status).toBe(200);
    await t.drainBackground();
    const [queued] = await t.deps.database.db.select().from(emailOutbox);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, toEmail: DEMO.maple.resident, template: 'password-reset' });

    expect(await deliverOutbox(t.deps)).toEqual({ claimed: 1, delivered: 1, retrying: 0, failed: 0 });
    expect(await row(t, queued.id)).toMatchObject({ status: 'delivered', attempts: 1, providerId: `local_${queued.id}`, deliveredAt: t.clock(), lastError: null });
    // A second run finds nothing to do.
    expect((await deliverOutbox(t.deps)).claimed).toBe(0);

    const list = await call(t, 'GET', '/dev/mail.json');
    expect(list.status).toBe(200);
    expect(list.json.mails).toHaveLength(1);
    expect(list.json.mails[0]).toMatchObject({ id: queued.id, to: DEMO.maple.resident, subject: 'Reset your password', status: 'delivered' });
    expect(list.json.mails[0].text).toContain('/reset-password?token=');
    expect((await call(t, 'GET', '/dev/mail?format=json')).json).toEqual(list.json);

    const page = await t.app.request('http://localhost/dev/mail', {}, socketEnv());
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Reset your password');
    expect(html).toContain(`/dev/mail/${queued.id}`);
    const one = await (await t.app.request(`http://localhost/dev/mail/${queued.id}`, {}, socketEnv())).text();
    expect(one).toContain('<iframe title="Rendered mail" sandbox srcdoc="');
    expect(one).toContain('Hello Rita Resident');
    expect((await t.app.request('http://localhost/dev/mail/nope', {}, socketEnv())).status).toBe(404);
  });

  it('lists the newest mail first and filters by recipient', async () => {
    t = await createTestApp();
    await emptyMailbox(t);
    await queue(t, 'a@example.test');
    t.clock.advance(1000);
    await queue(t, 'b@example.test');
    const all = (await call(t, 'GET', '/dev/mail.json')).json.mails.map((m: { to: string }) => m.to);
    expect(all).toEqual(['b@example.test', 'a@example.test']);
    expect((await call(t, 'GET', '/dev/mail.json?to=A@example.test')).json.mails).toHaveLength(1);
  });

  it('retries a failed delivery after the backoff, then delivers it', async () => {
    const mailer = scriptedMailer((_m, n) => (n === 1 ? { ok: false, error: 'ETIMEDOUT', permanent: false } : { ok: true, providerId: 're_123' }));
    t = await createTestApp({ mailer });
    const id = await queue(t, 'rita@example.test');

    expect(await deliverOutbox(t.deps)).toEqual({ claimed: 1, delivered: 0, retrying: 1, failed: 0 });
    expect(await row(t, id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'ETIMEDOUT', nextAttemptAt: t.clock() + MINUTE, claimedAt: null });

    // Not due yet: nothing is claimed.
    t.clock.advance(MINUTE - 1);
    expect((await deliverOutbox(t.deps)).claimed).toBe(0);
    t.clock.advance(1);
    expect(await deliverOutbox(t.deps)).toEqual({ claimed: 1, delivered: 1, retrying: 0, failed: 0 });
    expect(await row(t, id)).toMatchObject({ status: 'delivered', attempts: 2, providerId: 're_123', lastError: null });
    expect(mailer.sent.map((m) => m.id)).toEqual([id, id]);
  });

  it('backs off 1, 5 and 30 minutes and fails for good after the last attempt, keeping the error', async () => {
    t = await createTestApp({ mailer: scriptedMailer(() => ({ ok: false, error: 'rate_limit_exceeded: slow down', permanent: false })) });
    const id = await queue(t, 'rita@example.test');
    const waits: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await deliverOutbox(t.deps);
      const r = await row(t, id);
      expect(r).toMatchObject({ status: 'queued', attempts: attempt });
      waits.push(r.nextAttemptAt - t.clock());
      t.clock.set(r.nextAttemptAt);
    }
    expect(waits).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE]);
    expect(await deliverOutbox(t.deps)).toEqual({ claimed: 1, delivered: 0, retrying: 0, failed: 1 });
    expect(await row(t, id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'rate_limit_exceeded: slow down' });
    t.clock.advance(24 * 60 * MINUTE);
    expect((await deliverOutbox(t.deps)).claimed).toBe(0);

    // A retry asked for by a person gives it a fresh set of attempts.
    expect(await requeueFailed(t.deps, { hoaId: 'another_hoa', ids: [id] })).toBe(0);
    expect(await requeueFailed(t.deps, { hoaId: 'hoa_test', ids: [id] })).toBe(1);
    expect(await row(t, id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('fails at once on a permanent error', async () => {
    t = await createTestApp({ mailer: scriptedMailer(() => ({ ok: false, error: 'validation_error: Invalid `to` field', permanent: true })) });
    const id = await queue(t, 'not-an-address');
    expect((await deliverOutbox(t.deps)).failed).toBe(1);
    expect(await row(t, id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'validation_error: Invalid `to` field' });
  });

  it('treats a mailer that throws as a transient failure of every claimed row', async () => {
    const mailer: Mailer = {
      kind: 'resend',
      async send() {
        throw new Error('socket hang up');
      },
    };
    t = await createTestApp({ mailer });
    const ids = [await queue(t, 'a@example.test'), await queue(t, 'b@example.test')];
    expect(await deliverOutbox(t.deps)).toEqual({ claimed: 2, delivered: 0, retrying: 2, failed: 0 });
    for (const id of ids) expect(await row(t, id)).toMatchObject({ status: 'queued', lastError: 'socket hang up' });
  });

  it('never hands a row to two overlapping runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    const sent: string[] = [];
    const mailer: Mailer = {
      kind: 'resend',
      async send(mails) {
        sent.push(...mails.map((m) => m.id));
        await gate;
        return mails.map((m) => ({ id: m.id, ok: true as const, providerId: `p_${m.id}` }));
      },
    };
    t = await createTestApp({ mailer });
    for (let i = 0; i < 5; i++) await queue(t, `r${i}@example.test`);
    const first = deliverOutbox(t.deps);
    await vi.waitFor(() => expect(sent).toHaveLength(5));
    // The first run holds every row (status sending) while its provider call is in flight.
    expect(await deliverOutbox(t.deps)).toEqual({ claimed: 0, delivered: 0, retrying: 0, failed: 0 });
    release();
    expect((await first).delivered).toBe(5);
    expect(sent).toHaveLength(5);
  });

  it('takes over a claim left behind by a run that died mid-send', async () => {
    const mailer = scriptedMailer(() => ({ ok: true, providerId: 'p1' }));
    t = await createTestApp({ mailer });
    const id = await queue(t, 'rita@example.test');
    await t.deps.database.transaction((tx) => tx.update(emailOutbox).set({ status: 'sending', claimedAt: t!.clock(), attempts: 1 }).where(eq(emailOutbox.id, id)));
    expect((await deliverOutbox(t.deps)).claimed).toBe(0);
    t.clock.advance(STALE_CLAIM_MS + 1);
    expect((await deliverOutbox(t.deps)).delivered).toBe(1);
    expect(await row(t, id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('queues one row per recipient and reports delivery per ref (announcement statistics)', async () => {
    const bad = new Set(['broken@example.test']);
    t = await createTestApp({ mailer: scriptedMailer((m) => (bad.has(m.to) ? { ok: false, error: 'Invalid `to` field.', permanent: true } : { ok: true, providerId: `re_${m.to}` })) });
    const recipients = Array.from({ length: 120 }, (_, i) => `r${String(i).padStart(3, '0')}@example.test`).concat('broken@example.test');
    await t.deps.database.transaction((tx) =>
      queueEmails(
        t!.deps,
        tx,
        recipients.map((to) => ({
          hoaId: 'hoa_test',
          to,
          ...announcementEmail({ hoaName: 'Maple', title: 'Pool', category: 'General', messageHtml: '<p>Pool</p>', url: 'http://localhost:8787/announcements/a1' }),
          ref: 'announcement:a1',
        })),
      ),
    );
    await queue(t, 'other@example.test', 'announcement:a2');
    const before = await deliveriesFor(t.deps.database.db, 'hoa_test', 'announcement:a1');
    expect({ total: before.total, pending: before.pending.length, delivered: before.delivered.length }).toEqual({ total: 121, pending: 121, delivered: 0 });
    await deliverOutbox(t.deps, { limit: 200 });
    const after = await deliveriesFor(t.deps.database.db, 'hoa_test', 'announcement:a1');
    expect({ total: after.total, delivered: after.delivered.length, pending: after.pending.length }).toEqual({ total: 121, delivered: 120, pending: 0 });
    expect(after.failed).toEqual([expect.objectContaining({ email: 'broken@example.test', status: 'failed', error: 'Invalid `to` field.', attempts: 1 })]);
    expect((await deliveriesFor(t.deps.database.db, 'another_hoa', 'announcement:a1')).total).toBe(0);
  });

  it('runs as the deliver-email job of the runner', async () => {
    t = await createTestApp();
    const id = await queue(t, 'rita@example.test');
    await runJobs(t.deps, ['deliver-email']);
    expect((await row(t, id)).status).toBe('delivered');
  });
});

describe('Resend mailer (official SDK, fake fetch)', () => {
  afterEach(() => vi.unstubAllGlobals());

  type Recorded = { url: string; method: string; headers: Headers; body: any };
  function fakeResend(respond: (req: Recorded) => { status: number; body: unknown }) {
    const requests: Recorded[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const req = { url: String(url), method: init.method ?? 'GET', headers: new Headers(init.headers), body: JSON.parse(String(init.body)) };
      requests.push(req);
      const r = respond(req);
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
    });
    return requests;
  }
  const mail = (id: string, to = `${id}@example.test`): OutgoingMail => ({ id, to, subject: `S ${id}`, html: `<p>${id}</p>`, text: id });
  const mailer = () => createResendMailer({ apiKey: 're_test_key', from: 'Maple HOA <noreply@maple.test>' });

  it('sends one mail with the send endpoint and the row id as idempotency key', async () => {
    const requests = fakeResend(() => ({ status: 200, body: { id: 're_1' } }));
    expect(await mailer().send([mail('m1')])).toEqual([{ id: 'm1', ok: true, providerId: 're_1' }]);
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(`${r.method} ${r.url}`).toBe('POST https://api.resend.com/emails');
    expect(r.headers.get('authorization')).toBe('Bearer re_test_key');
    expect(r.headers.get('idempotency-key')).toBe('outbox-m1');
    expect(r.body).toEqual({ from: 'Maple HOA <noreply@maple.test>', to: ['m1@example.test'], subject: 'S m1', html: '<p>m1</p>', text: 'm1' });
  });

  it('sends many with the batch endpoint (permissive), failing only the refused rows', async () => {
    const requests = fakeResend(() => ({ status: 200, body: { data: [{ id: 're_a' }, { id: 're_c' }], errors: [{ index: 1, message: 'Invalid `to` field.' }] } }));
    const results = await mailer().send([mail('a'), mail('b', 'broken'), mail('c')]);
    expect(results).toEqual([
      { id: 'a', ok: true, providerId: 're_a' },
      { id: 'b', ok: false, error: 'Invalid `to` field.', permanent: true },
      { id: 'c', ok: true, providerId: 're_c' },
    ]);
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(`${r.method} ${r.url}`).toBe('POST https://api.resend.com/emails/batch');
    expect(r.headers.get('x-batch-validation')).toBe('permissive');
    expect(r.headers.get('idempotency-key')).toMatch(/^outbox-[0-9a-f]{48}$/);
    expect(r.body.map((m: { to: string[] }) => m.to[0])).toEqual(['a@example.test', 'broken', 'c@example.test']);
  });

  it('splits more than 100 mails into batches of 100', async () => {
    let n = 0;
    const requests = fakeResend((req) => ({ status: 200, body: { data: req.body.map(() => ({ id: `re_${n++}` })), errors: [] } }));
    const results = await mailer().send(Array.from({ length: 150 }, (_, i) => mail(`m${i}`)));
    expect(requests.map((r) => r.body.length)).toEqual([100, 50]);
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('tells transient failures from permanent ones', async () => {
    fakeResend(() => ({ status: 429, body: { name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 } }));
    expect(await mailer().send([mail('x')])).toEqual([{ id: 'x', ok: false, error: 'rate_limit_exceeded: Too many requests', permanent: false }]);
    vi.unstubAllGlobals();
    fakeResend(() => ({ status: 422, body: { name: 'validation_error', message: 'Invalid `from` field.', statusCode: 422 } }));
    expect(await mailer().send([mail('y'), mail('z')])).toEqual([
      { id: 'y', ok: false, error: 'validation_error: Invalid `from` field.', permanent: true },
      { id: 'z', ok: false, error: 'validation_error: Invalid `from` field.', permanent: true },
    ]);
  });
});
