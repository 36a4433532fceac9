/**
 * The compile hint (vite/compile-hints.ts): first in every chunk, after the bundler's own lines,
 * part of the chunk's hash, and the source maps still point at the right lines.
 */
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { COMPILE_HINT, compileHints } from '../../vite/compile-hints';

type Hook = (...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'augmentChunkHash' | 'generateBundle'): Hook => {
  const h = plugin[name] as Hook | { handler: Hook };
  return typeof h === 'function' ? h : h.handler;
};

describe('the compile hint', () => {
  const plugin = compileHints();

  it('goes first in each chunk, above the preload list Vite writes into the entry, and the maps gain its line', () => {
    const entry = { type: 'chunk', isEntry: true, fileName: 'assets/index-a.js', code: 'const __vite__mapDeps=()=>[];\nimport"./b.js";', map: { mappings: 'AAAA' } };
    const screen = { type: 'chunk', isEntry: false, fileName: 'assets/UsersPage-b.js', code: 'export{}', map: null };
    const entryMap = { type: 'asset', fileName: 'assets/index-a.js.map', source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }) };
    const css = { type: 'asset', fileName: 'assets/index-c.css', source: 'body{}' };
    const bundle = { [entry.fileName]: entry, [screen.fileName]: screen, [entryMap.fileName]: entryMap, [css.fileName]: css };
    hook(plugin, 'generateBundle').call({}, {}, bundle);
    expect(entry.code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=()=>[];\nimport"./b.js";`);
    expect(screen.code).toBe(`${COMPILE_HINT}\nexport{}`);
    expect(entry.map.mappings).toBe(';AAAA');
    expect(JSON.parse(entryMap.source).mappings).toBe(';AAAA;AACA');
    expect(css.source).toBe('body{}');
  });

  it('is part of each chunk’s hash, so a file with it never shares a name with one without', () => {
    expect(hook(plugin, 'augmentChunkHash')({ isEntry: true, fileName: 'assets/index-a.js' })).toBe(COMPILE_HINT);
    expect(hook(plugin, 'augmentChunkHash')({ isEntry: false, fileName: 'assets/UsersPage-b.js' })).toBe(COMPILE_HINT);
  });
});
