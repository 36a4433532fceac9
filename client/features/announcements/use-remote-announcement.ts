/**
 * `GET /api/announcements/:id` beside the cache: the per-recipient lists of board members' delivery
 * statistics, and the announcement itself while the cache has not received it yet. Fetched again
 * when the cached row's version changes (a send finishing, a retry).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiAnnouncement } from '../../../schema/announcements';
import { errorMessage } from '../../lib/api';
import { fetchAnnouncement } from './announcements-api';

export interface RemoteAnnouncement {
  data: ApiAnnouncement | null;
  loading: boolean;
  /** The server's message (or the fallback) of the last failed load. */
  error: string | null;
  /** Loads again; resolves with the fresh row, rejects with the error. */
  reload: () => Promise<ApiAnnouncement>;
  /** Replaces the row with one a call returned (send, retry). */
  set: (a: ApiAnnouncement) => void;
}

export function useRemoteAnnouncement(id: string, { enabled, version }: { enabled: boolean; version: number | undefined }): RemoteAnnouncement {
  const [data, setData] = useState<ApiAnnouncement | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const row = await fetchAnnouncement(id);
      if (ticket === latest.current) {
        setData(row);
        setError(null);
      }
      return row;
    } catch (e) {
      if (ticket === latest.current) setError(errorMessage(e, 'Network error'));
      throw e;
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [id]);

  useEffect(() => {
    if (!enabled) return;
    load().catch(() => {});
  }, [enabled, load, version]);

  // A row of another announcement must not show while the next one loads.
  useEffect(() => {
    setData(null);
    setError(null);
  }, [id]);

  return { data, loading, error, reload: load, set: setData };
}
