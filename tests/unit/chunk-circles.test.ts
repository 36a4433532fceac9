/**
 * The build refuses chunks that import each other in a circle (vite/bundle-graph.ts `chunkCircles`,
 * run by vite.config.ts's no-chunk-circles plugin): one such circle once left screens loading forever.
 */
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { chunkCircles } from '../../vite/bundle-graph';

/** A bundle of chunks named by file, each with the files it imports statically (and dynamically). */
function bundleOf(chunks: Record<string, { imports?: string[]; dynamicImports?: string[] }>): OutputBundle {
  const entries = Object.entries(chunks).map(([fileName, { imports = [], dynamicImports = [] }]) => [
    fileName,
    { type: 'chunk', fileName, imports, dynamicImports },
  ]);
  return Object.fromEntries([...entries, ['style.css', { type: 'asset', fileName: 'style.css' }]]) as unknown as OutputBundle;
}

describe('circles between built chunks', () => {
  it('finds none in a tree of static imports', () => {
    const bundle = bundleOf({
      'index.js': { imports: ['frame.js'], dynamicImports: ['area-dues.js'] },
      'frame.js': {},
      'area-dues.js': { imports: ['area-ledger.js', 'frame.js'] },
      'area-ledger.js': { imports: ['frame.js'] },
    });
    expect(chunkCircles(bundle)).toEqual([]);
  });

  it('finds two chunks that import each other, once', () => {
    const bundle = bundleOf({
      'index.js': { imports: ['frame.js'] },
      'frame.js': {},
      'area-dues.js': { imports: ['area-ledger.js'] },
      'area-ledger.js': { imports: ['area-dues.js', 'frame.js'] },
    });
    expect(chunkCircles(bundle)).toEqual([['area-dues.js', 'area-ledger.js']]);
  });

  it('finds a longer circle with every chunk on it, and not the chunks that only reach it', () => {
    const bundle = bundleOf({
      'index.js': { imports: ['a.js'] },
      'a.js': { imports: ['b.js'] },
      'b.js': { imports: ['c.js'] },
      'c.js': { imports: ['a.js'] },
    });
    expect(chunkCircles(bundle)).toEqual([['a.js', 'b.js', 'c.js']]);
  });

  it('lets a chunk load, on demand, a chunk that imports it back', () => {
    // The usual shape of a lazy screen: the screen's chunk imports the frame, which imports it only dynamically.
    const bundle = bundleOf({
      'index.js': { dynamicImports: ['screen.js'] },
      'screen.js': { imports: ['index.js'] },
    });
    expect(chunkCircles(bundle)).toEqual([]);
  });
});
