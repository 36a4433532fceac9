/**
 * /directory: the members of the HOA who chose to be listed, by name, from the local cache (offline
 * too), each with their address and only what they share; searched by name or street. While the HOA
 * has the directory off it says so (and the cache holds no entries).
 */
import { useMemo } from 'react';
import { DIRECTORY_MESSAGES, directoryPolicy } from '../../../schema/directory';
import type { SyncedDirectoryEntry } from '../../../sync/areas/directory';
import { formatAddress } from '../../lib/format';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { ButtonLink, Card, type Column, EmptyState, FilterBar, ListScreen, PageHeader } from '../../ui';
import { useDirectoryEnabled, useDirectoryList } from './use-directory';

const TITLE = 'Resident Directory';
const SUBTITLE = 'Neighbours who chose to be listed, and how they like to be reached';
export const DIRECTORY_FILTERS: ListFilterConfig<SyncedDirectoryEntry, never> = { search: directoryPolicy.searchText, selects: {} };

const notShared = <span className="text-neutral-500">Not shared</span>;
const address = (e: SyncedDirectoryEntry) => formatAddress(e.address && { street: e.address.street, unit_number: e.address.unitNumber }) ?? <span className="text-neutral-500">No address</span>;
const email = (e: SyncedDirectoryEntry) =>
  e.email ? (
    <a href={`mailto:${e.email}`} className="break-all text-accent-700 hover:underline">
      {e.email}
    </a>
  ) : (
    notShared
  );
const phone = (e: SyncedDirectoryEntry) =>
  e.phone ? (
    <a href={`tel:${e.phone}`} className="whitespace-nowrap text-accent-700 hover:underline">
      {e.phone}
    </a>
  ) : (
    notShared
  );

export const DIRECTORY_COLUMNS: Column<SyncedDirectoryEntry>[] = [
  { header: 'Name', primary: true, cell: (e) => <span className="font-medium text-neutral-900">{e.name}</span> },
  { header: 'Address', cell: address },
  { header: 'Email', cell: email },
  { header: 'Phone', cell: phone },
];

const myListing = (
  <ButtonLink href="/profile" variant="secondary">
    My Listing
  </ButtonLink>
);

export function DirectoryPage() {
  const enabled = useDirectoryEnabled();
  const filters = useListFilters(DIRECTORY_FILTERS);
  const list = useDirectoryList({ filter: filters.filter, pageSize: LIST_PAGE_SIZE });
  const columns = useMemo(() => DIRECTORY_COLUMNS, []);
  if (enabled === false) {
    return (
      <div>
        <PageHeader title={TITLE} />
        <Card>
          <EmptyState title={DIRECTORY_MESSAGES.turnedOff} />
        </Card>
      </div>
    );
  }
  return (
    <ListScreen
      title={TITLE}
      subtitle={SUBTITLE}
      actions={myListing}
      filters={<FilterBar filters={filters.store} list="directory" label="Search the directory" searchPlaceholder="Search by name or street..." sortable={false} />}
      tableTitle="Listed Residents"
      columns={columns}
      rowKey={(e) => e.id}
      rows={list}
      empty={<EmptyState title={list.size === 0 ? 'No one is listed yet' : 'No residents found'} description={list.size === 0 ? 'Residents choose to be listed on their profile.' : undefined} />}
      exhaustedText="No more residents"
    />
  );
}
