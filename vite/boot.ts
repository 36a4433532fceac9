/**
 * The boot script: a few lines that run from index.html before the bundle, in a browser that says it
 * is signed in. On a slow phone the bundle takes a round trip and its download before it runs, and
 * the signed-in chunks and the start-up refresh waited on it; the boot script starts both at once:
 *
 * - `<link rel="modulepreload">` for the chunks of the screen the page opens on
 *   (vite/route-preloads.ts), also for a visitor, and for the signed-in chunks (vite/chunks.ts),
 *   named at build time;
 * - the start-up refresh, its answer left on `window` for client/lib/session.ts, which takes it instead
 *   of sending its own (`takeBootRefresh`). Sent at once, not under the Web Lock the session's later
 *   refreshes take: on a reload Chromium granted that lock 13–60 ms after the script ran, and the
 *   refresh is what the first screen waits for. Two tabs starting together may each send one; the
 *   server answers a token rotated moments ago with the family's live token (worker/domain/auth.ts
 *   `refresh`), so both end with the same valid session;
 * - the screen's first REST read when its route declares one (`firstRead`, a detail screen's row),
 *   sent with the refresh's token as soon as it answers, left on `window` for client/lib/boot-reads.ts:
 *   the screen read it only once its code had arrived and run, one more round trip before its paint;
 *
 * It no longer loads the locale's data: the screens write their dates and amounts without Intl
 * (schema/en-us.ts), and that task was the longest of a phone's start (docs/decisions/278-en-us-without-intl.md).
 *
 * A classic script loaded `async`, first in the head: it runs as soon as it arrives, while the larger
 * bundle still downloads (a module runs only once the page is parsed), and the splash paints
 * without waiting for it. Should the bundle start first all the same, the session marks the refresh
 * as taken and this script sends none (client/lib/session.ts `takeBootRefresh`). Deferred instead,
 * it ran just before the bundle, and its refresh, granted its lock in a later task, left only after
 * the bundle had run. Same origin, so the CSP's script-src 'self' covers it. Without the flag it only preloads a public screen's chunks.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { API_TIMEOUT_MS, BOOT_READS_KEY, BOOT_REFRESH_KEY, ENGINE_CHUNKS_KEY, REFRESH_PATH, SIGNED_IN_KEY } from '../client/lib/session-keys.ts';
import { chunkGraph } from './bundle-graph.ts';
import { FRAME_ROOT, SYNC_ENGINE_ROOT } from './chunks.ts';
import { routePreloads, type MayOpen, type RouteOfTable, type RoutePreloads } from './route-preloads.ts';

const BOOT_FILE = 'boot.js';

/** The script's text: plain ES5-level JavaScript, so any browser that runs the app parses it. */
export function bootSource(preloads: string[], apiBase: string, screens: RoutePreloads = { files: [], routes: [] }, engine: string[] = []): string {
  const key = JSON.stringify(BOOT_REFRESH_KEY);
  return `(function () {
  window[${JSON.stringify(ENGINE_CHUNKS_KEY)}] = ${JSON.stringify(engine)};
  var user = null;
  var role = null;
  try {
    user = localStorage.getItem(${JSON.stringify(SIGNED_IN_KEY)});
    role = user && JSON.parse(user).role;
  } catch (e) {}
  // The refresh first, then the preloads: it is what the first screen waits for. None if the app
  // started first and sent its own (this script loads async).
  var refreshing = !!user && window[${key}] !== false;
  if (refreshing) {
    var sent = fetch(${JSON.stringify(apiBase + REFRESH_PATH)}, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'include',
      signal: AbortSignal.timeout ? AbortSignal.timeout(${API_TIMEOUT_MS}) : undefined
    });
    sent.catch(function () {});
    window[${key}] = sent;
  }
  // The screen's first read, with the token \`refresh\` brings (its answer read from a copy: the
  // session reads the body too).
  function readFirst(refresh, template, found) {
    var path = template.replace(/\\$(\\d)/g, function (_, n) { return found[n]; });
    var read = refresh.then(function (res) {
      if (!res.ok) throw new Error('no session');
      return res.clone().json();
    }).then(function (session) {
      return fetch(${JSON.stringify(apiBase)} + path, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + session.accessToken },
        credentials: 'include',
        signal: AbortSignal.timeout ? AbortSignal.timeout(${API_TIMEOUT_MS}) : undefined
      });
    });
    read.catch(function () {});
    var reads = {};
    reads[path] = read;
    window[${JSON.stringify(BOOT_READS_KEY)}] = reads;
  }
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.appendChild(link);
  }
  if (user) ${JSON.stringify(preloads)}.forEach(preload);
  // The screen the page opens on: the first route whose pattern matches, if this browser may open it.
  var screens = ${JSON.stringify(screens)};
  for (var i = 0; i < screens.routes.length; i++) {
    var route = screens.routes[i];
    if (!new RegExp(route[0], 'i').test(location.pathname)) continue;
    var who = route[1];
    if (who === 'anyone' || (who === 'visitor' ? !user : !!user && who.indexOf(role) >= 0)) {
      route[2].forEach(function (file) { preload(screens.files[file]); });
      if (refreshing && route[3]) readFirst(sent, route[3], location.pathname.match(new RegExp(route[0], 'i')));
    }
    break;
  }
})();
`;
}

