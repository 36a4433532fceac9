import { Hono } from 'hono';
import { html } from 'hono/html';
import { getMail, listMail, type OutboxRow } from '../domain/outbox';
import type { AppEnv } from '../env';
import { loopbackOnly } from '../middleware/client-meta';

/**
 * The local mailbox (mounted only while the local mailer stands in for Resend; this machine only): every outbox row, newest first, and each mail as it
 * will look in a mail client. `/dev/mail.json` (or `?format=json`) is the same list for tests.
 */
const json = (r: OutboxRow) => ({
  id: r.id,
  to: r.toEmail,
  subject: r.subject,
  template: r.template,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  providerId: r.providerId,
  ref: r.ref,
  hoaId: r.hoaId,
  createdAt: new Date(r.createdAt).toISOString(),
  deliveredAt: r.deliveredAt ? new Date(r.deliveredAt).toISOString() : null,
  text: r.text,
  html: r.html,
});

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>
  body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;background:#f6f7f9;color:#1f2937}
  header{background:#fff;border-bottom:1px solid #e5e7eb;padding:14px 24px;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline}
  header h1{font-size:18px;margin:0} header p{margin:0;color:#6b7280;font-size:13px}
  main{max-width:1100px;margin:0 auto;padding:20px 24px}
  table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e5e7eb;border-radius:8px;overflow:hidden}
  th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e5e7eb;font-size:14px;vertical-align:top}
  th{background:#f9fafb;font-weight:600;color:#4b5563} tr:last-child td{border-bottom:0}
  a{color:#166534} .muted{color:#6b7280;font-size:13px}
  .badge{display:inline-block;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:600}
  .delivered{background:#dcfce7;color:#166534}.queued,.sending{background:#fef3c7;color:#92400e}.failed{background:#fee2e2;color:#991b1b}
  dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:0 0 16px;font-size:14px}
  dt{color:#6b7280} dd{margin:0;word-break:break-word}
  iframe{width:100%;height:760px;border:1px solid #e5e7eb;border-radius:8px;background:#fff}
  .to-inline{display:none}
  pre{white-space:pre-wrap;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;font-size:13px}
  @media (max-width:640px){th:nth-child(n+2):not(:nth-child(3)),td:nth-child(n+2):not(:nth-child(3)){display:none} .to-inline{display:block} main{padding:12px} header{padding:12px}
    dl{grid-template-columns:1fr} dd{margin-bottom:6px}}
</style></head><body>${body}</body></html>`;

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

export const devMailRoutes = new Hono<AppEnv>()
  .use(loopbackOnly)
  .get('/mail.json', async (c) => c.json({ mails: (await listMail(c.var.deps, { to: c.req.query('to') })).map(json) }))
  .get('/mail', async (c) => {
    const rows = await listMail(c.var.deps, { to: c.req.query('to') });
    if (c.req.query('format') === 'json') return c.json({ mails: rows.map(json) });
    return c.html(
      page(
        'Local mailbox',
        html`<header><h1>Local mailbox</h1><p>Mail is not sent anywhere while RESEND_API_KEY is unset. Newest first.</p></header>
<main>${
          rows.length === 0
            ? html`<p class="muted">No mail yet.</p>`
            : html`<table><thead><tr><th>Subject</th><th>To</th><th>Status</th><th>Template</th><th>Queued</th></tr></thead><tbody>
${rows.map(
  (r) => html`<tr><td><a href="/dev/mail/${r.id}">${r.subject}</a><div class="muted to-inline">${r.toEmail}</div></td><td>${r.toEmail}</td><td><span class="badge ${r.status}">${r.status}</span></td><td class="muted">${r.template}</td><td class="muted">${when(r.createdAt)}</td></tr>`,
)}</tbody></table>`
        }</main>`,
      ),
    );
  })
  .get('/mail/:id', async (c) => {
    const r = await getMail(c.var.deps, c.req.param('id'));
    if (c.req.query('format') === 'json') return c.json(json(r));
    return c.html(
      page(
        r.subject,
        html`<header><h1>${r.subject}</h1><p><a href="/dev/mail">← All mail</a></p></header>
<main><dl><dt>To</dt><dd>${r.toEmail}</dd><dt>Status</dt><dd><span class="badge ${r.status}">${r.status}</span>${r.lastError ? html` <span class="muted">${r.lastError}</span>` : ''}</dd>
<dt>Template</dt><dd>${r.template}</dd><dt>Queued</dt><dd>${when(r.createdAt)}</dd>${r.deliveredAt ? html`<dt>Delivered</dt><dd>${when(r.deliveredAt)}</dd>` : ''}</dl>
<iframe title="Rendered mail" sandbox srcdoc="${r.html}"></iframe>
<h2 style="font-size:16px">Plain text</h2><pre>${r.text}</pre></main>`,
      ),
    );
  });
