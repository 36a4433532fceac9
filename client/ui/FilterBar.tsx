import { memo } from 'react';
import type { SavedViewList } from '../../schema/list-views';
import { useListControls, type ListFilters, type SortOrder } from '../lib/use-list-filters';
import { Button } from './Button';
import { ListViewsMenu } from './ListViewsMenu';
import { Field, Input } from './Field';
import { Select, type SelectOption } from './Select';
import { SearchIcon } from './icons';
import { MultiSelect } from './MultiSelect';

export interface SelectFilterDef<K extends string> {
  name: K;
  label: string;
  options: readonly SelectOption[];
}

interface FilterBarProps<T, K extends string> {
  /** useListFilters(…).store */
  filters: ListFilters<T, K>;
  /** Which list this is: the user's saved views of it are offered in the Views menu. */
  list: SavedViewList;
  /** Names the search landmark, e.g. 'Filter requests'. */
  label: string;
  /** The multi-selects; declare them at module level (or memoize), so the row skips the list's renders. */
  selects?: readonly SelectFilterDef<K>[];
  searchLabel?: string;
  searchPlaceholder?: string;
  sortable?: boolean;
}

// Each listbox of the row is memoized on its own value: a choice renders the listbox it was made
// in, not the others (a Headless UI listbox costs about a millisecond a render; a filter click's
// rows are painted in the same frame as its check mark).

function SelectFilterImpl<T, K extends string>({ def, value, filters }: { def: SelectFilterDef<K>; value: readonly string[]; filters: ListFilters<T, K> }) {
  return (
    <MultiSelect label={def.label} options={def.options} value={value} onChange={(values) => filters.setSelected(def.name, values)} className="min-w-0 flex-[1_1_9rem]" />
  );
}
const SelectFilter = memo(SelectFilterImpl) as typeof SelectFilterImpl;

function SortFilterImpl<T, K extends string>({ value, filters }: { value: SortOrder; filters: ListFilters<T, K> }) {
  return (
    <Field label="Sort" className="min-w-0 flex-[1_1_9rem]">
      <Select options={filters.sortOptions} value={value} onChange={(v) => filters.setSort(v as SortOrder)} />
    </Field>
  );
}
const SortFilter = memo(SortFilterImpl) as typeof SortFilterImpl;

/**
 * A list screen's filters row: title search, multi-select filters, the sort order, the user's saved
 * views (Views) and Clear Filters. It renders on its own state only: a keystroke does not render the list, and new
 * rows do not render the row. It wraps onto several lines on phones.
 */
function FilterBarImpl<T, K extends string>({
  filters,
  list,
  label,
  selects = [],
  searchLabel = 'Search',
  searchPlaceholder = 'Search by title...',
  sortable = true,
}: FilterBarProps<T, K>) {
  const controls = useListControls(filters);
  return (
    <div role="search" aria-label={label} className="flex flex-wrap items-end gap-3 border-b border-neutral-200 px-5 py-4">
      <Field label={searchLabel} className="min-w-0 flex-[2_1_16rem]">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500" />
          <Input type="search" value={controls.searchInput} onChange={(e) => filters.setSearch(e.target.value)} placeholder={searchPlaceholder} className="pl-9" />
        </div>
      </Field>
      {selects.map((s) => (
        <SelectFilter key={s.name} def={s} value={controls.selected[s.name]} filters={filters} />
      ))}
      {sortable && <SortFilter value={controls.sort} filters={filters} />}
      {/* Together on one line, also on phones (a long view name is cut short instead). */}
      <div className="flex max-w-full min-w-0 gap-3">
        <ListViewsMenu list={list} filters={filters} />
        <Button variant="secondary" className="shrink-0" onClick={filters.clear} disabled={!controls.isFiltered}>
          Clear Filters
        </Button>
      </div>
    </div>
  );
}

export const FilterBar = memo(FilterBarImpl) as typeof FilterBarImpl;
