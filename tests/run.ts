/**
 * `npm test`: everything CI runs, in order. Every step runs even when an earlier one fails, so one
 * run shows every failure; a summary of each step's result and time closes the run, and the exit
 * code is non-zero when any step failed. `npm test -- <name>` runs the steps whose name contains it.
 * Steps whose files do not exist yet are skipped with a note. The static checks (typecheck, lint,
 * the Worker's bundle) and the workerd checks each use about one core, so they run side by side, each
 * one's output printed whole when it ends.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { SECOND_TRY_MARK } from './e2e/failures-at-once.ts';

const hasTests = (dir: string, suffix: string) =>
  existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith(suffix));

/** `together`: run beside the steps next to it that have it too. */
const steps: { name: string; cmd: string; when?: () => boolean; together?: true }[] = [
  { name: 'typecheck', cmd: 'npx tsc -p tsconfig.json --noEmit', together: true },
  { name: 'lint', cmd: 'npx eslint .', together: true },
  { name: 'worker bundle (wrangler dry run)', cmd: 'npx tsx worker/dev/bundle-size.ts', together: true },
  // The workerd checks take their files one at a time, about one core: beside the static checks,
  // which leave a core idle once lint and the bundle are done, not after the unit tests, which use both.
  { name: 'workerd checks', cmd: 'npx vitest run --config vitest.workerd.config.ts', when: () => hasTests('tests/workerd', '.test.ts'), together: true },
  { name: 'api, sync and unit tests', cmd: 'npx vitest run' },
  { name: 'browser e2e', cmd: 'npx vitest run --config vitest.e2e.config.ts', when: () => hasTests('tests/e2e', '.e2e.test.ts') },
];

type Outcome = { name: string; result: 'ok' | 'FAILED' | 'skipped'; seconds?: number; failures?: string[]; secondTries?: string[] };

const seconds = (s: number) => `${s.toFixed(1)} s`;

const only = process.argv.slice(2);
const outcomes: Outcome[] = [];
const runStarted = Date.now();

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** How many lines of a failed story's page (tests/helpers/browser.ts prints them) the summary keeps. */
const PAGE_LINES = 6;

/** The lines that name what failed, in vitest's output and in tsc's and eslint's, at most 60, so the
 * closing summary shows them even where only the end of the log is read (CI shows its tail): with a
 * story's own line in its test file and the first lines of what its page showed, since a wait that
 * timed out says only what it waited for. */
function failureLines(output: string): string[] {
  const lines = plain(output).split('\n');
  const named: string[] = [];
  lines.forEach((line, i) => {
    if (/^\s*(FAIL|×|✗)\s|error TS\d+|^\s*\d+:\d+\s+error\s|(Assertion)?Error: |^\s*at .*\btests\/.*\.ts:\d+/.test(line)) named.push(line.trim());
    else if (line.includes('the page when the story failed:')) named.push(...lines.slice(i, i + PAGE_LINES).map((l) => `  ${l.trim().slice(0, 160)}`));
  });
  return [...new Set(named)].slice(0, 60);
}

/** The stories that failed once and passed on their second try, each with its first try's error:
 * a step that passed still names them, since each is a flaw to mend (decision 284). */
function secondTryLines(output: string): string[] {
  const lines = plain(output).split('\n');
  return lines.flatMap((line, i) => (line.startsWith(SECOND_TRY_MARK) ? lines.slice(i, i + 3).map((l) => l.trim().slice(0, 200)) : []));
}

/** Runs one step; beside others (`captured`), its output is kept and printed whole when it ends.
 * Either way the output is also kept to name the failures in the summary. */
async function run(step: (typeof steps)[number], captured: boolean): Promise<Outcome> {
  console.log(`\n▶ ${step.name}: ${step.cmd}${captured ? ' (beside the others; its output when it ends)' : ''}`);
  const started = Date.now();
  const child = spawn(step.cmd, { stdio: ['ignore', 'pipe', 'pipe'], shell: true, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...(process.stdout.isTTY && { FORCE_COLOR: '1' }) } });
  const output: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => (output.push(d), captured || process.stdout.write(d)));
  child.stderr.on('data', (d: Buffer) => (output.push(d), captured || process.stderr.write(d)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const outcome: Outcome = { name: step.name, result: code === 0 ? 'ok' : 'FAILED', seconds: (Date.now() - started) / 1000 };
  if (code !== 0) outcome.failures = failureLines(Buffer.concat(output).toString());
  const secondTries = secondTryLines(Buffer.concat(output).toString());
  if (secondTries.length) outcome.secondTries = secondTries;
  if (captured) process.stdout.write(`\n— ${step.name}'s output:\n${Buffer.concat(output).toString()}`);
  console.log(`  ${step.name}: ${outcome.result} in ${seconds(outcome.seconds!)}`);
  return outcome;
}

const chosen = steps.filter((step) => !only.length || only.some((o) => step.name.includes(o)));
const runnable = chosen.filter((step) => {
  if (!step.when || step.when()) return true;
  console.log(`\n— ${step.name}: no tests yet, skipped`);
  outcomes.push({ name: step.name, result: 'skipped' });
  return false;
});
for (let i = 0; i < runnable.length; ) {
  let j = i + 1;
  while (runnable[i].together && j < runnable.length && runnable[j].together) j++;
  const batch = runnable.slice(i, j);
  outcomes.push(...(await Promise.all(batch.map((s) => run(s, batch.length > 1)))));
  i = j;
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
for (const o of failed) if (o.failures?.length) console.log(`\n${o.name}, what failed:\n${o.failures.map((line) => `  ${line}`).join('\n')}`);
for (const o of outcomes) if (o.secondTries) console.log(`\n${o.name}, stories that passed only on a second try (flaky: mend them):\n${o.secondTries.map((line) => `  ${line}`).join('\n')}`);
process.exit(failed.length ? 1 : 0);
