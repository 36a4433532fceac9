/**
 * The resident directory case of the list benchmark: 10,000 listed members as the server syncs them
 * to a resident, through the real directory list spec (by name), the screen's search (name, street)
 * and its columns. The directory has no multi-select filter: the driver measures search and synced
 * changes only.
 */
import type { ReadonlyJSONValue } from 'replicache';
import { DIRECTORY_COLUMNS, DIRECTORY_FILTERS } from '../../../client/features/directory/DirectoryPage';
import { directoryList } from '../../../client/features/directory/use-directory';
import { directoryEntryKey, DIRECTORY_ENTRY_PREFIX, DIRECTORY_ENTRY_SPACE, type SyncedDirectoryEntry } from '../../../sync/areas/directory';
import type { BenchCase } from './cases';

const FIRST = ['Ada', 'Ben', 'Cora', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jia', 'Kai', 'Lena'];
const LAST = ['Abbott', 'Bryant', 'Castillo', 'Diaz', 'Ellison', 'Fischer', 'Garcia', 'Hughes'];
const STREETS = ['Maple Avenue', 'Birch Lane', 'Willow Way', 'Cedar Court', 'Aspen Drive'];

export function benchListing(i: number, edit = 0): SyncedDirectoryEntry {
  const home = i % 2500;
  return {
    id: `bench-dir-${String(i).padStart(5, '0')}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[(i >> 3) % LAST.length]} ${i}${edit ? ` (edit ${edit})` : ''}`,
    address: { id: `bench-adr-${home}`, street: `${100 + Math.floor(home / STREETS.length)} ${STREETS[home % STREETS.length]}`, unitNumber: i % 7 ? null : String(1 + (i % 4)) },
    // What each chose to share: both, one, or none.
    email: i % 3 ? `listed${i}@bench.test` : null,
    phone: i % 2 ? `512-555-${String(i % 10_000).padStart(4, '0')}` : null,
    version: 1 + edit,
  };
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;

export const directoryCase: BenchCase<SyncedDirectoryEntry, never, never> = {
  title: 'Resident Directory',
  space: DIRECTORY_ENTRY_SPACE,
  list: directoryList,
  filters: DIRECTORY_FILTERS,
  selects: [],
  sortable: false,
  columns: DIRECTORY_COLUMNS,
  useStats: (l) => [
    { label: 'Listed', value: l.size },
    { label: 'Matching', value: l.counted ?? '–' },
  ],
  entries: (n) => Array.from({ length: n }, (_, i): [string, ReadonlyJSONValue] => [directoryEntryKey(benchListing(i).id), json(benchListing(i))]),
  changed: (i, edit) => {
    const e = benchListing(i, edit);
    return [directoryEntryKey(e.id), json(e)];
  },
  collectionOp: (k, rows) => {
    const e = benchListing((k * 7919) % rows, k + 1);
    return { op: 'change', key: directoryEntryKey(e.id), oldValue: null, newValue: json(e) };
  },
  collectionFilter: (e) => e.name.includes('77') || (e.address?.street.includes('Willow') ?? false),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(DIRECTORY_ENTRY_PREFIX))
      .map(([, value]) => value as unknown as SyncedDirectoryEntry)
      .filter(filter)
      .sort(directoryList.compare),
};
