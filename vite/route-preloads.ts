/**
 * Which chunks the boot script (vite/boot.ts) preloads for the screen a page opens on. A screen's
 * chunk was asked for only once the entry had arrived and run (`Guarded` in client/app/App.tsx
 * preloads it then): on a slow phone one more round trip, and a download that started after the
 * entry's, before the screen's first paint. The boot script runs from index.html's head, so the
 * screen's chunks load beside the entry.
 *
 * The table comes from the route table itself (client/app/routes.tsx, read at build time) and the
 * bundle: a route's screen is the dynamic chunk that exports its page's `moduleExport`.
 */
import type { OutputBundle } from 'rolldown';
import { ROLES, type Role } from '../schema/roles.ts';
import { chunkGraph } from './bundle-graph.ts';
import { DEFERRED_ZOD_ROOT } from './chunks.ts';

/** Who a route's chunks are preloaded for: `visitor` (not signed in), `anyone`, or signed in with one of these roles. */
export type RouteAudience = 'visitor' | 'anyone' | Role[];

/**
 * One row of the boot script's table: the path's pattern (as the router matches it), who it is for,
 * its files (indexes into the file list), and the screen's first REST read if it declares one, its
 * `:names` written `$1`, `$2`… for the pattern's groups.
 */
export type RoutePreloadRow = [pattern: string, who: RouteAudience, files: number[], firstRead?: string];

export interface RoutePreloads {
  files: string[];
  routes: RoutePreloadRow[];
}

/** What the build needs of a route (client/app/route-def.ts `RouteDef`): its path, its guard, and the export its page's module names it by. */
export interface RouteOfTable {
  path: string;
  access: 'public' | 'open' | 'signed-in' | 'board' | 'superadmin';
  page: { moduleExport?: string };
  firstRead?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route path as the router's parser (wouter's, regexparam) matches it: `:name` one segment, a trailing slash allowed, any case. */
export function routePattern(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return `^${segments.map((s) => (s.startsWith(':') ? '/([^/]+?)' : `/${escapeRegExp(s)}`)).join('')}/?$`;
}

/**
 * A route's first read with its `:names` as the pattern's groups (`/api/requests/:id` of
 * `/requests/:id` is `/api/requests/$1`). Throws on a name the route's path lacks.
 */
export function firstReadOf(path: string, read: string): string {
  const names = path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
  return read.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const at = names.indexOf(name);
    if (at < 0) throw new Error(`route-preloads: the first read of ${path} names :${name}, which its path lacks`);
    return `$${at + 1}`;
  });
}

/** The route table's role rule (client/app/route-def.ts `roleMayOpen`). */
export type MayOpen = (access: RouteOfTable['access'], role: Role) => boolean;

/** The roles a signed-in route admits (the spec's guard rule: the superadmin passes every check). */
function audienceOf(access: RouteOfTable['access'], mayOpen: MayOpen): RouteAudience {
  if (access === 'public') return 'visitor';
  if (access === 'open') return 'anyone';
  return ROLES.filter((role) => mayOpen(access, role));
}

/**
 * The boot script's table, in the route table's order (the router takes the first match): each
 * route's screen chunk and what it imports, less what the entry loads and, for a signed-in route,
 * less the signed-in chunks the boot script preloads anyway. Throws when a page's chunk is not found
 * or not one: a table that silently missed screens would only be slower.
 */
export function routePreloads(
  routes: RouteOfTable[],
  bundle: OutputBundle,
  { signedIn, base, mayOpen }: { signedIn: string[]; base: string; mayOpen: MayOpen },
): RoutePreloads {
  const { chunks, closure } = chunkGraph(bundle);
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const signedInFiles = new Set(signedIn);
  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  // A screen with a first read shows that REST row through its area's schema: zod loads beside it.
  const zod = chunks.filter((c) => c.moduleIds.some((id) => DEFERRED_ZOD_ROOT.test(id))).map((c) => c.fileName);
  const rows = routes.map((route): RoutePreloadRow => {
    const name = route.page.moduleExport;
    if (!name) throw new Error(`route-preloads: the page of ${route.path} does not say its module's export (lazyPage)`);
    const found = chunks.filter((c) => c.isDynamicEntry && c.exports.includes(name));
    if (found.length !== 1) throw new Error(`route-preloads: ${found.length} dynamic chunks export ${name} (the page of ${route.path}); expected one`);
    const who = audienceOf(route.access, mayOpen);
    const wanted = [...closure([found[0].fileName, ...(route.firstRead ? zod : [])])].filter((file) => !entry.has(file) && !(Array.isArray(who) && signedInFiles.has(file))).sort();
    const row: RoutePreloadRow = [routePattern(route.path), who, wanted.map((file) => indexOf(`${base}${file}`))];
    if (route.firstRead) row.push(firstReadOf(route.path, route.firstRead));
    return row;
  });
  return { files, routes: rows };
}
