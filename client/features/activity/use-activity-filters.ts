/**
 * The trail's filters: actor, kind and days applied at once, the summary search 300 ms after the last
 * keystroke (the box shows each keystroke at once). `query` is what the REST list and its export read.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ActivityKind } from '../../../schema/activity';
import { FILTER_DEBOUNCE_MS } from '../../lib/use-list-filters';

export interface ActivityFilterValues {
  actor: string;
  kind: ActivityKind | '';
  from: string;
  to: string;
}

const NONE: ActivityFilterValues = { actor: '', kind: '', from: '', to: '' };

export function useActivityFilters() {
  const [values, setValues] = useState<ActivityFilterValues>(NONE);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  // A start after the end is not sent: the list shows what the other filters give.
  const query = useMemo(() => {
    const range = values.from && values.to && values.from > values.to ? {} : { from: values.from || undefined, to: values.to || undefined };
    return {
      actor: values.actor || undefined,
      kind: values.kind || undefined,
      q: search || undefined,
      ...range,
    };
  }, [values, search]);
  const set = <K extends keyof ActivityFilterValues>(key: K, value: ActivityFilterValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const clear = () => {
    setValues(NONE);
    setSearchInput('');
    setSearch('');
  };
  const active = searchInput !== '' || Object.values(values).some((v) => v !== '');
  return { values, set, searchInput, setSearchInput, query, clear, active };
}
export type ActivityFilters = ReturnType<typeof useActivityFilters>;
