/**
 * Every scheduled job through the Worker's cron handler (wrangler dev's /cdn-cgi/handler/scheduled):
 * one row waiting for each job, one cron tick, each row's job done: the platform's and the areas'
 * (scheduled announcements, issuing dues, overdue invoices, abandoned signups, the local payment
 * provider's billing clock). Areas with jobs of their own add their row here.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, DEMO, demoDay, login, until } from './http';
import { db } from './db';
import { finishTrial, startTrial } from './trial';


const DAY = 86_400_000;
const one = async (sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows[0];

describe('scheduled jobs in workerd', () => {
  let owner: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    owner = await login(DEMO.maple.superadmin);
  });

  it('one cron tick runs every job: scheduled sends, dues issued, invoices overdue, a trial billed, mail delivery and the clean-ups', async () => {
    const now = Date.now();
    const hoa = await one('SELECT hoa_id, id FROM users WHERE email = ?', [DEMO.maple.superadmin]);
    const [hoaId, userId] = [String(hoa.hoa_id), String(hoa.id)];

    // A scheduled announcement that has come due.
    const draft = await call('POST', '/api/announcements', { token: owner.token, body: { title: 'Workerd cron send', message: '<p>Due now.</p>', audience_type: 'all' } });
    const scheduled = await call('POST', `/api/announcements/${draft.json._id}/send`, { token: owner.token, body: { scheduled_at: new Date(now + DAY).toISOString() } });
    expect(scheduled.json.status).toBe('scheduled');
    await db.execute({ sql: 'UPDATE announcements SET scheduled_at = ? WHERE id = ?', args: [now - 1_000, draft.json._id] });
    // Mail waiting in the outbox.
    await db.execute({
      sql: "INSERT INTO email_outbox (id, hoa_id, to_email, template, subject, html, text, status, next_attempt_at, created_at) VALUES (?, ?, 'cron@example.test', 'test', 'Cron', '<p>x</p>', 'x', 'queued', ?, ?)",
      args: ['workerd-cron-mail', hoaId, now - 1_000, now - 1_000],
    });
    // A monthly due whose next period has come (created for tomorrow, then moved into the past), and
    // a pending invoice past its due day.
    const rita = await one('SELECT id FROM users WHERE email = ?', [DEMO.maple.resident]);
    const tomorrow = demoDay(1);
    const due = await call('POST', '/api/dues', { token: owner.token, body: { title: 'Workerd cron dues', frequency: 'monthly', recipients: [String(rita.id)], send_date: tomorrow, amount: 12.5 } });
    expect(due.status).toBe(201);
    const dueId = String(due.json._id);
    await db.execute({ sql: 'UPDATE dues SET send_date = ?, next_send_date = ? WHERE id = ?', args: [Date.parse(demoDay(-1)), Date.parse(demoDay(-1)), dueId] });
    const lapsed = await one("SELECT id FROM invoices WHERE status = 'pending' AND hoa_id = ? LIMIT 1", [hoaId]);
    await db.execute({ sql: 'UPDATE invoices SET due_date = ? WHERE id = ?', args: [now - 3 * DAY, String(lapsed.id)] });
    // Rows past their keeping time.
    await db.execute({ sql: 'INSERT INTO rate_limits (key, window_start, count) VALUES (?, 0, 1)', args: ['workerd:stale-window'] });
    await db.execute({
      sql: "INSERT INTO sessions (id, user_id, hoa_id, family_id, token_hash, created_at, last_used_at, expires_at) VALUES ('workerd-expired-session', ?, ?, 'f', 'workerd-expired-hash', ?, ?, ?)",
      args: [userId, hoaId, now - 60 * DAY, now - 60 * DAY, now - 30 * DAY],
    });
    await db.execute({ sql: "INSERT INTO sync_change_log (hoa_id, area, seq, row_id, created_at) VALUES (?, 'announcement', 0, 'workerd-old-change', ?)", args: [hoaId, now - 40 * DAY] });
    await db.execute({ sql: "INSERT INTO sync_client_groups (id, user_id, hoa_id, created_at, updated_at) VALUES ('workerd-idle-group', ?, ?, ?, ?)", args: [userId, hoaId, now - 100 * DAY, now - 100 * DAY] });
    await db.execute({
      sql: "INSERT INTO sync_notices (id, hoa_id, user_id, mutation_name, mutation_id, client_id, args_summary, message, created_at, dismissed_at) VALUES ('workerd-old-notice', ?, ?, 'm', 1, 'c', '', 'Refused', ?, ?)",
      args: [hoaId, userId, now - 40 * DAY, now - 40 * DAY],
    });

    // A trial signup left at the card step for over a week, and a completed one whose trial has ended
    // in the local payment provider (its billing clock charges the saved card).
    const abandoned = await startTrial({ email: 'abandoned@workerd-cron.test', password: 'Abandon2026', name: 'Abe Abandoned', hoa_name: 'Workerd Abandoned HOA', plan: 'starter' });
    await db.execute({ sql: 'UPDATE signups SET created_at = ? WHERE hoa_id = ?', args: [now - 8 * DAY, abandoned.hoa_id] });
    const billed = await startTrial({ email: 'billed@workerd-cron.test', password: 'Billed2026', name: 'Bill Billed', hoa_name: 'Workerd Billed HOA', plan: 'growth' });
    await finishTrial(billed);
    const providerSub = await until(async () => {
      const row = await one("SELECT provider_subscription_id AS id FROM subscriptions WHERE hoa_id = ? AND status = 'trialing'", [billed.hoa_id]);
      return row?.id ? String(row.id) : undefined;
    });
    const ended = Math.floor(now / 1000) - 60;
    await db.execute({ sql: "UPDATE local_payment_objects SET data = json_set(data, '$.trial_end', ?, '$.items.data[0].current_period_end', ?) WHERE id = ?", args: [ended, ended, providerSub] });

    // The Worker without [assets]: see ProvidedContext.cronWorkerUrl in global-setup.ts.
    expect((await fetch(`${inject('cronWorkerUrl')}/cdn-cgi/handler/scheduled`)).status).toBe(200);

    const gone = (sql: string) => until(async () => ((await db.execute(sql)).rows.length === 0 ? true : undefined));
    await gone("SELECT 1 FROM rate_limits WHERE key = 'workerd:stale-window'");
    await gone("SELECT 1 FROM sessions WHERE id = 'workerd-expired-session'");
    await gone("SELECT 1 FROM sync_change_log WHERE row_id = 'workerd-old-change'");
    await gone("SELECT 1 FROM sync_client_groups WHERE id = 'workerd-idle-group'");
    await gone("SELECT 1 FROM sync_notices WHERE id = 'workerd-old-notice'");
    await gone(`SELECT 1 FROM hoas WHERE id = '${abandoned.hoa_id}'`);
    await until(async () => ((await one('SELECT status FROM subscriptions WHERE hoa_id = ?', [billed.hoa_id])).status === 'active' ? true : undefined));
    const issued = await until(async () => {
      const row = await one('SELECT COUNT(*) AS n, MIN(amount_cents) AS cents FROM invoices WHERE due_id = ?', [dueId]);
      return Number(row.n) > 0 ? row : undefined;
    });
    expect([Number(issued.n), Number(issued.cents)]).toEqual([1, 1250]);
    await until(async () => ((await one('SELECT status FROM invoices WHERE id = ?', [String(lapsed.id)])).status === 'overdue' ? true : undefined));
    // Sent: with no mail provider in the checks, its deliveries end failed, visibly.
    const sent = await until(async () => {
      const row = await one('SELECT status, sent_at FROM announcements WHERE id = ?', [draft.json._id]);
      return row.status !== 'scheduled' && row.status !== 'sending' ? row : undefined;
    });
    expect(sent.sent_at).not.toBeNull();
    expect(Number((await one("SELECT COUNT(*) AS n FROM email_outbox WHERE ref = ?", [`announcement:${draft.json._id}`])).n)).toBeGreaterThan(0);
    const mail = await until(async () => {
      const row = await one("SELECT status, attempts, last_error FROM email_outbox WHERE id = 'workerd-cron-mail'");
      return row.status !== 'queued' && row.status !== 'sending' ? row : undefined;
    });
    expect(Number(mail.attempts)).toBeGreaterThan(0);
    expect(String(mail.last_error)).toContain('RESEND_API_KEY');
  });
});
