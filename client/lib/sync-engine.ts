/**
 * The local-first cache's engine: one Replicache per signed-in user (IndexedDB, named after the
 * user), opened when a user is signed in, closed at sign-out. It pulls on pokes (a fetch stream of
 * server-sent events), when the browser comes back online, when the tab becomes visible, and every
 * minute as a safety net. Auth comes from the session; a 401 refreshes it once. Loaded by
 * `startSync` (client/lib/replicache.ts) once a user is signed in.
 */
import { dropAllDatabases, dropDatabase, getDefaultPuller, Replicache, type Puller, type WriteTransaction } from 'replicache';
import { ReplicacheImpl } from 'replicache/impl';
import { drainingPusher } from './draining-pusher';
import { keysOf } from './photo-queue/gate';
import { dropDeliveredPhotos } from './photo-queue/queue';
import { refreshPhotoState } from './photo-queue/state';
import { clearPhotos } from './photo-queue/store';
import { runPhotoQueue } from './photo-queue/upload';
import { COLUMNS_PATCH_QUERY, expandPatch, type CompactPatchOperation } from '../../sync/patch-columns';
import { cookieSaysMore } from '../../sync/cookie';
import { clientMutators, isAutomaticMutation, type ClientMutators } from '../../sync/mutators';
import { cacheName, SYNC_SCHEMA_VERSION } from './cache-name';
import { API_BASE_URL } from './config';
import { keepCache, noteWaitingChanges, readKeptCache } from './kept-cache';
import { replicacheAtom, setCacheFill, setCacheFlush, setSyncStatus as setStatus, type HoaReplicache } from './sync-state';
import { cacheWriter, type CacheWriter } from './cache-writes';
import { refreshSession, sessionAtom, store, type SignOutReason } from './session';
import { readSseStream } from './sse';
import { listenOnSocket, socketUrl } from './poke-socket';
import { markOnce, nextTask } from './perf-marks';

/** The slow safety-net pull; pokes make changes arrive within a second. */
export const PULL_INTERVAL_MS = 60_000;
/** Polling when the server cannot stream pokes (Workers without a Durable Object). */
export const POLL_INTERVAL_MS = 15_000;
/** A socket ends after this long and the next ticket is asked for with a fresh access token (the server's POKE_STREAM_MAX_MS). */
const POKE_SOCKET_MAX_MS = 10 * 60_000;

