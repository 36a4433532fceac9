/**
 * `npm run bench`: every benchmark in tests/bench, one after the other, each in its own process: a
 * bench may end its process when done (Lighthouse leaves handles open), and none inherits another's
 * heap or compiled code. A bench that fails is reported and the others still run.
 * tenants.bench.ts seeds a thousand HOAs first (minutes): `TENANTS=50 npm run bench` for a quick look.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const failed: string[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  console.log(`\n== ${file}`);
  const run = spawnSync('npx', ['tsx', join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(`${file} (${run.signal ?? `exit ${run.status}`})`);
}
if (failed.length > 0) {
  console.log(`\nFailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
