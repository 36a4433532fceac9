/**
 * A reporter beside vitest's default one for the e2e step: a failed story's error is printed the
 * moment the story ends, not only in the summary after the last file. The step runs for many minutes,
 * and a run stopped before its end (a CI limit, a session ending) otherwise shows a story failed
 * without saying why. A story that failed and then passed on its second try (vitest.e2e.config.ts
 * `retry`) is printed the same way, with its first try's error: `npm test`'s summary names it.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

const STACK_LINES = 6;

/** The line that starts a story's report when it passed only on a second try; tests/run.ts looks for it. */
export const SECOND_TRY_MARK = '↻ passed on its second try:';

export default class FailuresAtOnce implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const result = testCase.result();
    const retried = result.state === 'passed' && (testCase.diagnostic()?.retryCount ?? 0) > 0;
    if (result.state !== 'failed' && !retried) return;
    const name = `${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`;
    const lines = [`\n${retried ? SECOND_TRY_MARK : '✗ failed now:'} ${name}`];
    for (const error of result.errors ?? []) {
      lines.push(`  ${retried ? 'first try: ' : ''}${error.name ?? 'Error'}: ${error.message}`);
      // The project's own frames: the story's line and the helpers it went through.
      const stack = (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at ') && !/node_modules|\(<anonymous>\)/.test(line));
      lines.push(...stack.slice(0, STACK_LINES).map((line) => `    ${line.trim()}`));
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}
