/**
 * The code imports one way: no module reaches itself through its imports (type-only imports
 * included, as they tie the structure too). A circle makes the import order matter (a value read
 * before its module ran) and hides which half depends on which. Tests are left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const FOLDERS = ['client', 'schema', 'sync', 'worker', 'vite'];
const isSource = (f: string) => /\.(ts|tsx)$/.test(f) && !/\.(test|d)\.tsx?$/.test(f);

const files = FOLDERS.flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true })
    .map(String)
    .filter(isSource)
    .map((f) => join(root, folder, f)),
);

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && isSource(c));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveImport(file, m[1] ?? m[2] ?? m[3]);
    if (target) found.add(target);
  }
  return [...found];
}

/** Strongly connected components of more than one file (Tarjan), or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.map((f) => relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

describe('the import structure', () => {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));

  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(300);
    // A known arrow, so a broken reader cannot pass by finding none.
    const app = graph.get(join(root, 'worker/app.ts')) ?? [];
    expect(app.map((f) => relative(root, f))).toContain('worker/deps.ts');
  });

  it('has no import circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const a = join(root, 'a.ts');
    const b = join(root, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([['a.ts', 'b.ts']]);
  });
});
