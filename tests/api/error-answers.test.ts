/**
 * What the app answers when it cannot do the work: a 413 is never kept by a cache, a full
 * or busy database answers 503 with Retry-After on REST as the push does, and `npm start` on a data
 * folder it cannot write says so in one line.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { isTemporaryError as pushIsTemporaryError, TemporaryPushError } from '../../worker/sync/push';
import { isTemporaryError, RETRY_AFTER_SECONDS, TemporaryError } from '../../worker/domain/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login, postStreamed } from '../helpers/http';
import { SyncTestClient } from '../sync/client';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('413 answers', () => {
  it('carry Cache-Control: no-store, with and without Content-Length', async () => {
    t = await createTestApp();
    const declared = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.board, password: 'x'.repeat(20_000) } });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('cache-control')).toBe('no-store');

    const streamed = await postStreamed(t, '/api/auth/login', 40);
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get('cache-control')).toBe('no-store');
  });
});

describe('temporary database failures', () => {
  it('are classified in one place, which the push re-exports', () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(isTemporaryError(full)).toBe(true);
    expect(isTemporaryError(new Error('wrapped', { cause: Object.assign(new Error('busy'), { code: 'SQLITE_BUSY_SNAPSHOT' }) }))).toBe(true);
    expect(isTemporaryError(new TemporaryPushError('stop'))).toBe(true);
    expect(new TemporaryPushError('stop')).toBeInstanceOf(TemporaryError);
    // A message text never decides: only types and driver codes.
    expect(isTemporaryError(new Error('SQLITE_FULL'))).toBe(false);
    expect(pushIsTemporaryError).toBe(isTemporaryError);
  });

  it('a full database answers a REST write (and a push) 503 with Retry-After and a JSON message, and the app keeps answering', async () => {
    t = await createTestApp();
    const resident = await login(t, DEMO.maple.resident);
    // SQLite's own "database or disk is full": the writer's connection may not grow the file.
    await t.write((tx) => tx.run(sql`PRAGMA max_page_count = 1`));
    try {
      const r = await call(t, 'POST', '/api/requests', {
        token: resident.token,
        body: { title: 'Gate', description: `<p>${'The gate is stuck. '.repeat(3_000)}</p>`, category: 'Maintenance' },
      });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.json).toEqual({ message: expect.stringMatching(/try again/i) });
      // The push answers the same way (its changes are sent again later).
      const client = new SyncTestClient(t, resident.token);
      const pushed = await client.push([
        client.mutation('createRequest', { id: crypto.randomUUID(), title: 'Gate', description: `<p>${'The gate is stuck. '.repeat(3_000)}</p>`, category: 'Maintenance' }),
      ]);
      expect(pushed.status).toBe(503);
      expect(pushed.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect((await call(t, 'GET', '/api/health')).status).toBe(200);
      expect((await call(t, 'GET', '/api/requests', { token: resident.token })).status).toBe(200);
    } finally {
      await t.write((tx) => tx.run(sql`PRAGMA max_page_count = 1073741823`));
    }
    const again = await call(t, 'POST', '/api/requests', { token: resident.token, body: { title: 'Gate', description: '<p>Stuck</p>', category: 'Maintenance' } });
    expect(again.status).toBe(201);
  });

  it('any temporary failure of a route answers 503, a refusal keeps its own status', async () => {
    t = await createTestApp();
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const original = t.deps.database.transaction;
    t.deps.database.transaction = (() => Promise.reject(busy)) as typeof original;
    try {
      // Sign-in writes a session: refused for now, with the 503 a busy push gets.
      const r = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.resident, password: 'Password123' } });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    } finally {
      t.deps.database.transaction = original;
    }
    const wrong = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO.maple.resident, password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
  });
});

describe('a data folder the server cannot write', () => {
  it('npm start says so in one line and exits non-zero (no stack trace)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'hoa-readonly-'));
    const dataDir = join(parent, 'data');
    mkdirSync(dataDir);
    // Root may write anywhere: the server then runs as another user (nobody), as a service account would.
    const asRoot = process.getuid?.() === 0;
    chmodSync(parent, 0o755);
    chmodSync(dataDir, asRoot ? 0o755 : 0o500);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'worker/node.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED_DEMO_DATA: 'false', HOME: parent },
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(out).toBe('');
      const lines = err.trim().split('\n');
      expect(lines, err).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Cannot write to the data folder ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b.*make it writable or set DATA_DIR`));
    } finally {
      chmodSync(dataDir, 0o700);
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);
});
