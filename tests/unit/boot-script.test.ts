/**
 * The boot script (vite/boot.ts) as a browser runs it, before the bundle: the opened screen's chunks
 * preloaded for whoever may open it; with the signed-in flag also the signed-in chunks, and the
 * start-up refresh sent at once (not under the session's Web Lock), its answer left where
 * client/lib/session.ts takes it; and a screen's first read sent with the refresh's token.
 */
import { parse as routerPattern } from 'regexparam';
import { describe, expect, it, vi } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { roleMayOpen } from '../../client/app/route-def';
import { ROUTES } from '../../client/app/routes';
import { BOOT_READS_KEY, BOOT_REFRESH_KEY, SIGNED_IN_KEY } from '../../client/lib/session-keys';
import type { Role } from '../../schema/roles';
import { bootSource, engineChunkFiles, signedInChunkFiles } from '../../vite/boot';
import { firstReadOf, routePattern, routePreloads, type RouteOfTable } from '../../vite/route-preloads';

function runBoot(
  source: string,
  { signedIn, role = 'resident', path = '/', appStarted = false }: { signedIn: boolean; role?: Role; path?: string; appStarted?: boolean },
) {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  /** Tasks the script posts (setTimeout), run by the test. */
  const later: (() => void)[] = [];
  const setTimeout = (fn: () => void) => later.push(fn);
  const window: Record<string, unknown> = {};
  // What client/lib/session.ts leaves once it has started.
  if (appStarted) window[BOOT_REFRESH_KEY] = false;
  const storage = new Map(signedIn ? [[SIGNED_IN_KEY, JSON.stringify({ id: 'u1', role })]] : []);
  const localStorage = { getItem: (k: string) => storage.get(k) ?? null };
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (l: (typeof links)[number]) => links.push(l) },
  };
  // A browser with Web Locks: the script does not wait for the session's.
  const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
  const navigator = { locks: { request } };
  // The refresh answers with a token; any other call with its path.
  const fetch = vi.fn(async (url: string) => (url.endsWith('/api/auth/refresh') ? Response.json({ accessToken: 'token-1' }) : Response.json({ read: url })));
  const location = { pathname: path };
  new Function('window', 'localStorage', 'document', 'navigator', 'fetch', 'AbortSignal', 'location', 'setTimeout', source)(window, localStorage, document, navigator, fetch, AbortSignal, location, setTimeout);
  return { links, window, request, fetch, later };
}

