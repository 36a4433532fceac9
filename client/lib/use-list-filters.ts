/**
 * A list screen's filters: a title search applied 300 ms after the last keystroke
 * (the box itself shows every keystroke at once), multi-select filters and the sort order applied at
 * once, Clear Filters. The applied filters become one predicate for useSyncedList; a new predicate
 * (any applied change) starts paging over there.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ListViewSort } from '../../schema/list-views';
import type { Predicate } from './synced-collection';

/** Search and filter debounce. */
export const FILTER_DEBOUNCE_MS = 300;
/** Rows per Load more step on list screens. */
export const LIST_PAGE_SIZE = 10;

/** The kit's orders (newest, oldest), or one of a list's own (`ListFilterConfig.sorts`, e.g. by name). */
export type SortOrder = ListViewSort;
export const SORT_OPTIONS: readonly { value: SortOrder; label: string }[] = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
];

export interface ListFilterConfig<T, K extends string> {
  /** The text the search box matches, case-insensitively (e.g. the title). */
  search: (item: T) => string;
  /** The multi-select filters, by name, and the value of an item each one tests. */
  selects: Record<K, (item: T) => string>;
  /** The Sort choices when the list has its own (the first is the default); Newest First and Oldest First otherwise. */
  sorts?: readonly { value: SortOrder; label: string }[];
  debounceMs?: number;
}

export interface AppliedFilters<K extends string> {
  /** The search as applied: trimmed, after the debounce. */
  search: string;
  /** Chosen values per multi-select; none chosen lets every item through. */
  selected: Readonly<Record<K, readonly string[]>>;
  sort: SortOrder;
}

/** What the list reads: changes only when the applied filters change (not on keystrokes). */
export interface ListQuery<T, K extends string> {
  applied: AppliedFilters<K>;
  /** The applied filters as one predicate; undefined when nothing filters. A new one on every applied filter change. */
  filter: Predicate<T> | undefined;
  /** For useSyncedList: the spec's order backwards when Oldest First (a list with its own sorts picks its spec by `applied.sort`). */
  reverse: boolean;
}

/** What the filters row shows: changes on keystrokes and choices, not when the search is applied. */
export interface ListControls<K extends string> {
  searchInput: string;
  selected: Readonly<Record<K, readonly string[]>>;
  sort: SortOrder;
}

/** `text` as a regular expression matching it literally, case-insensitively. */
const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');

/**
 * The predicate of `applied`: every chosen filter must hold (any chosen value within one filter). The
 * search is one case-insensitive regular expression tested on each row's text: no lower-cased copy
 * of the text is made or looked up (a WeakMap of them cost several times the test itself at 100,000 rows).
 */
export function filterPredicate<T, K extends string>(applied: AppliedFilters<K>, config: ListFilterConfig<T, K>): Predicate<T> | undefined {
  const query = applied.search ? literal(applied.search) : null;
  const tests = (Object.keys(config.selects) as K[])
    .filter((name) => applied.selected[name].length > 0)
    .map((name) => [config.selects[name], new Set(applied.selected[name])] as const);
  if (!query && tests.length === 0) return undefined;
  const { search } = config;
  return (item) => {
    for (const [value, chosen] of tests) if (!chosen.has(value(item))) return false;
    return !query || query.test(search(item));
  };
}

const sameValues = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The filter state outside React (tested with fake timers). Two snapshots, so that a keystroke
 * renders only the filters row and an applied search only the list.
 */
