/**
 * Sending announcements in workerd: the react-email template renders, the deliveries settle through
 * SQL the local Hrana server runs (UPDATE … FROM … RETURNING), over REST (inline pass) and over a
 * sync push (delivered after the response by ctx.waitUntil). The Worker here has no mail provider
 * configured, so every delivery fails permanently and the announcement ends `failed`: the path a
 * provider outage takes; the board's retry of a failed delivery takes it again. A resident's read mark.
 */
import { describe, expect, it } from 'vitest';
import { call, DEMO, login, until } from './http';
import { boardEmailsOf, db } from './db';


async function userId(email: string): Promise<string> {
  const { rows } = await db.execute({ sql: 'SELECT id FROM users WHERE email = ?', args: [email] });
  return rows[0].id as string;
}

describe('announcements in workerd', () => {
  it('a REST send renders the mail, queues one delivery per recipient and settles them before answering', async () => {
    // The superadmin: the auth checks change the board member's password.
    const board = await login(DEMO.maple.superadmin);
    const ray = await userId(DEMO.maple.resident2);
    const created = await call('POST', '/api/announcements', {
      token: board.token,
      body: { title: 'Workerd send check', message: '<p>Sent from <strong>workerd</strong></p>', audience_type: 'custom', custom_recipients: [ray] },
    });
    expect(created.status).toBe(201);
    const sent = await call('POST', `/api/announcements/${created.json._id}/send`, { token: board.token, body: {} });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: 'failed', delivery_summary: { email_delivered: 0, total_recipients: 1 } });
    expect(sent.json.delivery_stats.email_failed).toEqual([expect.objectContaining({ _id: ray, email: DEMO.maple.resident2, error: expect.stringContaining('not configured') })]);
    const { rows } = await db.execute({ sql: 'SELECT template, subject, html FROM email_outbox WHERE ref = ?', args: [`announcement:${created.json._id}`] });
    expect(rows.map((r) => [r.template, r.subject])).toEqual([['announcement', 'Workerd send check']]);
    expect(rows[0].html).toContain('<strong>workerd</strong>');

    // In-app delivery does not depend on email: Ray sees it.
    const resident = await login(DEMO.maple.resident2);
    expect((await call('GET', `/api/announcements/${created.json._id}`, { token: resident.token })).json).toMatchObject({ title: 'Workerd send check', status: 'failed' });
    expect((await call('POST', `/api/announcements/${created.json._id}/read`, { token: resident.token })).json).toEqual({ isReadBy: true });
    const reads = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM announcement_reads WHERE announcement_id = ? AND user_id = ?', args: [created.json._id, ray] });
    expect(Number(reads.rows[0].n)).toBe(1);

    // The board retries Ray's failed delivery: queued again, tried once more inline, failed again.
    const retried = await call('POST', `/api/announcements/${created.json._id}/retry`, { token: board.token, body: { user_ids: [ray] } });
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ status: 'failed', delivery_stats: { email_failed: [expect.objectContaining({ _id: ray })] } });
    const outbox = await db.execute({ sql: 'SELECT status, attempts FROM email_outbox WHERE ref = ?', args: [`announcement:${created.json._id}`] });
    expect(outbox.rows.map((r) => [r.status, Number(r.attempts)])).toEqual([['failed', 1]]);
  });

  it('a draft edited and sent through sync is delivered after the response and settled', async () => {
    // The superadmin: the auth checks change the board member's password.
    const board = await login(DEMO.maple.superadmin);
    const id = crypto.randomUUID();
    const push = await call('POST', '/api/sync/push', {
      token: board.token,
      body: {
        pushVersion: 1,
        clientGroupID: `cg-${id}`,
        profileID: 'p',
        schemaVersion: '1',
        mutations: [
          { id: 1, clientID: `c-${id}`, name: 'createAnnouncementDraft', args: { id, title: 'Workerd push send', message: '<p>x</p>', audience_type: 'board' }, timestamp: 1 },
          { id: 2, clientID: `c-${id}`, name: 'updateAnnouncementDraft', args: { id, title: 'Workerd push send, edited', message: '<p>y</p>', audience_type: 'board' }, timestamp: 2 },
          { id: 3, clientID: `c-${id}`, name: 'sendAnnouncement', args: { id }, timestamp: 3 },
        ],
      },
    });
    expect(push.status).toBe(200);
    const status = await until(async () => {
      const { rows } = await db.execute({ sql: 'SELECT status FROM announcements WHERE id = ?', args: [id] });
      return rows[0]?.status === 'sending' ? undefined : (rows[0]?.status as string | undefined);
    });
    expect(status).toBe('failed');
    const sent = await db.execute({ sql: 'SELECT title, subject FROM announcements a JOIN email_outbox o ON o.ref = ? WHERE a.id = ? LIMIT 1', args: [`announcement:${id}`, id] });
    expect([sent.rows[0].title, sent.rows[0].subject]).toEqual(['Workerd push send, edited', 'Workerd push send, edited']);
    const { rows } = await db.execute({ sql: 'SELECT status, count(*) AS n FROM announcement_deliveries WHERE announcement_id = ? GROUP BY status', args: [id] });
    // Board audience: every active board member and superadmin of Maple Grove.
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([['failed', (await boardEmailsOf(DEMO.maple.superadmin)).length]]);
  });
});
