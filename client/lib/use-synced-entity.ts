/**
 * One entity of a detail or edit screen: the row from the local cache (so the screen opens offline),
 * with a REST read beside it while the cache has not received the row yet, or for fields only the
 * server gives (per-recipient lists, history). The REST row is read again when the cached row's
 * version changes (a send finishing, a status change made elsewhere).
 *
 * A page loaded on the screen itself (a reload, a link in an email) reads the row over REST at once:
 * the cache opens only after the first paint (useSyncAfterFirstPaint), and on a phone the screen's
 * content waited a second for it. The REST row shows until the cache answers; then the cached one,
 * which also holds this device's changes not yet sent, unless the REST row is a newer version
 * (`shownRow`).
 *
 * Until there is something to show, the screen gets one `unavailable` state: loading, failed with
 * the server's message, or offline (the row is not in the cache and the server cannot be asked).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from './api';
import { loadZod } from './deferred-zod';
import { useCacheFill, useOnline, useReplicache } from './replicache';

export type Unavailability = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'offline' };

export interface RemoteRow<R> {
  data: R | null;
  loading: boolean;
  /** The message of the last failed read. */
  error: string | null;
  /** Reads again; resolves with the fresh row, rejects with the error. */
  reload: () => Promise<R>;
  /** Replaces the row with one another call returned (a retry, a status change). */
  set: (row: R) => void;
}

/** The cached row, else the REST row as the cache's shape; or why there is none yet. */
export type SyncedEntity<T, R> = {
  remote: RemoteRow<R>;
  /**
   * The cache's answer for the row is known: it holds the row, or it does not and this visit's first
   * pull is in (a cache not yet written back to disk at the last visit answers without the row at first).
   */
  cacheKnown: boolean;
} & (
  | { entity: T; unavailable: null; /** The row is in the cache (not only the server's answer): offline changes apply to it. */ inCache: boolean }
  | { entity: undefined; unavailable: Unavailability; inCache: false }
);

export interface SyncedEntityOptions<T, R> {
  id: string;
  /** The cache's answer for the row (the area's hook, e.g. `useAnnouncement(id)`). */
  cached: { data: T | undefined; loading: boolean };
  /** The REST read of the row. */
  fetch: (id: string) => Promise<R>;
  /** The REST shape as the cache's (used only until the cache has the row). */
  fromRemote: (row: R) => T;
  /** Whether the screen needs the REST row even though the cache has this one (fields only REST has). */
  wantsRemote?: (cached: T) => boolean;
  /** Changes when the cached row changes (its version): the REST row is read again then. */
  version?: number;
  /** The text of a failed read; by default the server's message, "Network error" without an answer. */
  errorText?: (e: unknown) => string;
}

/** Why there is nothing to show yet, or null when the row is there. */
export function unavailability(s: { found: boolean; cacheLoading: boolean; remoteLoading: boolean; remoteError: string | null; online: boolean }): Unavailability | null {
  if (s.found) return null;
  // The cache may hold what the server does not (a row filed offline): its answer decides.
  if (s.cacheLoading) return { kind: 'loading' };
  // Online with no answer yet counts as loading: the read starts with the next effect.
  if (s.remoteLoading || (s.online && !s.remoteError)) return { kind: 'loading' };
  if (!s.online) return { kind: 'offline' };
  return { kind: 'failed', message: s.remoteError ?? '' };
}

const defaultErrorText = (e: unknown) => errorMessage(e, 'Network error');

const versionOf = (row: unknown) => (row as { version?: unknown } | undefined)?.version;

/**
 * The row a screen shows: the cached one (it also holds this device's changes not yet sent), unless
 * the server's answer is a newer version of it: the cache has not yet pulled a change the server
 * already made (an invoice back from a bank payment reads Processing, not Pay Invoice again).
 */
export function shownRow<T>(cached: T | undefined, fromServer: T | undefined): T | undefined {
  const [mine, theirs] = [versionOf(cached), versionOf(fromServer)];
  // Only two numbered versions are compared; otherwise the cached row stands.
  if (typeof mine === 'number' && typeof theirs === 'number' && theirs > mine) return fromServer;
  return cached ?? fromServer;
}

function useRemoteRow<R>(id: string, read: (id: string) => Promise<R>, errorText: (e: unknown) => string, enabled: boolean, version: number | undefined): RemoteRow<R> {
  const [row, setRow] = useState<{ id: string; data: R | null; error: string | null }>({ id, data: null, error: null });
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const lastRead = useRef<{ id: string; version: number | undefined } | null>(null);
  // Callers pass inline functions; the latest ones are used without re-reading on every render.
  const calls = useRef({ read, errorText });
  calls.current = { read, errorText };
  const rowNow = useRef(row);
  rowNow.current = row;

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const data = await calls.current.read(id);
      if (ticket === latest.current) setRow({ id, data, error: null });
      return data;
    } catch (e) {
      if (ticket === latest.current) setRow((r) => ({ id, data: r.id === id ? r.data : null, error: calls.current.errorText(e) }));
      throw e;
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [id]);

  useEffect(() => {
    if (!enabled) {
      lastRead.current = null;
      return;
    }
    const last = lastRead.current;
    lastRead.current = { id, version };
    // A row read before the cache gave a version stands for the version it then gives.
    const answered = rowNow.current.id === id && rowNow.current.data !== null;
    if (answered && last?.id === id && last.version === undefined && version !== undefined) return;
    reload().catch(() => {});
  }, [enabled, reload, version, id]);

  const set = useCallback((data: R) => setRow({ id, data, error: null }), [id]);
  // A row of another entity must never show while the next one loads.
  const current = row.id === id ? row : { data: null, error: null };
  return { data: current.data, error: current.error, loading, reload, set };
}

export function useSyncedEntity<T, R>(options: SyncedEntityOptions<T, R>): SyncedEntity<T, R> {
  const { id, cached, fromRemote, wantsRemote } = options;
  const online = useOnline();
  const fill = useCacheFill();
  const cacheOpen = useReplicache() !== null;
  const needsRemote = !cacheOpen || (!cached.loading && (!cached.data || (wantsRemote?.(cached.data) ?? false)));
  // The REST row becomes the cache's shape through the area's schema (`fromRemote`), so it shows once
  // zod is there too (deferred-zod.ts; the boot script preloads zod for a screen with a first read).
  const read = async (rowId: string): Promise<R> => {
    const [row] = await Promise.all([options.fetch(rowId), loadZod()]);
    return row;
  };
  const remote = useRemoteRow(id, read, options.errorText ?? defaultErrorText, online && needsRemote, options.version);

  const fromServer = useMemo(() => (remote.data ? fromRemote(remote.data) : undefined), [remote.data, fromRemote]);
  const entity = shownRow(cached.data, fromServer);

  const unavailable = unavailability({ found: !!entity, cacheLoading: cached.loading, remoteLoading: remote.loading, remoteError: remote.error, online });
  const cacheKnown = !cached.loading && (!!cached.data || fill !== 'unknown');
  if (entity && !unavailable) return { entity, remote, cacheKnown, unavailable: null, inCache: !!cached.data };
  return { entity: undefined, remote, cacheKnown, unavailable: unavailable ?? { kind: 'loading' }, inCache: false };
}
