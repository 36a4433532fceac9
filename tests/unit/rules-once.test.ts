/**
 * Each rule is said once, and this test keeps it so: the code (worker/, schema/, sync/, client/,
 * their tests aside) must not spell again what a named rule already says.
 * - The privileged roles: `PRIVILEGED_ROLES` / `isPrivileged` (schema/roles.ts), never a list of
 *   role names such as `['board', 'superadmin']`.
 * - A published announcement: `isPublished` and `PUBLISHED_ANNOUNCEMENT_STATUSES` (schema/announcements.ts),
 *   and on the server `publishedSql` built from them, never the statuses listed again (`status NOT IN
 *   ('draft', 'scheduled')`, `['sent', 'sending', 'failed']`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const SEARCHED = ['worker', 'schema', 'sync', 'client'];

/** Where each rule is declared: the one place its words may appear. */
const ROLES_DECLARED = 'schema/roles.ts';
const STATUSES_DECLARED = 'schema/announcements.ts';

/**
 * Files that still restate a rule because another change is rewriting them at the same time. Each
 * entry must still hold its restatement (the test says when one is stale, so the list only shrinks).
 */
const PENDING: Record<string, string> = {};

const quoted = (word: string) => new RegExp(`(['"\`])${word}\\1`);
/** List literals on one line: `[…]` in code, `(…)` in SQL. */
const LISTS = /\[[^[\]\n]*\]|\([^()\n]*\)/g;
const listsOf = (line: string) => line.match(LISTS) ?? [];

/** What each check finds in one line of code, by name. */
const restatements: Record<string, (line: string) => boolean> = {
  'role list': (line) => listsOf(line).some((list) => quoted('board').test(list) && quoted('superadmin').test(list)),
  // Draft and scheduled together is the published rule's complement, in a list or in `!== … && !== …`.
  'unpublished statuses': (line) => quoted('draft').test(line) && quoted('scheduled').test(line),
  'published statuses': (line) => listsOf(line).some((list) => ['sent', 'sending', 'failed'].every((s) => quoted(s).test(list))),
};

const declaredIn: Record<string, string> = {
  'role list': ROLES_DECLARED,
  'unpublished statuses': STATUSES_DECLARED,
  'published statuses': STATUSES_DECLARED,
};

function codeFiles(): string[] {
  return SEARCHED.flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .map((f) => `${dir}/${f.split('\\').join('/')}`)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('node_modules/')),
  );
}

/** `file:line: text` for every line that restates a rule outside its declaration, with the rule's name. */
function findRestatements(files: string[]): { rule: string; file: string; at: string }[] {
  const found: { rule: string; file: string; at: string }[] = [];
  for (const file of files) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    for (const [rule, restates] of Object.entries(restatements)) {
      if (file === declaredIn[rule]) continue;
      lines.forEach((line, i) => {
        if (restates(line)) found.push({ rule, file, at: `${file}:${i + 1}: ${line.trim()}` });
      });
    }
  }
  return found;
}

describe('each rule once', () => {
  it('recognises the restatements it forbids (and not the rules that name them)', () => {
    expect(restatements['role list']("inArray(users.role, ['board', 'superadmin'])")).toBe(true);
    expect(restatements['role list']("text('role', { enum: ['resident', 'board', 'superadmin'] })")).toBe(true);
    expect(restatements['role list']('inArray(users.role, PRIVILEGED_ROLES)')).toBe(false);
    expect(restatements['role list']("if (role === 'board') return hasRole(actor, 'superadmin');")).toBe(false);
    expect(restatements['unpublished statuses']("sql`${a.status} NOT IN ('draft', 'scheduled')`")).toBe(true);
    expect(restatements['unpublished statuses']("status !== 'draft' && status !== 'scheduled'")).toBe(true);
    expect(restatements['published statuses']("inArray(announcements.status, ['sent', 'sending', 'failed'])")).toBe(true);
    expect(restatements['published statuses']("sql`status IN ('failed', 'sent', 'sending')`")).toBe(true);
    expect(restatements['published statuses']('inArray(announcements.status, PUBLISHED_ANNOUNCEMENT_STATUSES)')).toBe(false);
  });

  it('searches the code', () => {
    const files = codeFiles();
    expect(files).toContain(ROLES_DECLARED);
    expect(files).toContain('client/app/App.tsx');
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
    // Each declaration holds the words the other files may not repeat.
    for (const [rule, file] of Object.entries(declaredIn)) expect(readFileSync(join(ROOT, file), 'utf8').split('\n').some(restatements[rule]), rule).toBe(true);
  });

  it('no file outside the declarations spells the privileged roles or the published statuses again', () => {
    const found = findRestatements(codeFiles());
    const unexpected = found.filter((f) => PENDING[f.file] !== f.rule).map((f) => `${f.rule} restated at ${f.at}`);
    expect(unexpected).toEqual([]);
  });

  it('every pending exception still holds what it excuses (remove it once its file is fixed)', () => {
    const found = findRestatements(codeFiles());
    const stale = Object.entries(PENDING)
      .filter(([file, rule]) => !found.some((f) => f.file === file && f.rule === rule))
      .map(([file, rule]) => `${file} no longer restates the ${rule}: remove it from PENDING`);
    expect(stale).toEqual([]);
  });
});
