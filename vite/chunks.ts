/**
 * How the client build is cut into chunks, by when the code is needed, so that a signed-in screen's
 * first load is a handful of requests rather than thirty-odd: HTTP/1.1 (the Node entry) sends six at
 * a time, and each wave costs a phone a round trip before the session's own request can leave.
 *
 * - the entry: what every screen runs (React, the router, the session, the route table), as one
 *   file (`index`). Left to the bundler, it was the entry and seven chunks of what it shares with
 *   the lazy chunks (React, the JSX runtime, the API client, the button…), each a request of its own
 *   in the page's first wave;
 * - `signed-in`: what every signed-in screen runs besides the entry and nothing a public screen
 *   needs: the signed-in frame, the UI kit, and what a quarter of the screens or more share (the
 *   schemas' helpers, the threads' parts). An area's own modules (its schema, its synced shapes, its
 *   hooks) go with its screens, not here: a screen loads its area's, not every area's;
 * - `sync-engine`: what only the sync engine runs (Replicache, the mutators the screens do not
 *   import themselves): it loads once the signed-in screen has painted
 *   (client/lib/replicache.ts), so a phone's first paint neither downloads nor runs it;
 * - `shared`: our modules the signed-in code shares with the public screens (the schemas' helpers,
 *   the form fields), so /login loads them without the signed-in chunk; the packages they share
 *   follow the bundler's own cut;
 * - zod: a chunk of its own, loaded after the first paint (client/lib/deferred-zod.ts);
 * - the default for the rest: one chunk per screen, plus what several screens share.
 */
import type { ChunkingContext } from 'rolldown';
import { reachable } from './bundle-graph.ts';

/** The signed-in frame (lazy in App.tsx): the boot script preloads its chunks. */
export const FRAME_ROOT = /\/client\/app\/AppLayout\.tsx$/;
/** The sync engine (lazy in replicache.ts), loaded after the first signed-in paint. */
export const SYNC_ENGINE_ROOT = /\/client\/lib\/sync-engine\.ts$/;
/** zod's members (lazy in client/lib/deferred-zod.ts), loaded once the first screen has settled. */
export const DEFERRED_ZOD_ROOT = /\/client\/lib\/zod-members\.ts$/;
/** A route's screen (lazy in its area's route table). */
const SCREEN_ROOT = /\/client\/features\/.+Page\.tsx$/;
/**
 * What this share of the screens import goes with the frame: a screen's own chunk, with what it
 * shares with a few others, then stays small, and the first load of a screen is a few requests.
 */
const SHARED_BY_SCREENS = 0.25;

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
  /** The frame and what many screens share: preloaded by the boot script once signed in. */
  signedIn: Set<string>;
  publicScreens: Set<string>;
  /** Modules only the sync engine reaches: nothing the entry, the frame or a screen imports. */
  engineOnly: Set<string>;
  /** The rest of an area's synced shapes and schemas, by the area they belong to (`area-<name>` chunks). */
  areaOf: Map<string, string>;
}

const SYNC_AREA = /\/sync\/areas\/([a-z-]+)\.ts$/;
const NOT_AN_AREA = new Set(['index', 'fields']);

/**
 * Each module of the areas' shared layer (schema/, sync/areas/) that neither the frame nor many
 * screens import, by its area: the area of its name (schema/requests.ts and sync/areas/requests.ts
 * are the requests area's), else the first by name of the areas that import it. A screen then loads its
 * area's chunk and the engine one chunk per area, not one per module.
 */
function areasOf(ids: string[], taken: (id: string) => boolean, info: (id: string) => ModuleInfo | null): Map<string, string> {
  const areas = new Map<string, string>();
  for (const id of ids) {
    const name = SYNC_AREA.exec(id)?.[1];
    if (name && !NOT_AN_AREA.has(name)) areas.set(id, name);
  }
  const reachedBy = new Map<string, string[]>();
  for (const [root, area] of [...areas].sort((a, b) => a[1].localeCompare(b[1]))) {
    for (const id of staticClosure([root], info)) {
      if (!taken(id) && /\/(schema|sync)\//.test(id) && !id.includes('/node_modules/')) reachedBy.set(id, [...(reachedBy.get(id) ?? []), area]);
    }
  }
  const areaOf = new Map<string, string>();
  for (const [id, by] of reachedBy) {
    const own = /\/([a-z-]+)\.ts$/.exec(id)?.[1];
    areaOf.set(id, own && [...areas.values()].includes(own) ? own : by[0]);
  }
  return areaOf;
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
  const screens = lazy.filter((id) => SCREEN_ROOT.test(id));
  const screensReaching = new Map<string, number>();
  for (const screen of screens) for (const id of staticClosure([screen], info)) screensReaching.set(id, (screensReaching.get(id) ?? 0) + 1);
  const widelyShared = [...screensReaching].filter(([, n]) => n >= screens.length * SHARED_BY_SCREENS).map(([id]) => id);
  const signedIn = new Set([...staticClosure(lazy.filter((id) => FRAME_ROOT.test(id)), info), ...widelyShared]);
  const publicScreens = staticClosure(lazy.filter((id) => PUBLIC_SCREENS.test(id)), info);
  const engineOnly = new Set([...engine].filter((id) => !entry.has(id) && !others.has(id)));
  const taken = (id: string) => entry.has(id) || signedIn.has(id) || publicScreens.has(id) || engineOnly.has(id);
  regions = { entry, signedIn, publicScreens, engineOnly, areaOf: areasOf(ids, taken, info) };
  return regions;
}

/** The group's name function: `sync-engine`, `area-<name>`, `index` (the entry), `signed-in`, `shared`, or null (the default chunking). */
export function chunkOf(id: string, ctx: ChunkingContext): string | null {
  const { entry, signedIn, publicScreens, engineOnly, areaOf } = regionsOf(ctx, id);
  if (engineOnly.has(id)) return 'sync-engine';
  const area = areaOf.get(id);
  if (area) return `area-${area}`;
  if (entry.has(id)) return 'index';
  if (!signedIn.has(id)) return null;
  if (!publicScreens.has(id)) return 'signed-in';
  // A package's barrel file reaches all of it, though the public screens use a few of its parts:
  // the bundler's own chunking, which follows what is used, places those.
  return id.includes('/node_modules/') ? null : 'shared';
}

/** Resets the cached regions at the start of each build (watch mode builds again in one process). */
export function resetChunkRegions() {
  regions = null;
}
