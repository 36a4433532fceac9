/**
 * The built client as the Node entry serves it: each file in the encoding the browser accepts, from
 * the copies the build compressed once (vite/compress.ts), and as it is to a browser that accepts none.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../vite/compress';
import { startNodeServer } from '../../worker/node';

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, title: 'Announcement ${i}' }`).join(', ')}];\n`;

describe('the built client on the Node entry', () => {
  let dir: string;
  let origin: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoa-static-'));
    const client = join(dir, 'client');
    mkdirSync(join(client, 'assets'), { recursive: true });
    writeFileSync(join(client, 'assets', 'list-abc123.js'), script);
    writeFileSync(join(client, 'assets', 'tiny-abc123.js'), 'export const a = 1;\n');
    writeFileSync(join(client, 'index.html'), '<!doctype html><div id="root"></div>');
    await precompress(client);
    const running = await startNodeServer({ port: 0, databaseUrl: `file:${join(dir, 'hoa.db')}`, dataDir: dir, clientDir: client, seed: false, passwordIterations: 1_000, log: () => {} });
    origin = `http://127.0.0.1:${(running.server.address() as { port: number }).port}`;
    close = running.close;
  });
  afterAll(async () => {
    await close?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, acceptEncoding: string) => fetch(`${origin}${path}`, { headers: { 'accept-encoding': acceptEncoding } });

  it('sends Brotli to a browser that takes it, gzip to one that takes only gzip, and the file itself otherwise', async () => {
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await get('/assets/list-abc123.js', accepted);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      // fetch decodes the body: it is the file, byte for byte.
      expect(await res.text()).toBe(script);
    }
  });

  it('writes a Brotli copy smaller than the gzip one, none for a file too small to gain, and keeps the copies out of a Workers deploy', () => {
    const file = join(dir, 'client', 'assets', 'list-abc123.js');
    const br = readFileSync(`${file}.br`).length;
    const gz = readFileSync(`${file}.gz`).length;
    expect(br).toBeLessThan(gz);
    expect(gz).toBeLessThan(script.length);
    // Workers Static Assets compress at the edge: the copies stay out of a deploy.
    expect(existsSync(join(dir, 'client', 'assets', 'tiny-abc123.js.br'))).toBe(false);
    expect(readFileSync(join(dir, 'client', '.assetsignore'), 'utf8')).toBe('*.br\n*.gz\n');
  });

  it('sends a built file only the headers a script uses, and the page every security header', async () => {
    const asset = await get('/assets/list-abc123.js', 'br');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(asset.headers.get(pageOnly), pageOnly).toBeNull();
    }
    const page = await get('/requests', 'br');
    expect(page.headers.get('content-type')).toMatch(/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const res = await get('/assets/tiny-abc123.js', 'gzip, br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('export const a = 1;\n');
  });
});
