/**
 * The recipient picker of a custom audience (community §2, §4): the HOA's active users from
 * `GET /api/users?limit=100&includeDeleted=false`, loaded once when custom is first chosen.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ApiUser } from '../../../schema/auth';
import { api } from '../../lib/api';
import { capitalize } from '../../lib/format';
import { Alert, Button, Input, Skeleton } from '../../ui';

/** The user picker page size (community §9). */
export const USER_PICKER_LIMIT = 100;
export const USERS_LOAD_FAILED = 'Failed to load users for selection';

export type PickableUser = Pick<ApiUser, '_id' | 'name' | 'email' | 'role' | 'status'>;

interface UsersState {
  users: PickableUser[];
  loading: boolean;
  error: string | null;
}

/** Loads the active users the first time `enabled` is true; `retry` tries again after a failure. */
export function useRecipientOptions(enabled: boolean): UsersState & { retry: () => void } {
  const [state, setState] = useState<UsersState>({ users: [], loading: false, error: null });
  const [attempt, setAttempt] = useState(0);
  const loadedFor = useRef(-1);
  const mounted = useRef(true);

  useEffect(() => {
    if (!enabled || loadedFor.current === attempt) return;
    // Once per attempt: leaving the custom audience and coming back does not load again (§4).
    loadedFor.current = attempt;
    setState((s) => ({ ...s, loading: true, error: null }));
    api<{ docs: PickableUser[] }>('/api/users', { query: { page: 1, limit: USER_PICKER_LIMIT, includeDeleted: false, status: 'active' } }).then(
      (res) => {
        if (!mounted.current) return;
        const active = (res.docs ?? []).filter((u) => u.status === 'active').sort((a, b) => a.name.localeCompare(b.name));
        setState({ users: active, loading: false, error: null });
      },
      () => {
        if (mounted.current) setState({ users: [], loading: false, error: USERS_LOAD_FAILED });
      },
    );
  }, [enabled, attempt]);

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

export function RecipientPicker({
  options,
  selected,
  onChange,
  error,
  disabled = false,
}: {
  options: UsersState & { retry: () => void };
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  const [filter, setFilter] = useState('');
  const chosen = useMemo(() => new Set(selected), [selected]);
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? options.users.filter((u) => u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) : options.users;
  }, [options.users, filter]);

  const toggle = (id: string) => onChange(chosen.has(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend id={labelId} className="text-sm font-medium text-neutral-800">
        Recipients <span className="text-danger-600" aria-hidden="true">*</span>
      </legend>
      {options.error ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={options.retry}>
              Try Again
            </Button>
          }
        >
          {options.error}
        </Alert>
      ) : options.loading ? (
        <div className="space-y-2" role="status" aria-label="Loading users">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Input
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="Search by name or email"
              aria-label="Search recipients"
              className="sm:max-w-xs"
              disabled={disabled}
            />
            <p className="tabular text-sm text-neutral-600" aria-live="polite">
              {selected.length} selected
            </p>
          </div>
          <ul className={`max-h-96 divide-y divide-neutral-200 overflow-y-auto rounded-md border ${error ? 'border-danger-600' : 'border-neutral-300'} bg-white`}>
            {shown.map((u) => (
              <li key={u._id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-neutral-50">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-neutral-300 accent-accent-700"
                    checked={chosen.has(u._id)}
                    onChange={() => toggle(u._id)}
                    disabled={disabled}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-neutral-900">{u.name}</span>
                    <span className="block truncate text-xs text-neutral-600">{u.email}</span>
                  </span>
                  <span className="text-xs text-neutral-600">{capitalize(u.role)}</span>
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className="px-3 py-4 text-center text-sm text-neutral-600">{options.users.length === 0 ? 'No active users' : 'No users match your search'}</li>}
          </ul>
        </>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
