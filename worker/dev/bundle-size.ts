/** Builds the Worker bundle with wrangler (dry run) and prints its gzipped size. */
import { execSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const out = '.wrangler/dist';
// wrangler.toml points [assets] at the client build; an empty folder is enough for the dry run.
mkdirSync('dist/client', { recursive: true });
execSync(`npx wrangler deploy --dry-run --outdir ${out}`, { stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
let raw = 0;
let gz = 0;
for (const f of readdirSync(out)) {
  const p = join(out, f);
  if (!statSync(p).isFile() || !/\.(m?js|wasm)$/.test(f)) continue;
  const buf = readFileSync(p);
  raw += buf.length;
  gz += gzipSync(buf).length;
}
console.log(`Worker bundle: ${(raw / 1024).toFixed(1)} KiB, gzipped ${(gz / 1024).toFixed(1)} KiB`);