function bearer(): string {
  const s = store.get(sessionAtom);
  return s.status === 'authenticated' && s.accessToken ? `Bearer ${s.accessToken}` : '';
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
/** Replicache retries failed syncs itself; a rejected promise here only means "not now". */
const ignore = () => {};
const pullSoon = (rep: HoaReplicache) => rep.pull().catch(ignore);
/**
 * The server answers again (the poke stream is open): send the changes waiting here and fetch what
 * changed meanwhile, at once. Replicache would otherwise wait out the backoff its failures offline
 * built up, seconds after the connection is back. A push with nothing pending sends nothing.
 */
const catchUp = (rep: HoaReplicache) => {
  rep.push({ now: true }).catch(ignore);
  rep.pull({ now: true }).catch(ignore);
};

/**
 * Keeps one poke stream open while `rep` lives; reconnects with backoff. Returns the stopper.
 * The server offers a server-sent-events stream (Node), a WebSocket URL with a ticket (Workers,
 * JSON), or nothing (204: poll instead).
 */
function listenForPokes(rep: HoaReplicache): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;

  const run = async () => {
    let delay = 1_000;
    while (!stopped) {
      if (!navigator.onLine) {
        await new Promise<void>((ok) => (wake = ok));
        continue;
      }
      controller = new AbortController();
      try {
        const res = await fetch(`${API_BASE_URL}/api/sync/poke`, {
          headers: { Authorization: bearer(), Accept: 'text/event-stream' },
          credentials: 'include',
          cache: 'no-store',
          signal: controller.signal,
        });
        if (res.status === 204) {
          rep.pullInterval = POLL_INTERVAL_MS;
          return;
        }
        if (res.status === 401) {
          const refreshed = await refreshSession();
          if (refreshed === 'rejected') return;
          // A fresh token: listen again at once (an expired token is the usual 401 after a night offline).
          if (refreshed === 'refreshed') continue;
        } else if (res.ok && res.headers.get('Content-Type')?.startsWith('application/json')) {
          const offer = (await res.json()) as { transport?: string; url?: string };
          if (offer.transport === 'websocket' && offer.url) {
            const opened = Date.now();
            // Up again: send what waited here and fetch what changed meanwhile, as the stream below does.
            await listenOnSocket(socketUrl(offer.url, API_BASE_URL, location.origin), () => void pullSoon(rep), {
              signal: controller.signal,
              maxMs: POKE_SOCKET_MAX_MS,
              onOpen: () => catchUp(rep),
            });
            // A socket that lived its time reconnects at once; one that was up a while starts the backoff again.
            const lived = Date.now() - opened;
            if (lived >= POKE_SOCKET_MAX_MS) continue;
            if (lived > 10_000) delay = 1_000;
          }
        } else if (res.ok && res.body) {
          delay = 1_000;
          catchUp(rep);
          await readSseStream(res.body, (name) => {
            if (name === 'poke') void pullSoon(rep);
          });
        }
      } catch {
        // Network gone or stream aborted: retry below unless stopped.
      }
      if (stopped) return;
      await Promise.race([sleep(delay), new Promise<void>((ok) => (wake = ok))]);
      delay = Math.min(delay * 2, 30_000);
    }
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
    wake?.();
  };
}

/**
 * Replicache's own puller (POST, auth, request id, status), its answer's compact patch expanded to
 * standard operations. It also tells whether the cache holds the server's values (`setCacheFill`):
 * a request with a cookie comes from a cache an earlier pull filled, unless that cookie says `more`
 * (a first pull still coming in chunks: its zeros are not known yet); a pull that got no answer
 * (thrown, or a status other than 200 and 401, which the re-auth handles) fails a cache never filled.
 * `answered` runs for each pull: `patch` for an answer with a patch, which Replicache applies after
 * this returns, `more` when its cookie says more chunks follow.
 */
function columnsPuller(pull: Puller, rep: HoaReplicache, answered: (a: { patch: boolean; more: boolean }) => void): Puller {
  return async (request, requestID) => {
    if (request.cookie != null && !cookieSaysMore(request.cookie)) setCacheFill(rep, 'filled');
    let result: Awaited<ReturnType<Puller>>;
    try {
      result = await pull(request, requestID);
    } catch (e) {
      answered({ patch: false, more: false });
      setCacheFill(rep, 'failed');
      throw e;
    }
    const response = result.response;
    if (response && 'patch' in response) {
      answered({ patch: true, more: cookieSaysMore(response.cookie) });
      // Reading the answer, expanding its patch and Replicache applying it were one task (a first
      // pull's: 50–90 ms just after the first paint on a slow host), split here into three.
      await nextTask();
      const patch = expandPatch(response.patch as readonly CompactPatchOperation[]);
      await nextTask();
      return { ...result, response: { ...response, patch } } as typeof result;
    }
    answered({ patch: false, more: false });
    const status = result.httpRequestInfo.httpStatusCode;
    if (status !== 200 && status !== 401) setCacheFill(rep, 'failed');
    return result;
  };
}

/** The mutators, each telling the writer of a change the user made (not of its replays after a pull), as Replicache's own schedule is told. */
function toldToWriter(mutators: ClientMutators, writer: CacheWriter): ClientMutators {
  const wrapped = Object.entries(mutators).map(([name, apply]: [string, (tx: WriteTransaction, args: never) => Promise<void>]) => [
    name,
    async (tx: WriteTransaction, args: never) => {
      await apply(tx, args);
      if (tx.reason === 'initial') writer.changed();
    },
  ]);
  return Object.fromEntries(wrapped) as ClientMutators;
}

