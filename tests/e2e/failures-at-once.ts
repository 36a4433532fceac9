/**
 * A reporter beside vitest's default one for the e2e step: a failed story's error is printed the
 * moment the story ends, not only in the summary after the last file. The step runs for many minutes,
 * and a run stopped before its end (a CI limit, a session ending) otherwise shows a story failed
 * without saying why.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

const STACK_LINES = 6;

export default class FailuresAtOnce implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const lines = [`\n✗ failed now: ${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`];
    for (const error of result.errors ?? []) {
      lines.push(`  ${error.name ?? 'Error'}: ${error.message}`);
      // The project's own frames: the story's line and the helpers it went through.
      const stack = (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at ') && !/node_modules|\(<anonymous>\)/.test(line));
      lines.push(...stack.slice(0, STACK_LINES).map((line) => `    ${line.trim()}`));
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}
