/**
 * How the client build is cut into chunks, by when the code is needed, so that a signed-in screen's
 * first load is a handful of requests rather than thirty-odd: HTTP/1.1 (the Node entry) sends six at
 * a time, and each wave costs a phone a round trip before the session's own request can leave.
 *
 * - the entry: what every screen runs (React, the router, the session, the route table);
 * - `signed-in`: what every signed-in screen runs besides the entry and nothing a public screen
 *   needs: the signed-in frame, the UI kit, what the screens share;
 * - `sync-engine`: what only the sync engine runs (Replicache, the mutators the screens do not
 *   import themselves, the photo queue): it loads once the signed-in screen has painted
 *   (client/lib/replicache.ts), so a phone's first paint neither downloads nor runs it;
 * - `shared`: our modules the signed-in code shares with the public screens (the schemas' helpers,
 *   the form fields), so /login loads them without the signed-in chunk; the packages they share
 *   (zod, Headless UI's field parts) follow the bundler's own cut;
 * - the default for the rest: one chunk per screen, plus what several screens share.
 */
import type { ChunkingContext } from 'rolldown';
import { reachable } from './bundle-graph.ts';

/** The signed-in frame (lazy in App.tsx): the boot script preloads its chunks. */
export const FRAME_ROOT = /\/client\/app\/AppLayout\.tsx$/;
/** The sync engine (lazy in replicache.ts), loaded after the first signed-in paint. */
export const SYNC_ENGINE_ROOT = /\/client\/lib\/sync-engine\.ts$/;
/** Where the signed-in code starts. */
export const SIGNED_IN_ROOTS = [FRAME_ROOT, SYNC_ENGINE_ROOT];

/**
 * The screens a signed-out visitor can open (access 'public' or 'open' in the route table). Counting a
 * signed-in screen here only moves code from `signed-in` to `shared` (both load when signed in);
 * missing a public one would make it load the signed-in chunk, which the login story checks.
 */
const PUBLIC_SCREENS = /\/client\/features\/(auth|signup|support)\/|\/client\/features\/billing\/ReactivationPage/;

type ModuleInfo = NonNullable<ReturnType<ChunkingContext['getModuleInfo']>>;

/** The modules `from` reaches through static imports (itself included). */
const staticClosure = (from: string[], info: (id: string) => ModuleInfo | null): Set<string> => reachable(from, (id) => info(id)?.importedIds);

interface Regions {
  entry: Set<string>;
  signedIn: Set<string>;
  publicScreens: Set<string>;
  /** Modules only the sync engine reaches: nothing the entry, the frame or a screen imports. */
  engineOnly: Set<string>;
}

let regions: Regions | null = null;

/** The three regions, computed once per build from the module graph as the bundler sees it. */
function regionsOf(ctx: ChunkingContext, anyId: string): Regions {
  if (regions) return regions;
  const info = (id: string) => ctx.getModuleInfo(id);
  // Every module is reachable from the entry through static or dynamic imports.
  const all = reachable([anyId], (id) => {
    const m = info(id);
    return m ? [...m.importedIds, ...m.dynamicallyImportedIds, ...m.importers, ...m.dynamicImporters] : [];
  });
  const ids = [...all];
  const lazy = ids.filter((id) => (info(id)?.dynamicImporters.length ?? 0) > 0);
  const entry = staticClosure(ids.filter((id) => info(id)?.isEntry), info);
  const engine = staticClosure(lazy.filter((id) => SYNC_ENGINE_ROOT.test(id)), info);
  const others = staticClosure(lazy.filter((id) => !SYNC_ENGINE_ROOT.test(id)), info);
  regions = {
    entry,
    signedIn: staticClosure(lazy.filter((id) => SIGNED_IN_ROOTS.some((r) => r.test(id))), info),
    publicScreens: staticClosure(lazy.filter((id) => PUBLIC_SCREENS.test(id)), info),
    engineOnly: new Set([...engine].filter((id) => !entry.has(id) && !others.has(id))),
  };
  return regions;
}

/** The group's name function: `sync-engine`, `signed-in`, `shared`, or null (the default chunking). */
export function chunkOf(id: string, ctx: ChunkingContext): string | null {
  const { entry, signedIn, publicScreens, engineOnly } = regionsOf(ctx, id);
  if (engineOnly.has(id)) return 'sync-engine';
  if (entry.has(id) || !signedIn.has(id)) return null;
  if (!publicScreens.has(id)) return 'signed-in';
  // A package's barrel file reaches all of it, though the public screens use a few of its parts:
  // the bundler's own chunking, which follows what is used, places those.
  return id.includes('/node_modules/') ? null : 'shared';
}

/** Resets the cached regions at the start of each build (watch mode builds again in one process). */
export function resetChunkRegions() {
  regions = null;
}