describe('the boot script', () => {
  const source = bootSource(['/assets/signed-in-a.js', '/assets/shared-b.js'], 'https://api.example.test');

  it('does nothing in a browser that is not signed in', () => {
    const run = runBoot(source, { signedIn: false });
    expect(run.links).toEqual([]);
    expect(run.fetch).not.toHaveBeenCalled();
    expect(run.window[BOOT_REFRESH_KEY]).toBeUndefined();
    expect(run.later).toEqual([]);
  });

  it('posts no later task and builds no Intl formatter: the screens need no locale data to paint', () => {
    const run = runBoot(source, { signedIn: true });
    expect(run.fetch).toHaveBeenCalledTimes(1);
    expect(run.links.length).toBeGreaterThan(0);
    expect(run.later).toEqual([]);
    expect(source).not.toMatch(/\bIntl\b|toLocale/);
  });

  it('preloads the signed-in chunks and sends the refresh at once, not waiting for the session lock', async () => {
    const run = runBoot(source, { signedIn: true });
    expect(run.links).toEqual([
      { rel: 'modulepreload', href: '/assets/signed-in-a.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/shared-b.js', crossOrigin: '' },
    ]);
    expect(run.request).not.toHaveBeenCalled();
    expect(run.fetch).toHaveBeenCalledWith('https://api.example.test/api/auth/refresh', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    await expect(run.window[BOOT_REFRESH_KEY]).resolves.toBeInstanceOf(Response);
  });

  it('sends no refresh when the app started first and sent its own (the script loads async)', () => {
    const run = runBoot(source, { signedIn: true, appStarted: true });
    expect(run.links.map((l) => l.href)).toEqual(['/assets/signed-in-a.js', '/assets/shared-b.js']);
    expect(run.fetch).not.toHaveBeenCalled();
    expect(run.window[BOOT_REFRESH_KEY]).toBe(false);
  });
});

describe('signedInChunkFiles', () => {
  const chunk = (fileName: string, imports: string[], moduleIds: string[], isEntry = false) => ({ type: 'chunk', fileName, imports, moduleIds, isEntry });

  it('names the frame’s chunk and what it imports, less what the entry already loaded and the sync engine’s', () => {
    const bundle = {
      a: chunk('assets/index.js', ['assets/api.js'], ['/r/client/main.tsx'], true),
      b: chunk('assets/api.js', [], ['/r/client/lib/api.ts']),
      c: chunk('assets/AppLayout.js', ['assets/signed-in.js', 'assets/api.js'], ['/r/client/app/AppLayout.tsx']),
      d: chunk('assets/signed-in.js', ['assets/shared.js', 'assets/index.js'], ['/r/client/app/TopNav.tsx']),
      e: chunk('assets/shared.js', [], ['/r/schema/validation.ts']),
      f: chunk('assets/LoginPage.js', ['assets/shared.js'], ['/r/client/features/auth/LoginPage.tsx']),
      g: { type: 'asset', fileName: 'assets/index.css' },
      // Loaded after the first signed-in paint (client/lib/replicache.ts), so never preloaded.
      h: chunk('assets/sync-engine.js', ['assets/signed-in.js', 'assets/replicache.js'], ['/r/client/lib/sync-engine.ts']),
      i: chunk('assets/replicache.js', [], ['/r/node_modules/replicache/out/replicache.js']),
    } as unknown as OutputBundle;
    expect(signedInChunkFiles(bundle)).toEqual(['assets/AppLayout.js', 'assets/shared.js', 'assets/signed-in.js']);
    // The engine's own, for the app to preload a few per task before it imports the engine.
    expect(engineChunkFiles(bundle, signedInChunkFiles(bundle))).toEqual(['assets/replicache.js', 'assets/sync-engine.js']);
  });
});

const screenChunk = (fileName: string, imports: string[], { exports = [], isEntry = false, moduleIds = [] }: { exports?: string[]; isEntry?: boolean; moduleIds?: string[] } = {}) => ({
  type: 'chunk',
  fileName,
  imports,
  exports,
  moduleIds,
  isEntry,
  isDynamicEntry: exports.length > 0,
});

describe('the screen the page opens on', () => {
  const bundle = {
    a: screenChunk('assets/index.js', ['assets/api.js'], { isEntry: true }),
    b: screenChunk('assets/api.js', []),
    c: screenChunk('assets/signed-in.js', ['assets/api.js']),
    d: screenChunk('assets/RequestsPage.js', ['assets/signed-in.js', 'assets/use-requests.js', 'assets/api.js'], { exports: ['RequestsPage'] }),
    e: screenChunk('assets/use-requests.js', ['assets/signed-in.js']),
    f: screenChunk('assets/LoginPage.js', ['assets/form.js'], { exports: ['LoginPage'] }),
    g: screenChunk('assets/form.js', []),
    h: screenChunk('assets/UsersPage.js', [], { exports: ['UsersPage'] }),
    i: { type: 'asset', fileName: 'assets/index.css' },
    // zod, loaded after the first paint (client/lib/deferred-zod.ts) but with a screen that shows a REST row.
    j: screenChunk('assets/zod-members.js', [], { moduleIds: ['/app/client/lib/zod-members.ts'] }),
  } as unknown as OutputBundle;
  const routes: RouteOfTable[] = [
    { path: '/login', access: 'public', page: { moduleExport: 'LoginPage' } },
    { path: '/requests/:id', access: 'signed-in', page: { moduleExport: 'RequestsPage' }, firstRead: '/api/requests/:id' },
    { path: '/users', access: 'board', page: { moduleExport: 'UsersPage' }, firstRead: '/api/users' },
  ];
  const screens = routePreloads(routes, bundle, { signedIn: ['assets/signed-in.js'], base: '/', mayOpen: roleMayOpen });
  const source = bootSource(['/assets/signed-in.js'], '', screens);
  const hrefs = (run: ReturnType<typeof runBoot>) => run.links.map((l) => l.href);

  it('names each screen’s chunk and what it imports, less the entry’s and, signed in, the signed-in chunks; zod’s with a first read', () => {
    const filesOf = (i: number) => screens.routes[i][2].map((f) => screens.files[f]);
    expect(filesOf(0)).toEqual(['/assets/LoginPage.js', '/assets/form.js']);
    expect(filesOf(1)).toEqual(['/assets/RequestsPage.js', '/assets/use-requests.js', '/assets/zod-members.js']);
    expect(filesOf(2)).toEqual(['/assets/UsersPage.js', '/assets/zod-members.js']);
    expect(screens.routes.map((r) => r[1])).toEqual(['visitor', ['resident', 'board', 'superadmin'], ['board', 'superadmin']]);
  });

  it('preloads them for whoever may open the screen: a visitor the public ones, a member those of their role', () => {
    expect(hrefs(runBoot(source, { signedIn: false, path: '/login' }))).toEqual(['/assets/LoginPage.js', '/assets/form.js']);
    // A signed-in visitor of /login is sent on: nothing of the login screen.
    expect(hrefs(runBoot(source, { signedIn: true, path: '/login' }))).toEqual(['/assets/signed-in.js']);
    expect(hrefs(runBoot(source, { signedIn: true, path: '/requests/r-1' }))).toEqual(['/assets/signed-in.js', '/assets/RequestsPage.js', '/assets/use-requests.js', '/assets/zod-members.js']);
    expect(hrefs(runBoot(source, { signedIn: false, path: '/requests/r-1' }))).toEqual([]);
    expect(hrefs(runBoot(source, { signedIn: true, role: 'resident', path: '/users' }))).toEqual(['/assets/signed-in.js']);
    expect(hrefs(runBoot(source, { signedIn: true, role: 'superadmin', path: '/users/' }))).toEqual(['/assets/signed-in.js', '/assets/UsersPage.js', '/assets/zod-members.js']);
    expect(hrefs(runBoot(source, { signedIn: true, path: '/nowhere' }))).toEqual(['/assets/signed-in.js']);
  });

  it('sends the screen’s first read with the token the refresh brings, and leaves the refresh’s answer whole for the session', async () => {
    const run = runBoot(source, { signedIn: true, path: '/requests/r-1' });
    const reads = run.window[BOOT_READS_KEY] as Record<string, Promise<Response>>;
    expect(Object.keys(reads)).toEqual(['/api/requests/r-1']);
    expect(await (await reads['/api/requests/r-1']).json()).toEqual({ read: '/api/requests/r-1' });
    expect(run.fetch).toHaveBeenLastCalledWith('/api/requests/r-1', expect.objectContaining({ credentials: 'include', headers: expect.objectContaining({ Authorization: 'Bearer token-1' }) }));
    // The session reads the refresh's own body after the script read its copy.
    expect(await ((await run.window[BOOT_REFRESH_KEY]) as Response).json()).toEqual({ accessToken: 'token-1' });
  });

  it('sends no first read without a refresh, nor for a role the route turns away', () => {
    expect(runBoot(source, { signedIn: true, path: '/requests/r-1', appStarted: true }).window[BOOT_READS_KEY]).toBeUndefined();
    expect(runBoot(source, { signedIn: false, path: '/requests/r-1' }).window[BOOT_READS_KEY]).toBeUndefined();
    expect(runBoot(source, { signedIn: true, role: 'resident', path: '/users' }).window[BOOT_READS_KEY]).toBeUndefined();
    expect(Object.keys(runBoot(source, { signedIn: true, role: 'board', path: '/users' }).window[BOOT_READS_KEY] as object)).toEqual(['/api/users']);
  });

  it('writes a first read’s names as the pattern’s groups, and refuses a name the path lacks', () => {
    expect(firstReadOf('/compliance/:id/letters/:letterId', '/api/violations/:id/letters/:letterId')).toBe('/api/violations/$1/letters/$2');
    expect(firstReadOf('/compliance/fine-schedule', '/api/violations/fine-schedules')).toBe('/api/violations/fine-schedules');
    expect(() => firstReadOf('/requests/:id', '/api/requests/:requestId')).toThrow(/names :requestId/);
  });

  it('refuses a page the bundle has no chunk for, rather than leave a screen out', () => {
    const missing: RouteOfTable[] = [{ path: '/x', access: 'open', page: { moduleExport: 'NoSuchPage' } }];
    expect(() => routePreloads(missing, bundle, { signedIn: [], base: '/', mayOpen: roleMayOpen })).toThrow(/0 dynamic chunks export NoSuchPage/);
  });

  it('matches a path to the route the router picks, for every route of the app', () => {
    const first = (path: string, matches: (route: (typeof ROUTES)[number], path: string) => boolean) => ROUTES.findIndex((r) => matches(r, path));
    for (const route of ROUTES) {
      const sample = route.path.replace(/:[^/]+/g, 'a1-B2');
      for (const path of [sample, `${sample}/`.replace('//', '/'), sample.toUpperCase()]) {
        expect(first(path, (r, p) => new RegExp(routePattern(r.path), 'i').test(p)), path).toBe(first(path, (r, p) => routerPattern(r.path).pattern.test(p)));
      }
      expect((route.page as { moduleExport?: string }).moduleExport, route.path).toMatch(/Page$/);
    }
  });
});