export class ListFilters<T, K extends string> {
  private query: ListQuery<T, K>;
  private controls: ListControls<K>;
  private readonly initial: AppliedFilters<K>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly config: ListFilterConfig<T, K>) {
    const selected = {} as Record<K, readonly string[]>;
    for (const name of Object.keys(config.selects) as K[]) selected[name] = [];
    const sort = config.sorts?.[0]?.value ?? 'newest';
    this.initial = { search: '', selected, sort };
    this.query = { applied: this.initial, filter: undefined, reverse: false };
    this.controls = { searchInput: '', selected, sort };
  }

  /** The Sort choices of this list. */
  get sortOptions(): readonly { value: SortOrder; label: string }[] {
    return this.config.sorts ?? SORT_OPTIONS;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getQuery = () => this.query;
  getControls = () => this.controls;

  /** Shows `text` at once; applies it once typing paused for the debounce. */
  setSearch = (text: string) => {
    this.cancel();
    this.controls = { ...this.controls, searchInput: text };
    this.emit();
    this.timer = setTimeout(() => this.apply({ search: text.trim() }), this.config.debounceMs ?? FILTER_DEBOUNCE_MS);
  };

  setSelected = (name: K, values: readonly string[]) => this.apply({ selected: { ...this.query.applied.selected, [name]: values } });

  setSort = (sort: SortOrder) => this.apply({ sort });

  /** Clear Filters: everything back to the defaults at once, a pending search dropped. */
  clear = () => {
    this.cancel();
    const { selected, sort } = this.initial;
    this.controls = { searchInput: '', selected, sort };
    this.query = { applied: this.initial, filter: undefined, reverse: false };
    this.emit();
  };

  /**
   * A saved view: its search, chosen values and order shown and applied at once, a pending search
   * dropped. Values of filters this list does not have are left out.
   */
  applyView = (view: { search: string; selected: Readonly<Record<string, readonly string[]>>; sort: SortOrder }) => {
    this.cancel();
    const selected = {} as Record<K, readonly string[]>;
    for (const name of Object.keys(this.initial.selected) as K[]) selected[name] = view.selected[name] ?? [];
    this.controls = { ...this.controls, searchInput: view.search };
    this.apply({ search: view.search.trim(), selected, sort: view.sort });
    this.emit();
  };

  /** Drops a pending search (the screen closed). */
  cancel = () => clearTimeout(this.timer);

  /** Anything to clear: a search typed (applied or not), a value chosen, or another order. */
  get isFiltered(): boolean {
    const { searchInput, selected, sort } = this.controls;
    return searchInput.trim() !== '' || sort !== this.initial.sort || Object.values<readonly string[]>(selected).some((v) => v.length > 0);
  }

  private apply(patch: Partial<AppliedFilters<K>>) {
    const current = this.query.applied;
    const next = { ...current, ...patch };
    // Unchanged filters keep their identity, so paging does not start over (e.g. a trailing space typed).
    const same =
      next.search === current.search && next.sort === current.sort && (Object.keys(next.selected) as K[]).every((k) => sameValues(next.selected[k], current.selected[k]));
    if (same) return;
    const filterChanged = next.search !== current.search || next.selected !== current.selected;
    this.query = { applied: next, filter: filterChanged ? filterPredicate(next, this.config) : this.query.filter, reverse: next.sort === 'oldest' };
    if (next.selected !== this.controls.selected || next.sort !== this.controls.sort) this.controls = { ...this.controls, selected: next.selected, sort: next.sort };
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export interface ListFiltersHandle<T, K extends string> extends ListQuery<T, K> {
  /** For the filters row (FilterBar). */
  store: ListFilters<T, K>;
}

/**
 * The filter state of one list screen, as the list reads it: the component re-renders when the
 * applied filters change, not on keystrokes. `config` is read once (declare it at module level).
 */
export function useListFilters<T, K extends string>(config: ListFilterConfig<T, K>): ListFiltersHandle<T, K> {
  const [store] = useState(() => new ListFilters(config));
  useEffect(() => store.cancel, [store]);
  const query = useSyncExternalStore(store.subscribe, store.getQuery);
  return { ...query, store };
}

/** The filters row's state: re-renders on keystrokes and choices. */
export function useListControls<T, K extends string>(store: ListFilters<T, K>): ListControls<K> & { isFiltered: boolean } {
  const controls = useSyncExternalStore(store.subscribe, store.getControls);
  return { ...controls, isFiltered: store.isFiltered };
}
