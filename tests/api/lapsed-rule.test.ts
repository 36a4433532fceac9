/**
 * The lapsed-subscription rule: members of a lapsed HOA read everything, downloads
 * included, and write nothing, by one rule every /api route goes through. The route list is read
 * from the app itself, so a route added later is held to the rule without being named here.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '../../schema/subscriptions';
import { subscriptions, users } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
let board: string;
let resident: string;
let superadmin: string;
let documentId: string;
let requestKey: string;

beforeAll(async () => {
  t = await createTestApp();
  [board, resident, superadmin] = (await Promise.all([DEMO.maple.board, DEMO.maple.resident, DEMO.maple.superadmin].map((e) => login(t, e)))).map((s) => s.token);
  // Before the subscription ends: a document and a request attachment to download afterwards.
  const presigned = await call(t, 'POST', '/api/documents/presigned-url', { token: board, body: { fileName: 'Rules.pdf', fileType: 'application/pdf', fileSize: 100, feature: 'documents' } });
  const doc = await call(t, 'POST', '/api/documents', {
    token: board,
    body: { title: 'Rules', category: 'Bylaws', s3_key: presigned.json.s3Key, is_public: true, notes: '', tags: [] },
  });
  expect(doc.status, JSON.stringify(doc.json)).toBe(201);
  documentId = doc.json._id;
  requestKey = (await call(t, 'POST', '/api/requests/presigned-url', { token: resident, body: { fileName: 'gate.png', fileType: 'image/png', fileSize: 100 } })).json.s3Key;

  const [owner] = await t.deps.database.db.select({ hoaId: users.hoaId }).from(users).where(eq(users.email, DEMO.maple.superadmin));
  await t.write((tx) => tx.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.hoaId, owner.hoaId!)));
});
afterAll(() => t?.close());

describe('a lapsed HOA', () => {
  it('downloads its documents and attachments (signed download URLs are reads)', async () => {
    const doc = await call(t, 'POST', `/api/documents/${documentId}/download`, { token: resident });
    expect(doc.status, JSON.stringify(doc.json)).toBe(200);
    expect(doc.json.downloadUrl).toBeTruthy();
    const attachment = await call(t, 'POST', '/api/requests/download-url', { token: resident, body: { s3Key: requestKey } });
    expect(attachment.status).toBe(200);
  });

  it('cannot set up its HOA through signup (a write like any other)', async () => {
    const r = await call(t, 'POST', '/api/signup/hoa-setup', { token: superadmin, body: { name: 'Renamed While Lapsed' } });
    expect(r).toMatchObject({ status: 402, json: { message: SUBSCRIPTION_MESSAGES.lapsed } });
  });

  it('every route: reads answer, writes are refused 402, except the member’s own session and billing', async () => {
    /** What stays open besides reads: sign-in and out, password, billing (the way out), and the push (refused per change, with a notice). */
    const open = (method: string, path: string) =>
      path.startsWith('/api/auth/') ||
      path.startsWith('/api/subscriptions/') ||
      path === '/api/sync/push' ||
      // Reads that need a body: the pull and signed download URLs.
      path === '/api/sync/pull' ||
      (method === 'POST' && (path.endsWith('/download-url') || path.endsWith('/:id/download')));
    const routes = new Map<string, { method: string; path: string }>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
      routes.set(`${r.method} ${r.path}`, r);
    }
    const writes = [...routes.values()].filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    // The sweep is real: the app has many write routes, signup's among them.
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.some((r) => r.path === '/api/signup/hoa-setup')).toBe(true);

    const wrong: string[] = [];
    for (const { method, path } of routes.values()) {
      if (path === '/api/auth/logout') continue; // would end the session the sweep uses
      if (path === '/api/sync/poke') continue; // a stream that stays open
      const concrete = path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, crypto.randomUUID());
      const r = await call(t, method, concrete, { token: superadmin, body: method === 'GET' || method === 'HEAD' ? undefined : {} });
      const refused = r.status === 402;
      const expected = method !== 'GET' && method !== 'HEAD' && !open(method, path);
      if (refused !== expected) wrong.push(`${method} ${path}: ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('board and residents read lists and details as before', async () => {
    for (const token of [board, resident]) {
      for (const path of ['/api/announcements', '/api/requests', '/api/documents', '/api/violations']) {
        expect((await call(t, 'GET', path, { token })).status, path).toBe(200);
      }
    }
  });
});
