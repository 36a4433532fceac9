/**
 * The session: access token in memory, refresh token in an httpOnly cookie, and a
 * "signed in" flag in localStorage that also caches the user, so the app can start offline.
 *
 * Refresh tokens rotate and the server revokes the whole family when an old one is replayed, so
 * refreshes are serialised: one at a time per tab (a shared promise) and across tabs (Web Locks),
 * and a tab that refreshed tells the others the new token over a BroadcastChannel.
 */
import { atom, createStore, useAtomValue } from 'jotai';
import type { ApiUser, MembershipChoice, SessionPayload } from '../../schema/auth';
import { hasRole, type Role } from '../../schema/roles';
import { ApiError, configureAuth, rawRequest, readResponse, type RefreshOutcome } from './api';
import { BOOT_REFRESH_KEY, REFRESH_LOCK_NAME, REFRESH_PATH, SIGNED_IN_KEY } from './session-keys';
import { markOnce } from './perf-marks';
import { isPreferenceKey } from './user-preferences';

export type SessionState =
  | { status: 'loading' }
  /** `expired`: the server refused the session: the sign-in screen says 'Session expired'. */
  | { status: 'anonymous'; expired?: true }
  /** `accessToken` is null while a signed-in browser has not reached the server yet (offline start). */
  | { status: 'authenticated'; user: ApiUser; accessToken: string | null };

export const SESSION_FAILSAFE_MS = 3_000;
export const REFRESH_LEAD_MS = 5 * 60_000;
export const MIN_REFRESH_DELAY_MS = 60_000;
const CHANNEL_NAME = 'hoa-session';

/** The app's one jotai store: React reads it through <Provider store={store}>, the API client directly. */
export const store = createStore();
export const sessionAtom = atom<SessionState>({ status: 'loading' });
export const currentUserAtom = atom((get) => {
  const s = get(sessionAtom);
  return s.status === 'authenticated' ? s.user : null;
});

export const useSession = () => useAtomValue(sessionAtom, { store });
export const useCurrentUser = () => useAtomValue(currentUserAtom, { store });

/** Role checks for one role or any of several (the superadmin passes all). */
export function useHasRole(required: Role | readonly Role[]): boolean {
  const user = useCurrentUser();
  return !!user && hasRole(user.role, required);
}

const getSession = () => store.get(sessionAtom);
const accessToken = () => {
  const s = getSession();
  return s.status === 'authenticated' ? s.accessToken : null;
};

// ------------------------------------------------------------------ browser storage

function readSignedIn(): ApiUser | null {
  try {
    const raw = localStorage.getItem(SIGNED_IN_KEY);
    return raw ? (JSON.parse(raw) as ApiUser) : null;
  } catch {
    return null;
  }
}

function writeSignedIn(user: ApiUser) {
  try {
    localStorage.setItem(SIGNED_IN_KEY, JSON.stringify(user));
  } catch {
    // Private mode or a full quota: the session still works for this tab.
  }
}

/** Why the session ended: the user signed out, or the server no longer accepts it (expired, revoked). */
export type SignOutReason = 'signed-out' | 'expired';

type SignOutCleanup = (reason: SignOutReason, user: ApiUser | null) => void | Promise<void>;
const cleanups = new Set<SignOutCleanup>();
/** Other modules (e.g. the Replicache cache) register what must be wiped when the session ends; they learn whose session it was. */
export function onSignOut(cleanup: SignOutCleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

function clearBrowserStorage(reason: SignOutReason) {
  const s = getSession();
  const user = s.status === 'authenticated' ? s.user : readSignedIn();
  try {
    // Everything of the session goes; a user's preferences (user-preferences.ts) stay for their next sign-in.
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key !== null && !isPreferenceKey(key)) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // Storage may be unavailable; nothing is left to clear then.
  }
  for (const cleanup of cleanups) void Promise.resolve(cleanup(reason, user)).catch(() => {});
}

// ------------------------------------------------------------------ token timing

/** Expiry (ms since epoch) from the JWT's `exp` claim; null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Refresh about 5 minutes before expiry, but never sooner than 1 minute from now. */
export function refreshDelay(token: string, now = Date.now()): number {
  const exp = tokenExpiry(token);
  if (exp == null) return MIN_REFRESH_DELAY_MS;
  return Math.max(exp - REFRESH_LEAD_MS - now, MIN_REFRESH_DELAY_MS);
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleRefresh(delayMs: number) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshSession(), delayMs);
}

// ------------------------------------------------------------------ state changes

type Broadcast = { type: 'session'; payload: SessionPayload } | { type: 'signed-out'; reason: SignOutReason };
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL_NAME) : null;

function adopt(payload: SessionPayload) {
  store.set(sessionAtom, { status: 'authenticated', user: payload.user, accessToken: payload.accessToken });
  writeSignedIn(payload.user);
  scheduleRefresh(refreshDelay(payload.accessToken));
}

/** Signs this browser in with a login, refresh, activation or signup response. */
export function signIn(payload: SessionPayload) {
  adopt(payload);
  channel?.postMessage({ type: 'session', payload } satisfies Broadcast);
}

