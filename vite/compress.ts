/**
 * Precompressed copies of the built client for the Node entry: next to each compressible file of
 * dist/client, `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9), which
 * worker/node.ts serves by the request's Accept-Encoding (`precompressed` of @hono/node-server's
 * serveStatic). The files never change after the build, so they are compressed once, as hard as the
 * formats allow: /announcements' first load is 200 KB in Brotli against 247 KB in the level-3 gzip
 * the Node entry compresses answers with on the fly (on a phone's 1.6 Mbit/s, about 0.2 s less).
 * Workers Static Assets compress at Cloudflare's edge, so `.assetsignore` keeps the copies out of a
 * deploy.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress as brotliCallback, constants, gzip as gzipCallback } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCallback);
const gzip = promisify(gzipCallback);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the header and the extra file cost more than the bytes saved. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Writes the compressed copies of every compressible file under `dir` (zlib's thread pool, side by side). */
export async function precompress(dir: string): Promise<void> {
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_BYTES);
  await Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzip(raw, { level: 9 }),
      ]);
      // A copy no smaller than the file is left out: the file is then sent as it is.
      if (br.length < raw.length) writeFileSync(`${file}.br`, br);
      if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    }),
  );
  writeFileSync(join(dir, '.assetsignore'), '*.br\n*.gz\n');
}

export function precompressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'precompressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every plugin has written its files (the service worker is written at the bundle's close too).
    closeBundle: { order: 'post', sequential: true, handler: () => precompress(outDir) },
  };
}
