/**
 * Hostile rich text through the API: every shape of tests/helpers/hostile-rich-text.ts at
 * the length limit is answered in linear time, by REST and by push, while /api/health keeps
 * answering; nesting deeper than the limit is refused with its reason on write (it once answered 500,
 * a stack overflow in the mail's plain text), and mail of text stored before that renders.
 */
import { loadavg } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { RICH_TEXT_MESSAGES } from '../../schema/rich-text';
import { RICH_TEXT_MAX_DEPTH } from '../../schema/rich-text-tree';
import { requestFiledEmail } from '../../worker/emails/community';
import { createTestApp, type TestApp } from '../helpers/app';
import { HEALTH_KEPT_ANSWERING_MS, healthWhile } from '../helpers/health';
import { call, DEMO, login } from '../helpers/http';
import { HOSTILE_RICH_TEXT } from '../helpers/hostile-rich-text';
import { SyncTestClient } from '../sync/client';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const draft = (message: string) => ({ title: 'Hostile', message, category: 'general', audience_type: 'all', custom_recipients: [] });
const shapes = Object.entries(HOSTILE_RICH_TEXT);

describe('hostile rich text at the length limit', () => {
  it('is answered 201 or 400 (never 500) by REST and push, while /api/health keeps answering', async () => {
    t = await createTestApp();
    const app = t;
    const board = await login(t, DEMO.maple.board);
    const client = new SyncTestClient(t, board.token);
    const rest: { shape: string; status: number; message?: string; ms: number }[] = [];
    const posts = (async () => {
      for (const [shape, html] of shapes) {
        const started = performance.now();
        const r = await call(app, 'POST', '/api/announcements', { token: board.token, body: draft(html) });
        rest.push({ shape, status: r.status, message: r.json.errors?.[0]?.msg, ms: performance.now() - started });
        // As from separate clients (tests/helpers/health.ts).
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const healthDuringPosts = await healthWhile(t, posts);
    // All of them in one push.
    const started = performance.now();
    const pushing = client.push(shapes.map(([, html]) => client.mutation('createAnnouncementDraft', { id: crypto.randomUUID(), ...draft(html) })));
    const healthDuringPush = await healthWhile(t, pushing);
    const push = { status: (await pushing).status, ms: performance.now() - started };
    console.log(
      `hostile rich text through the API (load average ${loadavg()[0].toFixed(2)}): /api/health answered within ${healthDuringPosts.toFixed(0)} ms ` +
        `during the posts, ${healthDuringPush.toFixed(0)} ms during the push of all ${shapes.length} (${push.ms.toFixed(0)} ms)\n` +
        rest.map((r) => `${r.ms.toFixed(0).padStart(5)} ms ${r.status} ${r.shape}${r.message ? `: ${r.message}` : ''}`).join('\n'),
    );
    for (const r of rest) expect([201, 400], r.shape).toContain(r.status);
    for (const r of rest) expect(r.ms, r.shape).toBeLessThan(1_000);
    expect(push.status).toBe(200);
    expect(push.ms).toBeLessThan(5_000);
    expect(healthDuringPosts).toBeLessThan(HEALTH_KEPT_ANSWERING_MS);
    expect(healthDuringPush).toBeLessThan(HEALTH_KEPT_ANSWERING_MS);
    // The push refused what REST refused, for the same reasons (a repeated refusal is counted on one notice).
    await client.pull();
    const refusedByPush = Object.fromEntries(client.values<{ message: string; repeats: number }>('notice/').map((n) => [n.message, n.repeats]));
    const refusedByRest: Record<string, number> = {};
    for (const r of rest) if (r.message) refusedByRest[r.message] = (refusedByRest[r.message] ?? 0) + 1;
    expect(refusedByPush).toEqual(refusedByRest);
    expect(refusedByRest[RICH_TEXT_MESSAGES.tooDeep]).toBeGreaterThan(0);
  });
});

describe('nesting deeper than the limit', () => {
  const deep = { "'<em>'×5000": `${'<em>'.repeat(5_000)}x`, "unopened closers": HOSTILE_RICH_TEXT["unopened closers: '<h1>'×12000 + '</h2>'×9000"] };

  it('is refused on write with its reason, by REST and by push (once a 500 from the mail)', async () => {
    t = await createTestApp();
    const resident = await login(t, DEMO.maple.resident);
    const rita = new SyncTestClient(t, resident.token);
    for (const [shape, html] of Object.entries(deep)) {
      const r = await call(t, 'POST', '/api/requests', { token: resident.token, body: { title: 'Deep', description: html, category: 'Maintenance' } });
      expect({ shape, status: r.status, errors: r.json.errors }).toEqual({ shape, status: 400, errors: [{ path: 'description', msg: RICH_TEXT_MESSAGES.tooDeep }] });
    }
    const filed = await call(t, 'POST', '/api/requests', { token: resident.token, body: { title: 'Gate', description: '<p>Broken</p>', category: 'Maintenance' } });
    expect(filed.status).toBe(201);
    const pushed = await rita.push([
      ...Object.values(deep).map((html) => rita.mutation('createRequest', { id: crypto.randomUUID(), title: 'Deep', description: html, category: 'Maintenance' })),
      rita.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: filed.json._id, message: deep["'<em>'×5000"], is_public: true }),
    ]);
    expect(pushed.status).toBe(200);
    await rita.pull();
    const notices = rita.values<{ mutationName: string; message: string; repeats: number }>('notice/').map((n) => [n.mutationName, n.message, n.repeats]);
    expect(notices).toEqual(
      expect.arrayContaining([
        ['createRequest', RICH_TEXT_MESSAGES.tooDeep, 2],
        ['addRequestComment', RICH_TEXT_MESSAGES.tooDeep, 1],
      ]),
    );
    expect(notices).toHaveLength(2);
  });

  it('in text stored before the limit, still renders in a mail', async () => {
    const mail = await requestFiledEmail({ hoaName: 'Maple Grove', residentName: 'Rita', title: 'Deep', category: 'Maintenance', descriptionHtml: deep["'<em>'×5000"], url: 'http://localhost/requests/1' });
    // Cut to the sanitiser's depth (booleans: a failure would print the whole mail).
    expect(mail.html.includes('<em>'.repeat(RICH_TEXT_MAX_DEPTH))).toBe(true);
    expect(mail.html.includes('<em>'.repeat(RICH_TEXT_MAX_DEPTH + 1))).toBe(false);
    expect(mail.text.includes('x')).toBe(true);
  });
});
