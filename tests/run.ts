/**
 * `npm test`: everything CI runs, in order. Every step runs even when an earlier one fails, so one
 * run shows every failure; a summary of each step's result and time closes the run, and the exit
 * code is non-zero when any step failed. `npm test -- <name>` runs the steps whose name contains it.
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

type Outcome = { name: string; result: 'ok' | 'FAILED' | 'skipped'; seconds?: number };

const seconds = (s: number) => `${s.toFixed(1)} s`;

const only = process.argv.slice(2);
const outcomes: Outcome[] = [];
const runStarted = Date.now();
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  if (step.when && !step.when()) {
    console.log(`\n— ${step.name}: no tests yet, skipped`);
    outcomes.push({ name: step.name, result: 'skipped' });
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.cmd}`);
  const started = Date.now();
  const r = spawnSync(step.cmd, { stdio: 'inherit', shell: true, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  const outcome: Outcome = { name: step.name, result: r.status === 0 ? 'ok' : 'FAILED', seconds: (Date.now() - started) / 1000 };
  console.log(`  ${step.name}: ${outcome.result} in ${seconds(outcome.seconds!)}`);
  outcomes.push(outcome);
}

if (!outcomes.length) {
  console.error(`\nNo step's name contains ${only.map((o) => `"${o}"`).join(' or ')}. Steps: ${steps.map((s) => s.name).join('; ')}.`);
  process.exit(1);
}

const failed = outcomes.filter((o) => o.result === 'FAILED');
const width = Math.max(...outcomes.map((o) => o.name.length));
console.log(`\nSummary (${seconds((Date.now() - runStarted) / 1000)} in all):`);
for (const o of outcomes) console.log(`  ${o.name.padEnd(width)}  ${o.result.padEnd(7)}${o.seconds === undefined ? '' : seconds(o.seconds).padStart(9)}`);
console.log(failed.length ? `\nFAILED: ${failed.map((o) => o.name).join(', ')}` : '\nNo step failed.');
process.exit(failed.length ? 1 : 0);
