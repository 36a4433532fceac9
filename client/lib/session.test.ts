/**
 * The session and the API client without a browser: the start-up refresh and its fail-safe,
 * the proactive refresh timing, one refresh and one retry on 401, and the rule that only a
 * server rejection of the refresh signs the user out (a network failure does not).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '../../schema/auth';

const MINUTE = 60_000;
const user = { _id: 'u1', id: 'u1', name: 'Ben Board', email: 'board@maplegrove.test', role: 'board' } as ApiUser;

/** A JWT-shaped token whose `exp` is `inMs` from now (only the payload matters to the client). */
function token(inMs: number, tag = 'a') {
  const payload = btoa(JSON.stringify({ exp: Math.floor((Date.now() + inMs) / 1000), tag })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    key: (i) => [...m.keys()][i] ?? null,
  };
}

type Handler = (url: string, init: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

/** Fresh modules and browser globals for each test. */
async function load(signedInUser: ApiUser | null = null) {
  vi.resetModules();
  const localStorage = memoryStorage();
  if (signedInUser) localStorage.setItem('hoa.signedIn', JSON.stringify(signedInUser));
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('window', { addEventListener: () => {} });
  vi.stubGlobal('document', { addEventListener: () => {}, visibilityState: 'visible' });
  vi.stubGlobal('BroadcastChannel', undefined);
  vi.stubGlobal('navigator', {});
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
  const session = await import('./session');
  const api = await import('./api');
  return { session, api, localStorage };
}

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);
const authHeader = (i: number) => (fetchMock.mock.calls[i][1].headers as Record<string, string>).Authorization;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('token timing', () => {
  it('refreshes 5 minutes before expiry, but never sooner than 1 minute from now', async () => {
    const { session } = await load();
    // `exp` has whole seconds, so allow a second of rounding.
    expect(Math.abs(session.refreshDelay(token(15 * MINUTE)) - 10 * MINUTE)).toBeLessThan(1000);
    expect(session.refreshDelay(token(3 * MINUTE))).toBe(MINUTE);
    expect(session.refreshDelay('not-a-jwt')).toBe(MINUTE);
  });

  it('refreshes on its own ahead of expiry after sign-in', async () => {
    const { session } = await load();
    session.startSession();
    session.signIn({ accessToken: token(15 * MINUTE), user });
    fetchMock.mockResolvedValue(json(200, { accessToken: token(15 * MINUTE, 'b'), user }));
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(calls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(MINUTE + 1000);
    expect(calls()).toEqual(['POST /api/auth/refresh']);
  });
});

describe('start-up', () => {
  it('is signed out at once without the browser flag', async () => {
    const { session } = await load();
    session.startSession();
    expect(session.store.get(session.sessionAtom)).toEqual({ status: 'anonymous' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes when the flag says signed in', async () => {
    const { session } = await load(user);
    fetchMock.mockResolvedValue(json(200, { accessToken: token(15 * MINUTE), user }));
    session.startSession();
    expect(session.store.get(session.sessionAtom).status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(session.store.get(session.sessionAtom)).toMatchObject({ status: 'authenticated', user: { email: user.email } });
    expect(calls()).toEqual(['POST /api/auth/refresh']);
  });

  it('clears the session and browser storage when the server rejects the refresh', async () => {
    const { session, localStorage } = await load(user);
    localStorage.setItem('other', 'x');
    fetchMock.mockResolvedValue(json(401, { message: 'Session expired' }));
    session.startSession();
    await vi.advanceTimersByTimeAsync(0);
    // Expired, not signed out: the sign-in screen says 'Session expired'.
    expect(session.store.get(session.sessionAtom)).toEqual({ status: 'anonymous', expired: true });
    expect(localStorage.length).toBe(0);
  });

  it('stays signed in with the cached user when the server cannot be reached, and retries', async () => {
    const { session, localStorage } = await load(user);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    session.startSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.store.get(session.sessionAtom)).toMatchObject({ status: 'authenticated', accessToken: null, user: { email: user.email } });
    expect(localStorage.getItem('hoa.signedIn')).not.toBeNull();

    fetchMock.mockResolvedValueOnce(json(200, { accessToken: token(15 * MINUTE), user }));
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(calls()).toEqual(['POST /api/auth/refresh', 'POST /api/auth/refresh']);
    expect(session.store.get(session.sessionAtom)).toMatchObject({ status: 'authenticated', accessToken: expect.any(String) });
  });

  it('takes the refresh the boot script sent (vite/boot.ts) instead of sending its own', async () => {
    const { session } = await load(user);
    (window as unknown as Record<string, unknown>).__hoaBootRefresh = Promise.resolve(json(200, { accessToken: token(15 * MINUTE), user }));
    session.startSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.store.get(session.sessionAtom)).toMatchObject({ status: 'authenticated', accessToken: expect.any(String) });
    expect(calls()).toEqual([]);
    // Taken once, and marked so a boot script running late sends none: the next refresh is the session's own.
    expect((window as unknown as Record<string, unknown>).__hoaBootRefresh).toBe(false);
    fetchMock.mockResolvedValue(json(200, { accessToken: token(15 * MINUTE, 'b'), user }));
    await expect(session.refreshSession()).resolves.toBe('refreshed');
    expect(calls()).toEqual(['POST /api/auth/refresh']);
  });

  it('reads the boot refresh as its own: a rejection signs out, no answer keeps the cached user', async () => {
    const rejected = await load(user);
    (window as unknown as Record<string, unknown>).__hoaBootRefresh = Promise.resolve(json(401, { message: 'Session expired' }));
    rejected.session.startSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(rejected.session.store.get(rejected.session.sessionAtom)).toEqual({ status: 'anonymous', expired: true });

    const unreachable = await load(user);
    (window as unknown as Record<string, unknown>).__hoaBootRefresh = Promise.reject(new TypeError('Failed to fetch'));
    unreachable.session.startSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(unreachable.session.store.get(unreachable.session.sessionAtom)).toMatchObject({ status: 'authenticated', accessToken: null });
  });

  it('ends the loading splash after the 3-second fail-safe when the refresh hangs', async () => {
    const { session } = await load(user);
    fetchMock.mockReturnValue(new Promise<Response>(() => {}));
    session.startSession();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(session.store.get(session.sessionAtom).status).toBe('loading');
    await vi.advanceTimersByTimeAsync(200);
    expect(session.store.get(session.sessionAtom)).toMatchObject({ status: 'authenticated', accessToken: null });
  });
});

describe('api()', () => {
  it('answers null for 204 and for an empty body, and sends JSON with the Bearer token', async () => {
    const { session, api } = await load();
    session.startSession();
    session.signIn({ accessToken: 'tok', user });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 })).mockResolvedValueOnce(new Response('', { status: 200 }));
    await expect(api.api('/api/x', { method: 'PUT', body: { a: 1 } })).resolves.toBeNull();
    await expect(api.api('/api/y')).resolves.toBeNull();
    const [, init] = fetchMock.mock.calls[0];
    expect(init).toMatchObject({ method: 'PUT', body: '{"a":1}', credentials: 'include' });
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it("uses the server's message, else 'HTTP {status}: {statusText}'", async () => {
    const { api } = await load();
    fetchMock.mockResolvedValueOnce(json(400, { message: 'Street address is required', errors: [{ path: 'street', msg: 'Street address is required' }] }));
    await expect(api.api('/api/a', { authenticated: false })).rejects.toMatchObject({ message: 'Street address is required', status: 400, errors: [{ path: 'street' }] });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.api('/api/b', { authenticated: false })).rejects.toMatchObject({ message: 'HTTP 502: Bad Gateway' });
  });

  it("shows the screen's own words when an answer has no message of its own", async () => {
    const { api } = await load();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const bare = await api.api('/api/addresses', { authenticated: false }).catch((e: unknown) => e);
    expect(api.errorMessage(bare, 'Failed to load addresses')).toBe('Failed to load addresses');
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Street address already exists' }));
    const told = await api.api('/api/addresses', { authenticated: false }).catch((e: unknown) => e);
    expect(api.errorMessage(told, 'Failed to create address')).toBe('Street address already exists');
  });

  it("gives up after 10 seconds with 'Request timeout'", async () => {
    const { api } = await load();
    fetchMock.mockImplementation((_url, init) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const pending = api.api('/api/slow', { authenticated: false });
    const settled = expect(pending).rejects.toMatchObject({ message: 'Request timeout', kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
  });

  it('refreshes once and retries once on 401', async () => {
    const { session, api } = await load();
    session.startSession();
    session.signIn({ accessToken: 'old', user });
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'Unauthorized' }))
      .mockResolvedValueOnce(json(200, { accessToken: 'new', user }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.api('/api/data')).resolves.toEqual({ ok: true });
    expect(calls()).toEqual(['GET /api/data', 'POST /api/auth/refresh', 'GET /api/data']);
    expect(authHeader(0)).toBe('Bearer old');
    expect(authHeader(2)).toBe('Bearer new');
  });

  it("signs out with 'Session expired' when the server rejects the refresh", async () => {
    const { session, api, localStorage } = await load();
    session.startSession();
    session.signIn({ accessToken: 'old', user });
    fetchMock.mockResolvedValueOnce(json(401, {})).mockResolvedValueOnce(json(401, { message: 'Session expired' }));
    await expect(api.api('/api/data')).rejects.toMatchObject({ message: 'Session expired', status: 401 });
    expect(session.store.get(session.sessionAtom)).toEqual({ status: 'anonymous', expired: true });
    expect(localStorage.length).toBe(0);
  });

  it("keeps a user's preferences (a dismissed banner) when the session ends, by sign-out or expiry", async () => {
    const { session, localStorage } = await load();
    session.startSession();
    session.signIn({ accessToken: 'old', user });
    localStorage.setItem('hoa-pref:u1:bulk-upload-banner-dismissed', '1');
    localStorage.setItem('hoa-first-rows:x', '[]');
    fetchMock.mockResolvedValue(json(204, undefined));
    await session.signOut();
    // Signed out by the user: nothing to explain on the sign-in screen.
    expect(session.store.get(session.sessionAtom)).toEqual({ status: 'anonymous' });
    expect([...Array(localStorage.length).keys()].map((i) => localStorage.key(i))).toEqual(['hoa-pref:u1:bulk-upload-banner-dismissed']);

    session.signIn({ accessToken: 'old', user });
    fetchMock.mockResolvedValue(json(401, { message: 'Session expired' }));
    await expect(session.refreshSession()).resolves.toBe('rejected');
    expect(localStorage.getItem('hoa-pref:u1:bulk-upload-banner-dismissed')).toBe('1');
    expect(localStorage.getItem('hoa.signedIn')).toBeNull();
  });

  it('tells the cleanups whose session ended, once: a late second rejection keeps what was kept since', async () => {
    const { session, localStorage } = await load();
    const ended = vi.fn((reason: string, who: ApiUser | null) => {
      // As the sync engine's cleanup does: the note of the cache kept with its waiting changes.
      if (reason === 'expired' && who) localStorage.setItem('hoa-kept-cache', JSON.stringify({ userId: who.id, email: who.email, waiting: 1 }));
    });
    session.onSignOut(ended);
    session.startSession();
    session.signIn({ accessToken: 'old', user });
    fetchMock.mockImplementation(async () => json(401, { message: 'Session expired' }));
    await expect(session.refreshSession()).resolves.toBe('rejected');
    expect(ended.mock.calls).toEqual([['expired', user]]);
    // Replicache or the poke stream asks again before the cache is closed: nothing more to end.
    await expect(session.refreshSession()).resolves.toBe('rejected');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(session.store.get(session.sessionAtom)).toEqual({ status: 'anonymous', expired: true });
    expect(localStorage.getItem('hoa-kept-cache')).not.toBeNull();
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    const { session, api, localStorage } = await load();
    session.startSession();
    session.signIn({ accessToken: 'old', user });
    fetchMock.mockResolvedValueOnce(json(401, {})).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.api('/api/data')).rejects.toMatchObject({ kind: 'network' });
    expect(session.store.get(session.sessionAtom)).toMatchObject({ status: 'authenticated', accessToken: 'old' });
    expect(localStorage.getItem('hoa.signedIn')).not.toBeNull();
  });

  it('runs one refresh for concurrent 401s in a tab', async () => {
    const { session, api } = await load();
    session.startSession();
    session.signIn({ accessToken: 'old', user });
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/auth/refresh') return json(200, { accessToken: 'new', user });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new' ? json(200, { url }) : json(401, {});
    });
    await Promise.all([api.api('/api/a'), api.api('/api/b'), api.api('/api/c')]);
    expect(calls().filter((c) => c === 'POST /api/auth/refresh')).toHaveLength(1);
  });

  it('serialises refreshes across tabs with a Web Lock when the browser has one', async () => {
    const { session } = await load();
    const request = vi.fn(async (_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal('navigator', { locks: { request } });
    session.startSession();
    fetchMock.mockResolvedValue(json(200, { accessToken: 'new', user }));
    await expect(session.refreshSession()).resolves.toBe('refreshed');
    expect(request).toHaveBeenCalledWith('hoa-session-refresh', expect.any(Function));
  });
});
