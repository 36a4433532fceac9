/**
 * Changes left waiting when a session ended (client/lib/kept-cache.ts): the sign-in screen names
 * them, and asks before a different user's sign-in discards them.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { keptCacheSnapshot, parseKeptCache, subscribeKeptCache, type KeptCache } from '../../lib/kept-cache';

/** "1 change", "3 changes" */
export const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;
/** The pronoun for `n` changes. */
export const itOrThem = (n: number) => (n === 1 ? 'it' : 'them');

/** "You have 1 change waiting to be sent; sign in to send it" */
export const waitingText = (n: number) => `You have ${changes(n)} waiting to be sent; sign in to send ${itOrThem(n)}`;

/** The confirmation before another user's sign-in drops them. */
export const discardText = (n: number) => `Signing in as another user discards ${changes(n)} waiting to be sent`;

/** The kept cache when the user's own changes wait in it, else null. */
export function useWaitingChanges(): (KeptCache & { waiting: number }) | null {
  const raw = useSyncExternalStore(subscribeKeptCache, keptCacheSnapshot, () => null);
  return useMemo(() => {
    const kept = parseKeptCache(raw);
    return kept?.email && kept.waiting ? { ...kept, waiting: kept.waiting } : null;
  }, [raw]);
}
