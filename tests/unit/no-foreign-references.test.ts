/**
 * Comments point only where a reader of this repository can follow: the rule said in words, or the
 * project's own docs (docs/areas.md, docs/security.md, docs/decisions/NNN-*.md). The product spec's
 * sections, ARCHITECTURE.md, DESIGN.md and issue numbers live outside the repository, so a comment in
 * client/, schema/, sync/ or worker/ (tests included) and any line of docs/ may not cite them. Strings
 * are not comments: a text the app shows stays as the spec words it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const CODE_DIRS = ['client', 'schema', 'sync', 'worker'];
const DOCS_DIR = 'docs';

/** What a reader of the repository cannot open, by name. */
const FOREIGN: Record<string, RegExp> = {
  'a section of the product spec': /§/,
  'ARCHITECTURE.md': /\bARCHITECTURE\.md\b/,
  'DESIGN.md': /\bDESIGN\.md\b/,
  'an issue number': /\bissues? #?\d/i,
};

const citationsIn = (text: string) => Object.keys(FOREIGN).filter((name) => FOREIGN[name].test(text));

function filesUnder(dir: string, ending: RegExp): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .map((f) => `${dir}/${f.split('\\').join('/')}`)
    .filter((f) => ending.test(f) && !f.includes('node_modules/'));
}

/** Every comment of a TypeScript file, with the line it starts on (JSX `{/* … *\/}` included, strings and JSX text not). */
function tsComments(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) ranges.set(r.pos, r);
    for (const r of ts.getTrailingCommentRanges(text, node.end) ?? []) ranges.set(r.pos, r);
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...ranges.values()].map((r) => ({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) }));
}

/** Every `/* … *\/` comment of a stylesheet, with the line it starts on. */
function cssComments(text: string): { line: number; text: string }[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: text.slice(0, m.index).split('\n').length, text: m[0] }));
}

/** `file:line: what it cites` for each comment line (each docs line) that cites what the repository does not hold. */
function foreignCitations(): string[] {
  const found: string[] = [];
  const report = (file: string, firstLine: number, text: string) =>
    text.split('\n').forEach((line, i) => {
      for (const name of citationsIn(line)) found.push(`${file}:${firstLine + i}: ${name}: ${line.trim()}`);
    });
  for (const file of CODE_DIRS.flatMap((dir) => filesUnder(dir, /\.(tsx?|css)$/))) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // Parsing is the slow part: only a file that holds a citation anywhere is read comment by comment.
    if (citationsIn(text).length === 0) continue;
    const comments = file.endsWith('.css') ? cssComments(text) : tsComments(file, text);
    for (const c of comments) report(file, c.line, c.text);
  }
  for (const file of filesUnder(DOCS_DIR, /\.md$/)) report(file, 1, readFileSync(join(ROOT, file), 'utf8'));
  return found;
}

describe('no references a reader of the repository cannot open', () => {
  it('recognises each kind of citation, and not the words that merely look alike', () => {
    expect(citationsIn('Board and superadmin only (community \u00a76).')).toEqual(['a section of the product spec']);
    expect(citationsIn('Provider calls stay outside transactions (ARCHITECTURE.md, side effects).')).toEqual(['ARCHITECTURE.md']);
    expect(citationsIn('The detail screen of DESIGN.md.')).toEqual(['DESIGN.md']);
    expect(citationsIn('Unfinished signups hold nothing (Issue 35).')).toEqual(['an issue number']);
    expect(citationsIn('as asked in issue #12')).toEqual(['an issue number']);
    expect(citationsIn('Issuing a violation: board and superadmin only; the key is issued to 1 user.')).toEqual([]);
    expect(citationsIn('docs/decisions/180-unfinished-signup-holds-nothing.md')).toEqual([]);
  });

  it('reads comments, not strings or JSX text', () => {
    const text = [
      '// a comment that cites issue 36',
      "const shown = 'spec \u00a75 stays in a string';",
      'const el = <p>issue 7 in JSX text {/* DESIGN.md in a JSX comment */}</p>;',
      'const url = "https://example.com/issue 9"; /* trailing \u00a78 */',
    ].join('\n');
    const cited = tsComments('x.tsx', text).flatMap((c) => citationsIn(c.text).map((name) => `${c.line}: ${name}`));
    expect(cited.sort()).toEqual(['1: an issue number', '3: DESIGN.md', '4: a section of the product spec']);
  });

  it('finds none in client/, schema/, sync/, worker/ comments or in docs/', () => {
    expect(foreignCitations()).toEqual([]);
  });
});
