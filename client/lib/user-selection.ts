/** What the user pickers do with a search and a selection, kept pure so it is tested on its own. */
import type { PickableUser } from './use-active-users';

/** Users whose name or email contains the search, any case; all of them for an empty search. */
export function matchingUsers(users: readonly PickableUser[], search: string): readonly PickableUser[] {
  const q = search.trim().toLowerCase();
  return q ? users.filter((u) => u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) : users;
}

/** Select All: the shown users join the selection (the order of choosing is kept, no duplicates). */
export const selectAll = (selected: readonly string[], shown: readonly PickableUser[]) => [...new Set([...selected, ...shown.map((u) => u._id)])];

/** Deselect All: the shown users leave the selection; chosen users hidden by the search stay chosen. */
export function deselectAll(selected: readonly string[], shown: readonly PickableUser[]): string[] {
  const leaving = new Set(shown.map((u) => u._id));
  return selected.filter((id) => !leaving.has(id));
}

/** One user in or out of the selection. */
export const toggleUser = (selected: readonly string[], id: string) => (selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
