/**
 * The HOA's active users, for the user pickers (announcement recipients, due recipients, the
 * resident of a violation; community §5, §7): `GET /api/users?page=1&limit=100&includeDeleted=false
 * &status=active`, loaded once per screen, the first time the picker is wanted.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiUser } from '../../schema/auth';
import { api } from './api';
import { useCurrentUser } from './session';

/** The user picker page size (community §9). */
export const USER_PICKER_LIMIT = 100;
export const USERS_LOAD_FAILED = 'Failed to load users for selection';

export type PickableUser = Pick<ApiUser, '_id' | 'name' | 'email' | 'role' | 'status'> & Partial<Pick<ApiUser, 'address'>>;

export interface ActiveUsers {
  users: PickableUser[];
  loading: boolean;
  error: string | null;
  /** Loads again after a failure ("Try Again"). */
  retry: () => void;
}

/** Active users by name; the server filters by status, this keeps the rule if it ever did not. */
export const activeByName = (docs: readonly PickableUser[]) => docs.filter((u) => u.status === 'active').sort((a, b) => a.name.localeCompare(b.name));

/** The last list a screen loaded, kept in this browser per signed-in user for screens that work offline. */
const keptKey = (userId: string) => `hoa-active-users:${userId}`;
function readKept(userId: string | undefined): PickableUser[] | null {
  if (!userId) return null;
  try {
    const kept = localStorage.getItem(keptKey(userId));
    return kept ? (JSON.parse(kept) as PickableUser[]) : null;
  } catch {
    return null;
  }
}
function writeKept(userId: string | undefined, users: PickableUser[]) {
  if (!userId) return;
  try {
    localStorage.setItem(keptKey(userId), JSON.stringify(users));
  } catch {
    // Without storage the list is not kept: offline, the screen says it failed to load.
  }
}

/**
 * Loads the first time `enabled` is true and not again (leaving a custom audience and coming back reuses the list, §4).
 * The list is kept in this browser for the signed-in user and used when loading fails, so every picker
 * works offline once any of them loaded online (a violation on an inspection walk, a due at a board meeting).
 */
export function useActiveUsers(enabled: boolean, failureMessage: string = USERS_LOAD_FAILED): ActiveUsers {
  const keepFor = useCurrentUser()?.id;
  const [state, setState] = useState<Omit<ActiveUsers, 'retry'>>({ users: [], loading: false, error: null });
  const [attempt, setAttempt] = useState(0);
  const loadedFor = useRef(-1);
  const mounted = useRef(true);

  useEffect(() => {
    if (!enabled || loadedFor.current === attempt) return;
    loadedFor.current = attempt;
    setState((s) => ({ ...s, loading: true, error: null }));
    api<{ docs: PickableUser[] }>('/api/users', { query: { page: 1, limit: USER_PICKER_LIMIT, includeDeleted: false, status: 'active' } }).then(
      (res) => {
        const users = activeByName(res.docs ?? []);
        writeKept(keepFor, users);
        if (mounted.current) setState({ users, loading: false, error: null });
      },
      () => {
        const kept = readKept(keepFor);
        if (mounted.current) setState(kept ? { users: kept, loading: false, error: null } : { users: [], loading: false, error: failureMessage });
      },
    );
  }, [enabled, attempt, failureMessage, keepFor]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // A remount (React strict mode) loads again.
      loadedFor.current = -1;
    };
  }, []);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
