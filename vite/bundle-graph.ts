/** Walking the build's import graph: modules as the bundler sees them (vite/chunks.ts), chunks once written (vite/boot.ts). */
import type { OutputBundle, OutputChunk } from 'rolldown';

/** Everything `from` reaches through `next`, the starts included. */
export function reachable(from: Iterable<string>, next: (id: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(next(id) ?? []));
  }
  return seen;
}

/** A bundle's chunks, and the files `from` imports statically (themselves included). */
export function chunkGraph(bundle: OutputBundle): { chunks: OutputChunk[]; closure: (from: Iterable<string>) => Set<string> } {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  return { chunks, closure: (from) => reachable(from, (file) => byFile.get(file)?.imports) };
}

/**
 * Chunks that import themselves through other chunks' static imports, each circle's files sorted.
 * A circle between chunks makes their order of evaluation depend on which one the page asked for
 * first. The one the build had (area-ledger and area-dues, each holding a module the other used) came
 * with screens left on their Loading... fallback (docs/decisions/290-engine-preloads-in-slices.md).
 */
export function chunkCircles(bundle: OutputBundle): string[][] {
  const { chunks, closure } = chunkGraph(bundle);
  const reaches = new Map(chunks.map((c) => [c.fileName, closure(c.imports)]));
  const circles = new Map<string, string[]>();
  for (const { fileName } of chunks) {
    if (!reaches.get(fileName)!.has(fileName)) continue;
    const circle = chunks.map((c) => c.fileName).filter((other) => reaches.get(fileName)!.has(other) && reaches.get(other)!.has(fileName)).sort();
    circles.set(circle.join(' '), circle);
  }
  return [...circles.values()];
}
