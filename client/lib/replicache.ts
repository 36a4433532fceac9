/**
 * The local-first cache as the screens see it: the signed-in user's Replicache (once open) and the
 * sync status, read from the atoms of client/lib/sync-state.ts. The engine that opens, feeds and closes the cache
 * (`client/lib/sync-engine.ts`, with the Replicache package and the mutators) is loaded only once a
 * user is signed in, so the sign-in screens do not download it.
 */
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { MutatorArgs, MutatorName } from '../../sync/mutators';
import { keepCache } from './kept-cache';
import { loadZod } from './deferred-zod';
import { afterNextPaint, afterPaintReported, firstScreenSettled, markFirstScreenSettled, markOnce } from './perf-marks';
import { onSignOut, sessionAtom, store } from './session';
import { ENGINE_CHUNKS_KEY } from './session-keys';
import { cacheFillAtom, replicacheAtom, syncStatusAtom, type CacheFill } from './sync-state';

// What the screens (and the list benchmark) take from here; the engine writes them through ./sync-state.
export { replicacheAtom, setCacheFill, type HoaReplicache } from './sync-state';

export const useReplicache = () => useAtomValue(replicacheAtom, { store });
// Screens read the part of the sync status they show, one atom per part: a reader renders again only
// when its part changes, not on each pull (the whole status changes on every sync tick, `syncing`).
const onlineAtom = atom((get) => get(syncStatusAtom).online);
const pendingAtom = atom((get) => get(syncStatusAtom).pending);
const queuedAtom = atom((get) => get(syncStatusAtom).queued);
export const useOnline = () => useAtomValue(onlineAtom, { store });
export const usePendingCount = () => useAtomValue(pendingAtom, { store });
/** This device's changes the server does not have yet. */
export const useQueuedChanges = () => useAtomValue(queuedAtom, { store });

/** The fill of the cache the screens read now ('unknown' before one is open). */
export function useCacheFill(): CacheFill {
  const rep = useReplicache();
  const state = useAtomValue(cacheFillAtom, { store });
  return rep && state.rep === rep ? state.fill : 'unknown';
}

/**
 * Whether a change of this kind, for which `matches` holds, is still waiting for the server: an
 * action taken offline reads as queued until the server has it (e.g. a send shows "Queued — will
 * send when you reconnect", not "Sending").
 */
export function useIsQueued<N extends MutatorName>(name: N, matches: (args: MutatorArgs<N>) => boolean): boolean {
  const queued = useQueuedChanges();
  return queued.some((c) => c.name === name && matches(c.args as MutatorArgs<N>));
}

/**
 * `useIsQueued` while offline: what a screen marks "Queued" (online, the change is on its way and
 * lands within a moment, so it is not marked).
 */
export function useQueuedOffline<N extends MutatorName>(name: N, matches: (args: MutatorArgs<N>) => boolean): boolean {
  const online = useOnline();
  return useIsQueued(name, matches) && !online;
}

/** The longest the engine waits for an idle moment after the first paint. */
const ENGINE_IDLE_TIMEOUT_MS = 500;

/**
 * Called by the layouts: once their first screen has painted, the browser has reported that paint,
 * and the browser is idle, the sync engine may load. Its chunk (Replicache, the mutators;
 * vite/chunks.ts) is neither downloaded nor run before that paint, which on a phone it delayed; the
 * screen meanwhile shows the rows kept from the last visit (first-rows.ts). Asked for between the
 * paint and its report (the largest paint's entry, about 30 ms later), its chunks counted in the
 * screen's largest paint in Lighthouse's simulation (up to a second on a phone's figures). A hidden
 * tab paints nothing: it loads the engine at once.
 */
export function useSyncAfterFirstPaint() {
  useEffect(() => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(markFirstScreenSettled, { timeout: ENGINE_IDLE_TIMEOUT_MS });
      else setTimeout(markFirstScreenSettled, 0);
    };
    if (document.visibilityState === 'hidden') return markFirstScreenSettled();
    // The screen is committed: its paint comes after this moment.
    const committed = performance.now();
    afterNextPaint(() => {
      markOnce('screen-painted');
      afterPaintReported(committed, whenIdle);
    });
  }, []);
}

/**
 * Preload links added per task before the engine is imported. Each one starts a fetch on the main
 * thread; Vite's helper added the engine's thirty at once, a task of 15–27 ms just after the first
 * paint in Lighthouse's traces (docs/decisions/290-engine-preloads-in-slices.md).
 */
const ENGINE_PRELOADS_PER_TASK = 4;

/** Adds a `modulepreload` link for each of the engine's chunks the build named (vite/boot.ts), a few per task; Vite's helper then finds them and adds none. */
function preloadEngineChunks(): Promise<void> {
  const named: unknown = (window as unknown as Record<string, unknown>)[ENGINE_CHUNKS_KEY];
  if (!Array.isArray(named)) return Promise.resolve();
  const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => link.href));
  const waiting = named.map((file) => new URL(String(file), location.href).href).filter((href) => !present.has(href));
  return new Promise((resolve) => {
    const addSome = () => {
      for (const href of waiting.splice(0, ENGINE_PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.crossOrigin = '';
        document.head.appendChild(link);
      }
      if (waiting.length > 0) setTimeout(addSome, 0);
      else resolve();
    };
    addSome();
  });
}

let started = false;

/** Called once at start-up (main.tsx), after startSession(): loads the sync engine when a user is signed in and a screen has painted. */
export function startSync() {
  if (started) return;
  started = true;
  const startWhenSignedIn = () => {
    if (store.get(sessionAtom).status !== 'authenticated') return;
    unsubscribe();
    void firstScreenSettled
      .then(preloadEngineChunks)
      // The mutators check their arguments with the shared schemas: the engine starts once zod is there.
      .then(() => Promise.all([import('./sync-engine'), loadZod()]))
      // Opening the cache in a task of its own, not in the one that ran the engine's module: two shorter tasks a phone can answer input between.
      .then(([engine]) => setTimeout(() => engine.startSyncEngine(), 0));
  };
  const unsubscribe = store.sub(sessionAtom, startWhenSignedIn);
  startWhenSignedIn();
  // Registered here, not in the engine: a sign-out must wipe the caches even before the engine loaded.
  onSignOut((reason, user) => {
    // A session the server ended keeps its cache (client/lib/sync-engine.ts, onSessionEnd): noted at
    // once; the engine then counts the changes waiting in it, which the sign-in screen names.
    if (reason === 'expired' && user) keepCache({ userId: user.id, email: user.email });
    return import('./sync-engine').then((engine) => engine.onSessionEnd(reason, user?.id ?? null));
  });
}
