/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and later) at the top of
 * every chunk. Without it V8 compiles a function on the main thread at its first call; with it, the
 * whole chunk is compiled on a background thread while it streams in. Every chunk here is loaded when
 * its code is about to run (the entry, a screen, a dialog at its first open, the sync engine after the
 * first paint), so most of its functions run as it loads. Other browsers read a comment.
 *
 * Put first in `generateBundle`, after Vite's own lines (the entry's preload list), since the comment
 * counts only at the top of a file; `augmentChunkHash` makes it part of the file's hash, and each
 * source map gains the line.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const source = JSON.parse(String(map.source)) as { mappings: string };
            source.mappings = `;${source.mappings}`;
            map.source = JSON.stringify(source);
          }
        }
      },
    },
  };
}
