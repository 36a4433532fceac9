/**
 * Test files share their worker's modules unless vitest.config.ts names them in ISOLATED: a file that
 * mocks a module, stubs a global or the environment, or fakes timers must be named there, or what it
 * changes could reach the files that run after it in the same worker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config';

const CHANGES_PROCESS_STATE = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers|resetModules)\(|process\.env\.[A-Z_]+ =/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts') && !f.includes('node_modules'))
    .map((f) => join(dir, f));
}

describe('test isolation', () => {
  it('every test file that changes process-wide state runs isolated', () => {
    const files = ['tests/api', 'tests/sync', 'tests/unit', 'tests/fault', 'client'].flatMap(testFiles);
    expect(files.length).toBeGreaterThan(100);
    const changing = files.filter((f) => f !== 'tests/unit/isolated-tests.test.ts' && CHANGES_PROCESS_STATE.test(readFileSync(f, 'utf8')));
    expect(changing.filter((f) => !ISOLATED.includes(f))).toEqual([]);
    expect(ISOLATED.filter((f) => !changing.includes(f))).toEqual([]);
  });
});
