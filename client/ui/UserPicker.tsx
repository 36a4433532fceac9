/**
 * A picker of the HOA's active users (announcement recipients, due recipients): a
 * search box, Select All / Deselect All over the users shown, and a scrolling list of checkboxes.
 * The users come from `useActiveUsers` (the synced members), so the picker works offline.
 */
import { useId, useMemo, useState } from 'react';
import { capitalize } from '../lib/format';
import type { ActiveUsers } from '../lib/use-active-users';
import { deselectAll, matchingUsers, selectAll, toggleUser } from '../lib/user-selection';
import { Button } from './Button';
import { cx } from './cx';
import { Input, RequiredMark } from './Field';
import { Skeleton } from './Loading';

export function UserPicker({
  users,
  selected,
  onChange,
  label = 'Recipients',
  required = false,
  error,
  disabled = false,
  bulk = true,
}: {
  users: ActiveUsers;
  selected: string[];
  onChange: (ids: string[]) => void;
  label?: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  /** Offer Select All and Deselect All (over the users the search shows). */
  bulk?: boolean;
}) {
  const errorId = useId();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(selected), [selected]);
  const shown = useMemo(() => matchingUsers(users.users, search), [users.users, search]);
  const allShownChosen = shown.every((u) => chosen.has(u._id));
  const noneShownChosen = !shown.some((u) => chosen.has(u._id));

  return (
    // min-w-0: a fieldset is otherwise as wide as its widest line (a long email), past the card on a phone.
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-neutral-800">
        {label}
        {required && <RequiredMark />}
      </legend>
      {users.loading ? (
        <div className="space-y-2" role="status" aria-label="Loading users">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search by name or email"
              aria-label={`Search ${label.toLowerCase()}`}
              className="min-w-0 flex-1 basis-56"
              disabled={disabled}
            />
            <div className="flex items-center gap-4">
              {bulk && (
                <>
                  <Button variant="link" size="sm" onClick={() => onChange(selectAll(selected, shown))} disabled={disabled || shown.length === 0 || allShownChosen}>
                    Select All
                  </Button>
                  <Button variant="link" size="sm" onClick={() => onChange(deselectAll(selected, shown))} disabled={disabled || noneShownChosen}>
                    Deselect All
                  </Button>
                </>
              )}
              <p className="tabular text-sm whitespace-nowrap text-neutral-600" aria-live="polite">
                {selected.length} selected
              </p>
            </div>
          </div>
          <ul className={cx('max-h-96 divide-y divide-neutral-200 overflow-y-auto rounded-md border bg-white', error ? 'border-danger-600' : 'border-neutral-300')}>
            {shown.map((u) => (
              <li key={u._id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-neutral-50">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-neutral-300 accent-accent-700"
                    checked={chosen.has(u._id)}
                    onChange={() => onChange(toggleUser(selected, u._id))}
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
            {shown.length === 0 && <li className="px-3 py-4 text-center text-sm text-neutral-600">{users.users.length === 0 ? 'No active users' : 'No users match your search'}</li>}
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