function clearSession(reason: SignOutReason) {
  // Ended already (a late refresh or call answered 401 again, another tab's news): its storage was
  // cleared then, and what was kept since (the note of a cache with changes waiting) must stay.
  if (reason === 'expired' && getSession().status === 'anonymous') return;
  clearTimeout(refreshTimer);
  store.set(sessionAtom, reason === 'expired' ? { status: 'anonymous', expired: true } : { status: 'anonymous' });
  clearBrowserStorage(reason);
}

/** The refresh cookie is shared by every tab, so a session that ended is over in all of them. */
function endSession(reason: SignOutReason) {
  clearSession(reason);
  channel?.postMessage({ type: 'signed-out', reason } satisfies Broadcast);
}

/** Ends the session on the server (best effort) and clears tokens and browser storage everywhere. */
export async function signOut(): Promise<void> {
  endSession('signed-out');
  try {
    await rawRequest('/api/auth/logout', { method: 'POST' });
  } catch {
    // Offline: the local session is gone; the refresh cookie expires or is revoked on next use.
  }
}

/** Updates the signed-in user (after a profile reload or an edit of one's own account). */
export function updateCurrentUser(user: ApiUser) {
  const s = getSession();
  if (s.status !== 'authenticated') return;
  store.set(sessionAtom, { ...s, user });
  writeSignedIn(user);
}

channel?.addEventListener('message', (event: MessageEvent<Broadcast>) => {
  if (event.data.type === 'session') adopt(event.data.payload);
  else if (event.data.type === 'signed-out') clearSession(event.data.reason);
});

// ------------------------------------------------------------------ refresh

let inFlight: Promise<RefreshOutcome> | null = null;

async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(REFRESH_LOCK_NAME, fn);
  return fn();
}

/**
 * The start-up refresh the boot script (vite/boot.ts) sent under the same lock before the bundle
 * loaded, so it runs alongside the bundle's download; taken once.
 */
function takeBootRefresh(): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const slot = window as unknown as Record<string, Promise<Response> | false | undefined>;
  const boot = slot[BOOT_REFRESH_KEY] || null;
  // Taken once. The boot script loads async: one that runs after the app started sends nothing.
  slot[BOOT_REFRESH_KEY] = false;
  return boot;
}

async function outcomeOf(refresh: () => Promise<SessionPayload>): Promise<RefreshOutcome> {
  try {
    signIn(await refresh());
    return 'refreshed';
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return 'rejected';
    // No answer, or a server error: the session may well be valid; try again later.
    return 'unreachable';
  }
}

async function doRefresh(): Promise<RefreshOutcome> {
  const boot = takeBootRefresh();
  if (boot) return outcomeOf(() => boot.then((res) => readResponse<SessionPayload>(res)));
  const before = accessToken();
  return withRefreshLock(async () => {
    // Another tab refreshed while this one waited for the lock and broadcast the new token.
    const now = accessToken();
    if (now && now !== before) return 'refreshed';
    return outcomeOf(() => rawRequest<SessionPayload>(REFRESH_PATH, { method: 'POST' }));
  });
}

/**
 * Gets a new access token. Only a server rejection (401) signs the user out; when the server
 * cannot be reached the session stays and the refresh is retried a minute later.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  inFlight ??= doRefresh()
    .then((outcome) => {
      if (outcome === 'rejected') endSession('expired');
      else if (outcome === 'unreachable' && getSession().status === 'authenticated') scheduleRefresh(MIN_REFRESH_DELAY_MS);
      return outcome;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** POST /api/auth/login; throws ApiError with the server's message on failure. `memberships`: an account in several HOAs. */
export async function login(email: string, password: string): Promise<SessionPayload & { memberships?: MembershipChoice[] }> {
  const payload = await rawRequest<SessionPayload & { memberships?: MembershipChoice[] }>('/api/auth/login', { method: 'POST', body: { email, password } });
  signIn(payload);
  return payload;
}

// ------------------------------------------------------------------ start-up

let started = false;

/**
 * Start-up: when the browser says it was signed in, refresh. A 3-second fail-safe ends the
 * loading splash; if the server has not answered by then (or cannot be reached) the app starts
 * with the cached user and keeps trying, and only a rejection clears the session.
 */
export function startSession() {
  if (started) return;
  started = true;
  configureAuth({ getAccessToken: accessToken, refresh: refreshSession, onSessionExpired: () => endSession('expired') });

  // Timers are throttled in background tabs and stop while offline: catch up when it matters.
  const catchUp = () => {
    const s = getSession();
    if (s.status !== 'authenticated') return;
    const exp = s.accessToken ? tokenExpiry(s.accessToken) : null;
    if (!s.accessToken || (exp != null && exp - Date.now() < REFRESH_LEAD_MS)) void refreshSession();
  };
  window.addEventListener('online', catchUp);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') catchUp();
  });

  const unmark = store.sub(sessionAtom, () => {
    unmark();
    markOnce('session-known');
  });
  const cachedUser = readSignedIn();
  if (!cachedUser) {
    store.set(sessionAtom, { status: 'anonymous' });
    return;
  }
  const endLoading = () => {
    if (getSession().status === 'loading') store.set(sessionAtom, { status: 'authenticated', user: cachedUser, accessToken: null });
  };
  const failsafe = setTimeout(endLoading, SESSION_FAILSAFE_MS);
  void refreshSession().then((outcome) => {
    clearTimeout(failsafe);
    if (outcome === 'unreachable') {
      endLoading();
      scheduleRefresh(MIN_REFRESH_DELAY_MS);
    }
  });
}