/** The chunks holding the modules `root` matches and what they import, less the entry's and `loaded`, sorted. */
function chunkFilesFrom(bundle: OutputBundle, root: RegExp, loaded: readonly string[] = []): string[] {
  const { chunks, closure } = chunkGraph(bundle);
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const roots = chunks.filter((c) => c.moduleIds.some((id) => root.test(id)));
  return [...closure(roots.map((c) => c.fileName))].filter((file) => !entry.has(file) && !loaded.includes(file)).sort();
}

/**
 * The chunks every signed-in screen loads before its first paint besides the entry's: the frame's
 * chunk and what it imports. The sync engine's are not among them: it loads after that paint.
 */
export const signedInChunkFiles = (bundle: OutputBundle): string[] => chunkFilesFrom(bundle, FRAME_ROOT);

/**
 * The sync engine's chunks besides the entry's and the frame's (which the boot script preloads): the
 * app preloads them a few per task before it imports the engine (client/lib/replicache.ts).
 */
export const engineChunkFiles = (bundle: OutputBundle, signedIn: readonly string[]): string[] => chunkFilesFrom(bundle, SYNC_ENGINE_ROOT, signedIn);

/** The route table and its role rule, read from the client's source (Node runs it: it is plain data and lazy screens). */
async function readRouteTable(clientRoot: string): Promise<{ routes: RouteOfTable[]; mayOpen: MayOpen }> {
  const load = <T>(file: string) => tsImport(pathToFileURL(join(clientRoot, file)).href, import.meta.url) as Promise<T>;
  const [{ ROUTES }, { roleMayOpen }] = await Promise.all([
    load<{ ROUTES: RouteOfTable[] }>('app/routes.tsx'),
    load<{ roleMayOpen: MayOpen }>('app/route-def.ts'),
  ]);
  return { routes: ROUTES, mayOpen: roleMayOpen };
}

export function bootScript(): Plugin {
  let apiBase = '';
  let base = '/';
  let clientRoot = '';
  return {
    name: 'boot-script',
    configResolved(config) {
      apiBase = (config.env.VITE_API_URL as string | undefined) ?? '';
      base = config.base;
      clientRoot = config.root;
    },
    // The dev server has no chunks to name: the refresh only.
    configureServer(server) {
      server.middlewares.use(`/${BOOT_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(bootSource([], apiBase));
      });
    },
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `${base}${BOOT_FILE}`, async: true }, injectTo: 'head-prepend' }],
    // After the page is written (`order: 'post'`): the built script is an asset named by its hash,
    // kept by the browser for good like the chunks (no round trip to revalidate it, nor through the
    // service worker), so on a reload it runs as soon as the page's head is parsed, and its refresh
    // leaves sooner. The page, revalidated every time, names the script of its own build.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const signedIn = signedInChunkFiles(bundle as OutputBundle);
        const { routes, mayOpen } = await readRouteTable(clientRoot);
        const screens = routePreloads(routes, bundle as OutputBundle, { signedIn, base, mayOpen });
        const urls = (files: string[]) => files.map((file) => `${base}${file}`);
        const engine = engineChunkFiles(bundle as OutputBundle, signedIn);
        const ref = this.emitFile({ type: 'asset', name: BOOT_FILE, source: bootSource(urls(signedIn), apiBase, screens, urls(engine)) });
        const page = bundle['index.html'];
        const placeholder = `src="${base}${BOOT_FILE}"`;
        if (page?.type !== 'asset' || !String(page.source).includes(placeholder)) this.error(`index.html does not load ${base}${BOOT_FILE}`);
        page.source = String(page.source).replace(placeholder, `src="${base}${this.getFileName(ref)}"`);
      },
    },
  };
}
