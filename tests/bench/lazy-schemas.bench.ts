/**
 * What `lazy()` (schema/lazy.ts) saves: the shared half (every module of schema/ and sync/) is
 * bundled twice as the browser gets it, once as written and once with `lazy` swapped for a stand-in
 * that builds at import, and each bundle is imported in a fresh Node process that prints the CPU time
 * the import took. Runs alternate between the two. Prints min, median and max of each and the load
 * average. `npx tsx tests/bench/lazy-schemas.bench.ts [runs]` (default 15).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const runs = Number(process.argv[2] ?? 15);
const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'lazy-bench-'));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const sharedModules = ['schema', 'sync'].flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(root, folder, f)),
);
const entry = join(dir, 'entry.ts');
writeFileSync(entry, sharedModules.map((file, i) => `export * as m${i} from ${JSON.stringify(file)};`).join('\n'));

// The eager stand-in: the same signature, built at once (zod configured first, as lazy does).
const eagerLazy = join(dir, 'eager-lazy.ts');
writeFileSync(
  eagerLazy,
  `import { configureZod } from ${JSON.stringify(join(root, 'schema/zod-config.ts'))};
export function lazy<T extends object>(build: () => T): T { configureZod(); return build(); }`,
);
const eager: Plugin = {
  name: 'eager-lazy',
  setup(b) {
    b.onResolve({ filter: /(^|\/)lazy$/ }, (args) => (args.importer.startsWith(root) ? { path: eagerLazy } : undefined));
  },
};

const common: BuildOptions = { entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', minify: true, logLevel: 'warning', absWorkingDir: root };
const bundles = { lazy: join(dir, 'lazy.mjs'), eager: join(dir, 'eager.mjs') };
await build({ ...common, outfile: bundles.lazy });
await build({ ...common, outfile: bundles.eager, plugins: [eager] });

const timer = join(dir, 'time.mjs');
writeFileSync(
  timer,
  `const c0 = process.cpuUsage();
await import(process.argv[2]);
const c = process.cpuUsage(c0);
console.log(((c.user + c.system) / 1000).toFixed(2));`,
);
const importMs = (file: string) => Number(execFileSync(process.execPath, [timer, file], { encoding: 'utf8' }).trim());

console.log(`${sharedModules.length} shared modules; ${runs} runs each, alternating; load average before ${load()}`);
const times: Record<keyof typeof bundles, number[]> = { lazy: [], eager: [] };
for (let i = 0; i < runs; i++) {
  for (const kind of i % 2 ? (['eager', 'lazy'] as const) : (['lazy', 'eager'] as const)) times[kind].push(importMs(bundles[kind]));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const kind of ['lazy', 'eager'] as const) {
  const xs = times[kind];
  console.log(`${kind.padEnd(5)} import CPU ms: min ${Math.min(...xs).toFixed(1)}, median ${median(xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}`);
}
console.log(`lazy saves ${(median(times.eager) - median(times.lazy)).toFixed(1)} ms of the median import; load average after ${load()}`);
rmSync(dir, { recursive: true, force: true });
