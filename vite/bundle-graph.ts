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
