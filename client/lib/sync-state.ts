/**
 * The state the sync engine (client/lib/sync-engine.ts) writes and the screens read
 * (client/lib/replicache.ts): the signed-in user's open cache, the sync status and whether a pull
 * filled the cache. Apart from both so that neither imports the other.
 */
import { atom } from 'jotai';
import type { Replicache } from 'replicache';
import type { ClientMutators } from '../../sync/mutators';
import { store } from './session';

export type HoaReplicache = Replicache<ClientMutators>;

/** A change made here that the server has not confirmed yet. */
export interface QueuedChange {
  name: string;
  args: unknown;
}

export interface SyncStatus {
  /** The browser has a network and the last sync request got an answer. */
  online: boolean;
  /** The user's own changes not yet confirmed by the server (not the automatic ones, such as read markers). */
  pending: number;
  /** Every unconfirmed change, so a screen can say what is still queued ("will send when you reconnect"). */
  queued: QueuedChange[];
  syncing: boolean;
}

/** Writes the open cache's changes to IndexedDB (client/lib/cache-writes.ts); set by the sync engine, which loads after the first paint. */
let flushCache: () => Promise<void> = () => Promise.resolve();
export const setCacheFlush = (flush: () => Promise<void>) => void (flushCache = flush);
/** Resolves once every change made so far is on disk: before the page leaves for another HOA. */
export const flushOpenCache = () => flushCache();

export const replicacheAtom = atom<HoaReplicache | null>(null);
export const syncStatusAtom = atom<SyncStatus>({ online: typeof navigator === 'undefined' || navigator.onLine, pending: 0, queued: [], syncing: false });

/**
 * Whether the open cache holds what the server sent. A cache no pull ever filled reads as empty, and
 * its zeros are not known: 'unknown' until the first pull attempt tells (its request carries a
 * cookie when an earlier pull filled the cache, also offline), 'filled' once a pull was applied,
 * 'failed' when a pull of a cache never filled got no answer. Filled stays filled.
 */
export type CacheFill = 'unknown' | 'filled' | 'failed';
export const cacheFillAtom = atom<{ rep: HoaReplicache | null; fill: CacheFill }>({ rep: null, fill: 'unknown' });

/** Set by the sync engine for `rep`; a retry sets 'unknown' again. */
export const setCacheFill = (rep: HoaReplicache, fill: CacheFill) =>
  store.set(cacheFillAtom, (s) => (s.rep === rep && (s.fill === fill || s.fill === 'filled') ? s : { rep, fill }));

const sameQueue = (a: QueuedChange[], b: QueuedChange[]) =>
  a.length === b.length && a.every((c, i) => c.name === b[i].name && (c.args === b[i].args || JSON.stringify(c.args) === JSON.stringify(b[i].args)));

/**
 * Updates the status; an update that changes nothing keeps the same object, so the screens reading it
 * (every form, the connection bar) do not render again on each sync tick (onSync fires twice per pull).
 */
export const setSyncStatus = (patch: Partial<SyncStatus>) =>
  store.set(syncStatusAtom, (s) => {
    const same = (Object.keys(patch) as (keyof SyncStatus)[]).every((k) => (k === 'queued' ? sameQueue(s.queued, patch.queued!) : s[k] === patch[k]));
    return same ? s : { ...s, ...patch };
  });
