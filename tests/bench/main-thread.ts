/**
 * Where a page load's main-thread time goes, by package: the V8 sampling profile Chromium writes into
 * a trace (category `disabled-by-default-v8.cpu_profiler`), each sample's innermost frame of our
 * bundle mapped through the build's source maps to the package (or our own folder) it came from.
 * Frames outside any script are Chromium's own work (`(program)`: parsing, style, layout, compiling)
 * and the garbage collector. Used by lighthouse.bench.ts with BENCH_LIGHTHOUSE_DETAIL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface TraceEvent {
  name: string;
  pid: number;
  id?: string;
  args: { data?: { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

/** The busiest sampled thread of the trace (the page's main thread): its samples as [node, µs] in time order. */
function samplesOf(events: TraceEvent[]): { nodes: Map<number, ProfileNode>; samples: [number, number][] } {
  let best: { nodes: Map<number, ProfileNode>; samples: [number, number][] } = { nodes: new Map(), samples: [] };
  for (const profile of events.filter((e) => e.name === 'Profile')) {
    const nodes = new Map<number, ProfileNode>();
    const ids: number[] = [];
    const deltas: number[] = [];
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === profile.pid)) {
      for (const n of chunk.args.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      ids.push(...(chunk.args.data?.cpuProfile?.samples ?? []));
      deltas.push(...(chunk.args.data?.timeDeltas ?? []));
    }
    // A sample lasts until the next one.
    const samples = ids.map((id, i): [number, number] => [id, Math.max(0, deltas[i + 1] ?? 0)]);
    if (samples.length > best.samples.length) best = { nodes, samples };
  }
  return best;
}

const CHROMIUM_OWN: Record<string, string> = { '(program)': 'Chromium (parse, style, layout, compile)', '(garbage collector)': 'garbage collector' };

/** Milliseconds of main-thread time per package (`app: client/lib`, `react-dom`, …), idle left out, most first. */
export function mainThreadByPackage(traceEvents: unknown[], builtDir: string): [string, number][] {
  const { nodes, samples } = samplesOf(traceEvents as TraceEvent[]);
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    const file = join(builtDir, new URL(url).pathname + '.map');
    if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    return maps.get(file)!;
  };
  const sourceOf = (frame: ProfileNode['callFrame']): string | null => {
    if (!frame.url?.startsWith('http')) return null;
    const map = mapOf(frame.url);
    if (!map) return new URL(frame.url).pathname;
    const source = originalPositionFor(map, { line: (frame.lineNumber ?? 0) + 1, column: frame.columnNumber ?? 0 }).source;
    if (!source) return 'bundle glue';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (pkg) return pkg[1];
    const ours = /(client\/(?:features|lib|app|ui)|schema|sync)\//.exec(source);
    return ours ? `app: ${ours[1]}` : source;
  };
  const packageOf = new Map<number, string>();
  const keyOf = (id: number): string => {
    let key = packageOf.get(id);
    if (key) return key;
    for (let n = nodes.get(id); n && !key; n = n.parent === undefined ? undefined : nodes.get(n.parent)) key = sourceOf(n.callFrame) ?? undefined;
    const leaf = nodes.get(id)?.callFrame.functionName ?? '';
    key ??= leaf === '(idle)' ? 'idle' : (CHROMIUM_OWN[leaf] ?? 'other native');
    packageOf.set(id, key);
    return key;
  };
  const totals = new Map<string, number>();
  for (const [id, us] of samples) totals.set(keyOf(id), (totals.get(keyOf(id)) ?? 0) + us / 1000);
  totals.delete('idle');
  return [...totals].sort((a, b) => b[1] - a[1]);
}
