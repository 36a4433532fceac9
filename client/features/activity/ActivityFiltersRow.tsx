/** The trail's filters row: search, Actor, Kind, From and To, Clear Filters. Wraps onto several lines on phones. */
import { useEffect, useState } from 'react';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityKind, type ApiActivityActor } from '../../../schema/activity';
import { api } from '../../lib/api';
import { Button, Field, Input, optionsOf, SearchIcon, Select, type SelectOption } from '../../ui';
import type { ActivityFilters } from './use-activity-filters';

const ALL = 'all';
const KIND_OPTIONS: SelectOption[] = [{ value: ALL, label: 'All kinds' }, ...optionsOf(ACTIVITY_KINDS, ACTIVITY_KIND_LABELS)];

/** The actors the trail names (the filter's options); none while they load or when the read fails. */
function useActorOptions(): SelectOption[] {
  const [actors, setActors] = useState<ApiActivityActor[]>([]);
  useEffect(() => {
    api<{ docs: ApiActivityActor[] }>('/api/activity/actors').then(
      (r) => setActors(r.docs),
      () => setActors([]),
    );
  }, []);
  return [{ value: ALL, label: 'Everyone' }, ...actors.map((a) => ({ value: a._id, label: a.name }))];
}

export function ActivityFiltersRow({ filters }: { filters: ActivityFilters }) {
  const actorOptions = useActorOptions();
  const { values, set } = filters;
  return (
    <div role="search" aria-label="Filter activity" className="flex flex-wrap items-end gap-3 border-b border-neutral-200 px-5 py-4">
      <Field label="Search" className="min-w-0 flex-[2_1_16rem]">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500" />
          <Input type="search" value={filters.searchInput} onChange={(e) => filters.setSearchInput(e.target.value)} placeholder="Search by summary..." className="pl-9" />
        </div>
      </Field>
      <Field label="Actor" className="min-w-0 flex-[1_1_8rem]">
        <Select options={actorOptions} value={values.actor || ALL} onChange={(v) => set('actor', v === ALL ? '' : v)} />
      </Field>
      <Field label="Kind" className="min-w-0 flex-[1_1_8rem]">
        <Select options={KIND_OPTIONS} value={values.kind || ALL} onChange={(v) => set('kind', v === ALL ? '' : (v as ActivityKind))} />
      </Field>
      <Field label="From" className="min-w-0 flex-[1_1_8rem]">
        <Input type="date" value={values.from} max={values.to || undefined} onChange={(e) => set('from', e.target.value)} />
      </Field>
      <Field label="To" className="min-w-0 flex-[1_1_8rem]">
        <Input type="date" value={values.to} min={values.from || undefined} onChange={(e) => set('to', e.target.value)} />
      </Field>
      {filters.active && (
        <Button variant="ghost" onClick={filters.clear}>
          Clear Filters
        </Button>
      )}
    </div>
  );
}
