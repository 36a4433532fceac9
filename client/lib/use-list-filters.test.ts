import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterPredicate, FILTER_DEBOUNCE_MS, ListFilters, type ListFilterConfig } from './use-list-filters';

interface Request {
  title: string;
  category: string;
  status: string;
}

const config: ListFilterConfig<Request, 'category' | 'status'> = {
  search: (r) => r.title,
  selects: { category: (r) => r.category, status: (r) => r.status },
};

const requests: Request[] = [
  { title: 'Broken gate', category: 'maintenance', status: 'open' },
  { title: 'Fence height question', category: 'inquiry', status: 'open' },
  { title: 'Gate code', category: 'inquiry', status: 'resolved' },
  { title: 'New deck', category: 'modification', status: 'in_progress' },
];
const titles = (filters: ListFilters<Request, 'category' | 'status'>) => {
  const filter = filters.getQuery().filter;
  return requests.filter((r) => !filter || filter(r)).map((r) => r.title);
};

describe('list filters', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each keystroke at once and applies the search 300 ms after the last one', () => {
    const filters = new ListFilters(config);
    const seen: string[] = [];
    filters.subscribe(() => seen.push(filters.getControls().searchInput));
    const query = filters.getQuery();

    filters.setSearch('g');
    vi.advanceTimersByTime(200);
    filters.setSearch('ga');
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    expect(seen).toEqual(['g', 'ga']);
    // The list's snapshot is untouched while typing: the list does not render on keystrokes.
    expect(filters.getQuery()).toBe(query);
    expect(titles(filters)).toHaveLength(4);

    const controls = filters.getControls();
    vi.advanceTimersByTime(1);
    expect(filters.getQuery().applied.search).toBe('ga');
    expect(titles(filters)).toEqual(['Broken gate', 'Gate code']);
    // Applying changes nothing the filters row shows: the row does not render.
    expect(filters.getControls()).toBe(controls);
  });

  it('applies multi-select filters and the sort at once, keeping a pending search pending', () => {
    const filters = new ListFilters(config);
    filters.setSearch('gate');
    filters.setSelected('category', ['inquiry', 'maintenance']);
    expect(titles(filters)).toEqual(['Broken gate', 'Fence height question', 'Gate code']);
    filters.setSelected('status', ['open']);
    expect(titles(filters)).toEqual(['Broken gate', 'Fence height question']);
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    expect(titles(filters)).toEqual(['Broken gate']);

    const filter = filters.getQuery().filter;
    filters.setSort('oldest');
    expect(filters.getQuery()).toMatchObject({ applied: { sort: 'oldest' }, reverse: true });
    expect(filters.getControls().sort).toBe('oldest');
    // The order is not a filter: the predicate stays.
    expect(filters.getQuery().filter).toBe(filter);
  });

  it('gives a new predicate on every applied change and none when nothing changed', () => {
    const filters = new ListFilters(config);
    const predicates = new Set<unknown>();
    filters.subscribe(() => predicates.add(filters.getQuery().filter));
    filters.setSelected('status', ['open']);
    filters.setSelected('status', ['open']);
    filters.setSearch('deck');
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    const query = filters.getQuery();
    // A trailing space changes the box, not the applied search.
    filters.setSearch('deck ');
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    expect(filters.getQuery()).toBe(query);
    expect(predicates.size).toBe(2);
  });

  it('clears everything at once and drops a pending search', () => {
    const filters = new ListFilters(config);
    expect(filters.isFiltered).toBe(false);
    filters.setSelected('category', ['inquiry']);
    filters.setSort('oldest');
    filters.setSearch('fence');
    expect(filters.isFiltered).toBe(true);
    filters.clear();
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    expect(filters.getControls()).toEqual({ searchInput: '', selected: { category: [], status: [] }, sort: 'newest' });
    expect(filters.getQuery()).toEqual({ applied: { search: '', selected: { category: [], status: [] }, sort: 'newest' }, filter: undefined, reverse: false });
    expect(filters.isFiltered).toBe(false);
  });

  it('counts a typed but not yet applied search as something to clear', () => {
    const filters = new ListFilters(config);
    filters.setSearch('x');
    expect(filters.isFiltered).toBe(true);
    filters.setSearch('  ');
    expect(filters.isFiltered).toBe(false);
  });
});

describe('filterPredicate', () => {
  it('matches the search case-insensitively, any value within a filter, every filter together', () => {
    const match = filterPredicate({ search: 'GATE', selected: { category: [], status: ['open', 'resolved'] }, sort: 'newest' }, config)!;
    expect(requests.filter(match).map((r) => r.title)).toEqual(['Broken gate', 'Gate code']);
    const inquiries = filterPredicate({ search: '', selected: { category: ['inquiry'], status: ['resolved'] }, sort: 'newest' }, config)!;
    expect(requests.filter(inquiries).map((r) => r.title)).toEqual(['Gate code']);
  });

  it('matches the search as typed, characters such as ( . * ? included', () => {
    const rows = [{ title: 'Pool (north) 1.5 m?', category: 'a', status: 'open' }, { title: 'Pool north 105 m', category: 'a', status: 'open' }];
    const search = (text: string) => rows.filter(filterPredicate({ search: text, selected: { category: [], status: [] }, sort: 'newest' }, config)!).map((r) => r.title);
    expect(search('(NORTH)')).toEqual(['Pool (north) 1.5 m?']);
    expect(search('1.5')).toEqual(['Pool (north) 1.5 m?']);
    expect(search('m?')).toEqual(['Pool (north) 1.5 m?']);
    expect(search('pool')).toEqual(['Pool (north) 1.5 m?', 'Pool north 105 m']);
  });

  it('is absent when nothing filters, so lists skip the pass', () => {
    expect(filterPredicate({ search: '', selected: { category: [], status: [] }, sort: 'oldest' }, config)).toBeUndefined();
  });
});
