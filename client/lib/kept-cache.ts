/**
 * The note that a cache was kept when a session expired with it (its unsynced changes are sent when
 * the same user signs in again; anyone else signing in drops it first, after the sign-in screen
 * asked). localStorage, written right after the session's storage was cleared; the sync engine adds
 * how many of the user's own changes wait in it once it has counted them, and the sign-in screen
 * says so. Imports nothing: the sign-in screen reads it without the sync engine.
 */
const KEPT_CACHE_KEY = 'hoa-kept-cache';

export interface KeptCache {
  userId: string;
  /** Whose cache it is, as the sign-in form compares it (lower case). */
  email: string;
  /** The user's own changes waiting in it; undefined until the sync engine has counted them. */
  waiting?: number;
}

/** The note as read from another module's React hook: a string, so an unchanged note is the same value. */
export function keptCacheSnapshot(): string | null {
  try {
    return localStorage.getItem(KEPT_CACHE_KEY);
  } catch {
    return null;
  }
}

export function parseKeptCache(raw: string | null): KeptCache | null {
  if (!raw) return null;
  try {
    const note = JSON.parse(raw) as Partial<KeptCache>;
    if (typeof note.userId === 'string')
      return { userId: note.userId, email: typeof note.email === 'string' ? note.email : '', waiting: typeof note.waiting === 'number' ? note.waiting : undefined };
  } catch {
    // An older note held the user id alone.
  }
  return { userId: raw, email: '' };
}

export const readKeptCache = (): KeptCache | null => parseKeptCache(keptCacheSnapshot());

const listeners = new Set<() => void>();

/** Notes the cache of `who` as kept (null: forgets the note). */
export function keepCache(who: { userId: string; email: string; waiting?: number } | null) {
  try {
    if (who) localStorage.setItem(KEPT_CACHE_KEY, JSON.stringify({ ...who, email: who.email.toLowerCase() }));
    else localStorage.removeItem(KEPT_CACHE_KEY);
  } catch {
    // Without storage the cache cannot be remembered; it stays in IndexedDB for the same user.
  }
  for (const listener of listeners) listener();
}

/** Records how many changes wait in the kept cache of `userId` (when the note is still that user's). */
export function noteWaitingChanges(userId: string, waiting: number) {
  const note = readKeptCache();
  if (note?.userId === userId) keepCache({ ...note, waiting });
}

/** Calls `listener` when the note changes, in this tab or another one (the `storage` event). */
export function subscribeKeptCache(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEPT_CACHE_KEY || e.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
