/**
 * Saved list views on the client: the user's views of one list from the local cache (their own
 * only: the server sends no one else's), in the menu's order, and the filters row's values in a
 * view's terms, so a view can be saved from them and the view they match can be named.
 */
import { useMemo } from 'react';
import { byListViewName, type ListViewFilters, type SavedViewList } from '../../schema/list-views';
import { LIST_VIEW_SPACE, type SyncedListView } from '../../sync/areas/list-views';
import { prefixOf } from '../../sync/keys';
import type { ListControls } from './use-list-filters';
import { usePrefix } from './use-synced-list';

/** The user's views of `list`, by name (case-blind). */
export function useListViews(list: SavedViewList): { views: SyncedListView[]; loading: boolean } {
  const { data, loading } = usePrefix<SyncedListView>(prefixOf(LIST_VIEW_SPACE));
  const views = useMemo(() => data.filter((v) => v.list === list).sort(byListViewName), [data, list]);
  return { views, loading };
}

/** What the filters row shows, as a view keeps it: the search trimmed, only the filters with values chosen. */
export function filtersOfControls<K extends string>(controls: Pick<ListControls<K>, 'searchInput' | 'selected' | 'sort'>): ListViewFilters {
  const selected: Record<string, string[]> = {};
  for (const [name, values] of Object.entries<readonly string[]>(controls.selected)) if (values.length > 0) selected[name] = [...values];
  return { search: controls.searchInput.trim(), selected, sort: controls.sort };
}

/** Whether two filter sets filter alike (the order of chosen values aside; a filter with none chosen is as one left out). */
export function sameListFilters(a: ListViewFilters, b: ListViewFilters): boolean {
  if (a.search !== b.search || a.sort !== b.sort) return false;
  const chosen = (f: ListViewFilters) => Object.entries(f.selected).filter(([, values]) => values.length > 0);
  const [x, y] = [chosen(a), chosen(b)];
  if (x.length !== y.length) return false;
  return x.every(([name, values]) => {
    const other = new Set(b.selected[name] ?? []);
    return values.length === other.size && values.every((v) => other.has(v));
  });
}
