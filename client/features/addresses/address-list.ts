/**
 * The /addresses list from the local cache (sync/areas/addresses.ts): in the directory's walking order
 * (`directoryCompare`: street name, then house number as a number), searched by street, unit and
 * resident name, filtered occupied or vacant, counted.
 */
import { directoryCompare, residencyOf, type ApiAddress } from '../../../schema/addresses';
import { DIRECTORY_PREFIX, type SyncedDirectoryAddress } from '../../../sync/areas/addresses';
import type { ListFilterConfig } from '../../lib/use-list-filters';
import { defineSyncedList } from '../../lib/use-synced-list';
import type { SelectFilterDef } from '../../ui';

// Occupied and Vacant count every resident not deleted, as the REST directory and the dashboard do.
const occupancy = (a: SyncedDirectoryAddress) => (a.residents.length > 0 ? 'occupied' : 'vacant');

export const addressList = defineSyncedList({
  name: 'addresses',
  prefix: DIRECTORY_PREFIX,
  compare: directoryCompare as (a: SyncedDirectoryAddress, b: SyncedDirectoryAddress) => number,
  counters: { occupied: (a: SyncedDirectoryAddress) => occupancy(a) === 'occupied' },
});

export const ADDRESS_FILTERS: ListFilterConfig<SyncedDirectoryAddress, 'occupancy'> = {
  search: (a) => [a.street, a.unitNumber ?? '', ...a.residents.map((r) => r.name)].join('\n'),
  selects: { occupancy },
  sorts: [{ value: 'street', label: 'Street' }],
};
export const ADDRESS_SELECTS: readonly SelectFilterDef<'occupancy'>[] = [
  {
    name: 'occupancy',
    label: 'Occupancy',
    options: [
      { value: 'occupied', label: 'Occupied' },
      { value: 'vacant', label: 'Vacant' },
    ],
  },
];

/** The address as the dialogs take it (their REST shape). */
export const apiAddressOf = (a: SyncedDirectoryAddress): ApiAddress => ({
  _id: a.id,
  street: a.street,
  unit_number: a.unitNumber,
  is_rented: a.isRented,
  notes: a.notes,
  residents: a.residents.map((r) => ({ _id: r.id, name: r.name, email: '', role: a.boardIds.includes(r.id) ? 'board' : 'resident', status: r.status })),
  createdAt: '',
  updatedAt: '',
});
export const residencyOfSynced = (a: SyncedDirectoryAddress) => residencyOf({ is_rented: a.isRented, residents: a.residents });
