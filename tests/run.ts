/**
 * `npm test`: everything CI runs, in order, stopping at the first failing step.
 * Steps whose files do not exist yet are skipped with a note.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const hasTests = (dir: string, suffix: string) =>
  existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith(suffix));

const steps: { name: string; cmd: string; when?: () => boolean }[] = [
  { name: 'typecheck', cmd: 'npx tsc -p tsconfig.json --noEmit' },
  { name: 'lint', cmd: 'npx eslint .' },
  { name: 'api, sync and unit tests', cmd: 'npx vitest run' },
  { name: 'worker bundle (wrangler dry run)', cmd: 'npx tsx worker/dev/bundle-size.ts' },
  { name: 'workerd checks', cmd: 'npx vitest run --config vitest.workerd.config.ts', when: () => hasTests('tests/workerd', '.test.ts') },
  { name: 'browser e2e', cmd: 'npx vitest run --config vitest.e2e.config.ts', when: () => hasTests('tests/e2e', '.e2e.test.ts') },
];

const only = process.argv.slice(2);
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  if (step.when && !step.when()) {
    console.log(`\n— ${step.name}: no tests yet, skipped`);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.cmd}`);
  const started = Date.now();
  const r = spawnSync(step.cmd, { stdio: 'inherit', shell: true, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  console.log(`  ${step.name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