interface OpenCache {
  userId: string;
  rep: HoaReplicache;
  writer: CacheWriter;
  close(): Promise<void>;
}

let current: OpenCache | null = null;
let closing: Promise<void> = Promise.resolve();

function openCache(userId: string): OpenCache {
  // Replicache's implementation itself (what `new Replicache` wraps), for its `persist`: the cache is
  // written by cache-writes.ts, which can also write at once (a flush, the page hidden or left).
  const writer = cacheWriter({
    persist: () => impl.persist(),
    get closed() {
      return impl.closed;
    },
  });
  const impl = new ReplicacheImpl(
    {
      name: cacheName(userId),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutators: toldToWriter(clientMutators, writer),
      pushURL: `${API_BASE_URL}/api/sync/push`,
      // The compact patch (sync/patch-columns.ts): half the JSON of a first pull, read back by `columnsPuller`.
      pullURL: `${API_BASE_URL}/api/sync/pull?${COLUMNS_PATCH_QUERY}`,
      auth: bearer(),
      kvStore: 'idb',
      pullInterval: PULL_INTERVAL_MS,
    },
    { enableScheduledPersist: false },
  );
  // The public class's every member is the implementation's, forwarded.
  const rep = impl as unknown as HoaReplicache;
  const stopWritingOnHide = writer.onPageHide();
  // A pull's patch is in the screens' subscriptions by the end of that sync (onSync false).
  let filledWhenSynced = false;
  // The last answer's cookie said `more`: a first pull in chunks, the next one asked for at once.
  let streaming = false;
  rep.puller = columnsPuller(getDefaultPuller(rep), rep, ({ patch, more }) => {
    streaming = more;
    if (patch && !more) filledWhenSynced = true;
  });
  rep.pusher = drainingPusher(rep);
  rep.getAuth = async () => {
    const outcome = await refreshSession();
    // The session cannot be confirmed: a cache never filled stays unknown, and says so.
    if (outcome === 'unreachable') setCacheFill(rep, 'failed');
    return outcome === 'refreshed' ? bearer() || null : null;
  };

  const refreshPending = () => {
    if (rep.closed) return;
    rep.experimentalPendingMutations().then((list) => {
      setStatus({
        pending: list.filter((m) => !isAutomaticMutation(m.name)).length,
        queued: list.map((m) => ({ name: m.name, args: m.args })),
      });
      // Photos the server has with the change that took them are no longer kept on the device.
      void dropDeliveredPhotos(new Set(list.flatMap((m) => keysOf(m.args)))).catch(() => {});
    }, () => {});
  };
  rep.onSync = (syncing) => {
    // The chunks of a first pull are one sync to the screens: still syncing until the last one.
    setStatus({ syncing: syncing || streaming });
    if (syncing) return;
    // A pull or push ended: what it changed is written.
    writer.changed();
    refreshPending();
    // The first rows show (this chunk is applied); the rest streams in.
    if (streaming) return void rep.pull({ now: true }).catch(ignore);
    if (filledWhenSynced) setCacheFill(rep, 'filled');
  };
  rep.onOnlineChange = (online) => setStatus({ online: online && navigator.onLine });
  const unwatch = rep.experimentalWatch(refreshPending);
  refreshPending();

  let stopPokes = listenForPokes(rep);
  // Photos queued before a reload or a restart show again and go on uploading.
  void refreshPhotoState().then(runPhotoQueue);
  const onOnline = () => {
    setStatus({ online: true });
    stopPokes();
    stopPokes = listenForPokes(rep);
    // Send what was changed offline at once, then catch up.
    catchUp(rep);
  };
  const onOffline = () => setStatus({ online: false });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void pullSoon(rep);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  setStatus({ online: navigator.onLine });

  return {
    userId,
    rep,
    writer,
    async close() {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      stopPokes();
      unwatch();
      stopWritingOnHide();
      await writer.flush();
      await rep.close();
    },
  };
}

