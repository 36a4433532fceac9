/**
 * The note that a cache was kept when a session expired with it (its unsynced changes are sent when
 * the same user signs in again; anyone else signing in drops it first). localStorage, written right
 * after the session's storage was cleared.
 */
const KEPT_CACHE_KEY = 'hoa-kept-cache';

export function readKeptCache(): string | null {
  try {
    return localStorage.getItem(KEPT_CACHE_KEY);
  } catch {
    return null;
  }
}

export function keepCache(userId: string | null) {
  try {
    if (userId) localStorage.setItem(KEPT_CACHE_KEY, userId);
    else localStorage.removeItem(KEPT_CACHE_KEY);
  } catch {
    // Without storage the cache cannot be remembered; it stays in IndexedDB for the same user.
  }
}
