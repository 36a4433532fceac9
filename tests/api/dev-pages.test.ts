/**
 * The local providers' pages: /dev/mail shows every HOA's reset links, /dev/pay takes card details. Each
 * exists only while its own local provider stands in, and answers only this machine.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalMailer, type Mailer } from '../../worker/services/mailer';
import { unconfiguredPayments } from '../../worker/services/unconfigured';
import { startNodeServer } from '../../worker/node';
import { createTestApp, type TestApp } from '../helpers/app';
import { socketEnv } from '../helpers/http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const resendLike: Mailer = { kind: 'resend', send: async (mails) => mails.map((m) => ({ id: m.id, ok: true as const, providerId: `re_${m.id}` })) };

async function status(t: TestApp, path: string, init: { ip?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.request(`http://localhost${path}`, { headers: init.headers }, socketEnv(init.ip));
  return res.status;
}

describe('dev pages per provider', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  // mail page present iff the mailer is local; pay pages present iff payments are local.
  const combos = [
    { mailer: 'local', payments: 'local', mail: 200, pay: 'present' },
    { mailer: 'resend', payments: 'local', mail: 404, pay: 'present' },
    { mailer: 'local', payments: 'stripe', mail: 200, pay: 'absent' },
    { mailer: 'resend', payments: 'stripe', mail: 404, pay: 'absent' },
  ] as const;
  for (const combo of combos) {
    it(`mailer ${combo.mailer}, payments ${combo.payments}: /dev/mail ${combo.mail}, /dev/pay ${combo.pay}`, async () => {
      t = await createTestApp({
        mailer: combo.mailer === 'local' ? createLocalMailer() : resendLike,
        ...(combo.payments === 'stripe' ? { payments: unconfiguredPayments() } : {}),
      });
      expect(await status(t, '/dev/mail')).toBe(combo.mail);
      expect(await status(t, '/dev/mail.json')).toBe(combo.mail);
      // An unknown checkout: the local provider's page says so (404 with its own page); without it, no route at all.
      const pay = await t.app.request('http://localhost/dev/pay/checkout/cs_unknown', {}, socketEnv());
      const text = await pay.text();
      if (combo.pay === 'present') expect(text).toContain('Local test payments');
      else expect(text).not.toContain('Local test payments');
    });
  }

  it('answers only loopback clients, not through a proxy and not under another host name', async () => {
    t = await createTestApp();
    expect(await status(t, '/dev/mail.json')).toBe(200);
    expect(await status(t, '/dev/mail.json', { ip: '::1' })).toBe(200);
    expect(await status(t, '/dev/mail.json', { ip: '::ffff:127.0.0.1' })).toBe(200);
    // Another machine on the network.
    expect(await status(t, '/dev/mail.json', { ip: '192.168.1.20' })).toBe(404);
    expect(await status(t, '/dev/pay/checkout/cs_1', { ip: '192.168.1.20' })).toBe(404);
    // A reverse proxy on this machine forwarding someone else.
    expect(await status(t, '/dev/mail.json', { headers: { 'x-forwarded-for': '203.0.113.9' } })).toBe(404);
    expect(await status(t, '/dev/mail.json', { headers: { forwarded: 'for=203.0.113.9' } })).toBe(404);
    // A DNS-rebinding page: loopback socket, foreign host name.
    const rebound = await t.app.request('http://evil.example/dev/mail.json', {}, socketEnv());
    expect(rebound.status).toBe(404);
    // A caller without a socket (no Node peer at all) is not trusted either.
    expect((await t.app.request('http://localhost/dev/mail.json')).status).toBe(404);
  });

  it('in workerd (no socket) believes the peer header wrangler dev sets, only when loopback and only when configured', async () => {
    t = await createTestApp({ config: { loopbackPeerHeader: 'cf-connecting-ip' } });
    const noSocket = async (url: string, headers: Record<string, string>) => (await t!.app.request(url, { headers })).status;
    expect(await noSocket('http://localhost/dev/mail.json', { 'cf-connecting-ip': '127.0.0.1' })).toBe(200);
    expect(await noSocket('http://localhost/dev/mail.json', { 'cf-connecting-ip': '203.0.113.9' })).toBe(404);
    expect(await noSocket('http://localhost/dev/mail.json', {})).toBe(404);
    expect(await noSocket('http://localhost/dev/mail.json', { 'cf-connecting-ip': '127.0.0.1', 'x-forwarded-for': '203.0.113.9' })).toBe(404);
    expect(await noSocket('http://evil.example/dev/mail.json', { 'cf-connecting-ip': '127.0.0.1' })).toBe(404);
    t.close();
    // The Node entry never sets it: the header alone opens nothing.
    t = await createTestApp();
    expect(await noSocket('http://localhost/dev/mail.json', { 'cf-connecting-ip': '127.0.0.1' })).toBe(404);
  });
});

describe('the Node entry', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise, names the port it got in its links, and keeps its data folder and database private', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoa-node-'));
    const running = await startNodeServer({
      port: 0,
      databaseUrl: `file:${join(dataDir, 'db', 'hoa.db')}`,
      dataDir,
      clientDir: join(dataDir, 'no-client'),
      seed: false,
      passwordIterations: 1_000,
      log: () => {},
    });
    try {
      const address = running.server.address() as { address: string; port: number };
      expect(address.address).toBe('127.0.0.1');
      // Port 0 (any free port): the links the app writes name the port it listens on.
      expect(running.deps.config.appUrl).toBe(`http://localhost:${address.port}`);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, 'db', 'hoa.db')).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      // The mailbox answers over a real loopback socket.
      const mail = await fetch(`http://127.0.0.1:${address.port}/dev/mail.json`);
      expect(mail.status).toBe(200);
      const forwarded = await fetch(`http://127.0.0.1:${address.port}/dev/mail.json`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(forwarded.status).toBe(404);
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