function closeCurrent(): Promise<void> {
  const open = current;
  current = null;
  store.set(replicacheAtom, null);
  // Closing writes what is left (OpenCache.close).
  setCacheFlush(() => closing);
  setStatus({ pending: 0, queued: [], syncing: false });
  if (open) closing = closing.then(() => open.close()).catch(() => {});
  return closing;
}

/**
 * Drops the IndexedDB databases of one user's cache (Replicache names them `rep:<name>:<versions>`):
 * a cache kept when a session expired with changes not yet synced (localStorage, written after the
 * session's storage was cleared) is pushed by the same user signing in again; anyone else signing in
 * on this browser drops it first.
 */
async function dropCacheOf(userId: string) {
  for (const name of await databasesOf(userId)) await dropDatabase(name);
}

async function databasesOf(userId: string): Promise<string[]> {
  const all = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
  return all.flatMap(({ name }) => (name?.startsWith(`rep:${cacheName(userId)}:`) ? [name] : []));
}

/**
 * The user's own changes waiting in a closed cache, as the next Replicache of that user finds them
 * (also those of tabs closed since): a Replicache of the same name that neither pulls nor pushes.
 */
async function countWaiting(userId: string): Promise<number> {
  if ((await databasesOf(userId)).length === 0) return 0;
  const counter: HoaReplicache = new Replicache({ name: cacheName(userId), schemaVersion: SYNC_SCHEMA_VERSION, mutators: clientMutators, kvStore: 'idb', pullInterval: null });
  try {
    // Opened: its client joined the cache's client group (pending changes are read from memory, empty until then).
    await counter.clientGroupID;
    return (await counter.experimentalPendingMutations()).filter((m) => !isAutomaticMutation(m.name)).length;
  } finally {
    await counter.close();
  }
}

/** Follows the session: opens the signed-in user's cache, keeps its token fresh, closes it at sign-out. */
function followSession() {
  const s = store.get(sessionAtom);
  // At the session's end onSessionEnd closes the cache (an expired one once its last changes are written).
  if (s.status !== 'authenticated') return;
  if (current?.userId !== s.user.id) {
    void closeCurrent();
    const kept = readKeptCache();
    if (kept) {
      keepCache(null);
      // Another user's unsynced changes cannot be sent with this session: they go with their cache
      // (the sign-in screen asked before, when some were waiting).
      if (kept.userId !== s.user.id) closing = closing.then(() => dropCacheOf(kept.userId)).catch(() => {});
    }
    current = openCache(s.user.id);
    store.set(replicacheAtom, current.rep);
    setCacheFlush(current.writer.flush);
  }
  current.rep.auth = bearer();
}

/**
 * When the session ends. Signing out drops every cache of this browser profile, so the next user
 * starts clean. A session the server ended (expired, revoked) keeps its cache: it may hold changes
 * made offline, also by tabs closed since, which are sent when the same user signs in again. The
 * cache is closed once its last changes are written, and the user's own changes in it are counted
 * for the sign-in screen. Another user signing in on this browser drops it first.
 */
export async function onSessionEnd(reason: SignOutReason, userId: string | null) {
  if (!(reason === 'expired' && userId)) {
    await closeCurrent();
    await dropAllDatabases();
    await clearPhotos();
    await refreshPhotoState();
    return;
  }
  const open = current;
  if (open?.userId === userId) await open.writer.flush();
  // Signed in again meanwhile: the same user goes on with the open cache (another one replaced it).
  if (store.get(sessionAtom).status === 'authenticated') return;
  await closeCurrent();
  noteWaitingChanges(userId, await countWaiting(userId).catch(() => 0));
}

let started = false;

/** Follows the session from now on (called once, when the first user is signed in). */
export function startSyncEngine() {
  if (started) return;
  started = true;
  markOnce('sync-engine-started');
  store.sub(sessionAtom, followSession);
  followSession();
}
