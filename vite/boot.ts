/**
 * The boot script: a few lines that run from index.html before the bundle, in a browser that says it
 * is signed in. On a slow phone the bundle takes a round trip and its download before it runs, and
 * the signed-in chunks and the start-up refresh waited on it; the boot script starts both at once:
 *
 * - `<link rel="modulepreload">` for the signed-in chunks (vite/chunks.ts), named at build time;
 * - the start-up refresh, under the same Web Lock the session takes, its answer left on `window` for
 *   client/lib/session.ts, which takes it instead of sending its own (`takeBootRefresh`);
 * - the locale's data, loaded once the page is idle: a page's first Intl formatter loads it (15–45 ms
 *   in Chromium here, four times that on a slow phone) and the first screen's dates and amounts built
 *   it in the middle of its render; built while the bundle downloads, they find it loaded.
 *
 * A classic script (not a module), so it runs before the deferred bundle; same origin, so the CSP's
 * script-src 'self' covers it. Without the flag it does nothing.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { API_TIMEOUT_MS, BOOT_REFRESH_KEY, REFRESH_LOCK_NAME, REFRESH_PATH, SIGNED_IN_KEY } from '../client/lib/session-keys.ts';
import { SIGNED_IN_ROOTS } from './chunks.ts';

const BOOT_FILE = 'boot.js';

/** The script's text: plain ES5-level JavaScript, so any browser that runs the app parses it. */
export function bootSource(preloads: string[], apiBase: string): string {
  return `(function () {
  var user = null;
  try { user = localStorage.getItem(${JSON.stringify(SIGNED_IN_KEY)}); } catch (e) {}
  if (!user) return;
  ${JSON.stringify(preloads)}.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.appendChild(link);
  });
  function refresh() {
    return fetch(${JSON.stringify(apiBase + REFRESH_PATH)}, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'include',
      signal: AbortSignal.timeout ? AbortSignal.timeout(${API_TIMEOUT_MS}) : undefined
    });
  }
  var sent = navigator.locks ? navigator.locks.request(${JSON.stringify(REFRESH_LOCK_NAME)}, refresh) : refresh();
  sent.catch(function () {});
  window[${JSON.stringify(BOOT_REFRESH_KEY)}] = sent;
  function loadLocale() {
    try {
      new Intl.DateTimeFormat('en-US').format(0);
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
    } catch (e) {}
  }
  if (window.requestIdleCallback) window.requestIdleCallback(loadLocale, { timeout: 1000 });
  else setTimeout(loadLocale, 0);
})();
`;
}

/** The chunks every signed-in screen loads besides the entry's: the roots' chunks and what they import. */
export function signedInChunkFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (from: OutputChunk[]) => {
    const seen = new Set<string>();
    const stack = from.map((c) => c.fileName);
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const entry = closure(chunks.filter((c) => c.isEntry));
  const roots = chunks.filter((c) => c.moduleIds.some((id) => SIGNED_IN_ROOTS.some((r) => r.test(id))));
  return [...closure(roots)].filter((file) => !entry.has(file)).sort();
}

export function bootScript(): Plugin {
  let apiBase = '';
  let base = '/';
  return {
    name: 'boot-script',
    configResolved(config) {
      apiBase = (config.env.VITE_API_URL as string | undefined) ?? '';
      base = config.base;
    },
    // The dev server has no chunks to name: the refresh only.
    configureServer(server) {
      server.middlewares.use(`/${BOOT_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(bootSource([], apiBase));
      });
    },
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `${base}${BOOT_FILE}` }, injectTo: 'head' }],
    generateBundle(_options, bundle) {
      const preloads = signedInChunkFiles(bundle as OutputBundle).map((file) => `${base}${file}`);
      this.emitFile({ type: 'asset', fileName: BOOT_FILE, source: bootSource(preloads, apiBase) });
    },
  };
}
