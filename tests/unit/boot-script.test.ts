/**
 * The boot script (vite/boot.ts) as a browser runs it, before the bundle: nothing without the
 * signed-in flag; with it, the signed-in chunks preloaded and the start-up refresh sent under the
 * session's Web Lock, its answer left where client/lib/session.ts takes it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { BOOT_REFRESH_KEY, REFRESH_LOCK_NAME, SIGNED_IN_KEY } from '../../client/lib/session-keys';
import { bootSource, signedInChunkFiles } from '../../vite/boot';

function runBoot(source: string, { signedIn, locks = true }: { signedIn: boolean; locks?: boolean }) {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const idle: (() => void)[] = [];
  const window: Record<string, unknown> = { requestIdleCallback: (fn: () => void) => idle.push(fn) };
  const storage = new Map(signedIn ? [[SIGNED_IN_KEY, '{"id":"u1"}']] : []);
  const localStorage = { getItem: (k: string) => storage.get(k) ?? null };
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (l: (typeof links)[number]) => links.push(l) },
  };
  const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
  const navigator = locks ? { locks: { request } } : {};
  const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
  new Function('window', 'localStorage', 'document', 'navigator', 'fetch', 'AbortSignal', source)(window, localStorage, document, navigator, fetch, AbortSignal);
  return { links, window, request, fetch, idle };
}

describe('the boot script', () => {
  const source = bootSource(['/assets/signed-in-a.js', '/assets/shared-b.js'], 'https://api.example.test');

  it('does nothing in a browser that is not signed in', () => {
    const run = runBoot(source, { signedIn: false });
    expect(run.links).toEqual([]);
    expect(run.fetch).not.toHaveBeenCalled();
    expect(run.window[BOOT_REFRESH_KEY]).toBeUndefined();
    expect(run.idle).toEqual([]);
  });

  it('loads the locale’s data once the page is idle, not before the page paints', () => {
    const run = runBoot(source, { signedIn: true });
    expect(run.idle).toHaveLength(1);
    expect(() => run.idle[0]()).not.toThrow();
  });

  it('preloads the signed-in chunks and sends the refresh under the session lock', async () => {
    const run = runBoot(source, { signedIn: true });
    expect(run.links).toEqual([
      { rel: 'modulepreload', href: '/assets/signed-in-a.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/shared-b.js', crossOrigin: '' },
    ]);
    expect(run.request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, expect.any(Function));
    expect(run.fetch).toHaveBeenCalledWith('https://api.example.test/api/auth/refresh', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    await expect(run.window[BOOT_REFRESH_KEY]).resolves.toBeInstanceOf(Response);
  });

  it('sends the refresh without a lock in a browser that has none', () => {
    const run = runBoot(source, { signedIn: true, locks: false });
    expect(run.fetch).toHaveBeenCalledTimes(1);
    expect(run.window[BOOT_REFRESH_KEY]).toBeInstanceOf(Promise);
  });
});

describe('signedInChunkFiles', () => {
  const chunk = (fileName: string, imports: string[], moduleIds: string[], isEntry = false) => ({ type: 'chunk', fileName, imports, moduleIds, isEntry });

  it('names the roots’ chunks and what they import, less what the entry already loaded', () => {
    const bundle = {
      a: chunk('assets/index.js', ['assets/api.js'], ['/r/client/main.tsx'], true),
      b: chunk('assets/api.js', [], ['/r/client/lib/api.ts']),
      c: chunk('assets/AppLayout.js', ['assets/signed-in.js', 'assets/api.js'], ['/r/client/app/AppLayout.tsx']),
      d: chunk('assets/signed-in.js', ['assets/shared.js', 'assets/index.js'], ['/r/client/lib/sync-engine.ts']),
      e: chunk('assets/shared.js', [], ['/r/schema/validation.ts']),
      f: chunk('assets/LoginPage.js', ['assets/shared.js'], ['/r/client/features/auth/LoginPage.tsx']),
      g: { type: 'asset', fileName: 'assets/index.css' },
    } as unknown as OutputBundle;
    expect(signedInChunkFiles(bundle)).toEqual(['assets/AppLayout.js', 'assets/shared.js', 'assets/signed-in.js']);
  });
});
