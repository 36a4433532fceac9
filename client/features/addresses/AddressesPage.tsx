/**
 * /addresses: Total Addresses and Occupied, the All Addresses table from the local cache (residents
 * with a Board badge, residency Vacant / Renter / Owner, notes) in the directory's walking order, with
 * its filters row (search by street, unit or resident; Occupied / Vacant) and Load more ("No more
 * addresses"); Add Address, Edit Address, Manage Residents, Delete Address (only when no one lives
 * there) and Export CSV. The writes are REST; their result comes back through sync.
 */
import { useMemo, useState } from 'react';
import { ADDRESS_MESSAGES, ADDRESS_PAGE_SIZE, addressDeleted, addressLabel, addressSaved, OCCUPIED_MEANS, type ApiAddress, type Residency } from '../../../schema/addresses';
import { ADDRESS_EXPORT_COLUMNS, ADDRESS_EXPORT_NAME } from '../../../schema/people-export';
import { peoplePolicy } from '../../../schema/people';
import { userPolicy } from '../../../schema/users';
import { directoryKey, type SyncedDirectoryAddress } from '../../../sync/areas/addresses';
import { useCurrentUser } from '../../lib/session';
import { useListFilters } from '../../lib/use-list-filters';
import { useSyncedList, useSyncedRow } from '../../lib/use-synced-list';
import { Badge, Button, EmptyState, FilterBar, lazyDialog, ListScreen, RowActions, useToast, type BadgeVariant, type Column } from '../../ui';
import { ConfirmAction } from '../people/ConfirmAction';
import { ExportDialog } from '../people/ExportDialog';
import { StatusBadge } from '../users/badges';
import { addressesApi } from '../users/users-api';
import { ADDRESS_FILTERS, ADDRESS_SELECTS, addressList, apiAddressOf, residencyOfSynced } from './address-list';

// Each in a chunk of its own, loaded at its first open: their forms are no part of the list's first paint.
const AddressDialog = lazyDialog(() => import('./AddressDialog'), 'AddressDialog', (p) => p.open);
const ManageResidentsDialog = lazyDialog(() => import('./ManageResidentsDialog'), 'ManageResidentsDialog', (p) => p.address !== null);

type Open = { kind: 'add' | 'export' } | { kind: 'edit' | 'residents' | 'delete'; address: ApiAddress } | null;
const RESIDENCY_VARIANT: Record<Residency, BadgeVariant> = { Vacant: 'outline', Renter: 'warning', Owner: 'success' };
const label = (a: SyncedDirectoryAddress) => addressLabel({ street: a.street, unit_number: a.unitNumber });

function addressColumns(manage: boolean, open: (o: Open) => void): Column<SyncedDirectoryAddress>[] {
  return [
    { header: 'Address', primary: true, cell: label },
    {
      header: 'Residents',
      cell: (a) =>
        a.residents.length === 0 ? (
          <span className="text-neutral-600">None</span>
        ) : (
          <ul className="space-y-0.5">
            {a.residents.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-1.5">
                {r.name}
                {a.boardIds.includes(r.id) && <Badge variant="default">Board</Badge>}
                {r.status !== 'active' && <StatusBadge status={r.status} />}
              </li>
            ))}
          </ul>
        ),
    },
    {
      header: 'Residency',
      cell: (a) => {
        const r = residencyOfSynced(a);
        return <Badge variant={RESIDENCY_VARIANT[r]}>{r}</Badge>;
      },
    },
    { header: 'Notes', className: 'max-w-xs', cell: (a) => (a.notes ? <span className="line-clamp-2">{a.notes}</span> : <span className="text-neutral-600">—</span>) },
    ...(manage
      ? [
          {
            header: 'Actions',
            className: 'text-right',
            cell: (a: SyncedDirectoryAddress) => (
              <RowActions>
                <Button size="sm" variant="secondary" onClick={() => open({ kind: 'edit', address: apiAddressOf(a) })}>
                  Edit<span className="sr-only"> {label(a)}</span>
                </Button>
                <Button size="sm" variant="secondary" onClick={() => open({ kind: 'residents', address: apiAddressOf(a) })}>
                  Assign<span className="sr-only"> residents to {label(a)}</span>
                </Button>
                {/* First at desktop widths, so Edit and Assign line up down the right edge whether or not a row has it. */}
                {peoplePolicy.mayDeleteAddress({ residentCount: a.residents.length }) && (
                  <Button size="sm" variant="danger-ghost" className="sm:order-first" onClick={() => open({ kind: 'delete', address: apiAddressOf(a) })}>
                    Delete<span className="sr-only"> {label(a)}</span>
                  </Button>
                )}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
}

export function AddressesPage() {
  const me = useCurrentUser();
  const manage = !!me && userPolicy.mayManage(me.role);
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const filters = useListFilters(ADDRESS_FILTERS);
  const list = useSyncedList(addressList, { filter: filters.filter, pageSize: ADDRESS_PAGE_SIZE });
  const everyMatch = useSyncedList(addressList, { filter: filters.filter, pageSize: open?.kind === 'export' ? Infinity : 0 });
  const columns = useMemo(() => addressColumns(manage, setOpen), [manage]);

  const saved = (a: ApiAddress, verb: 'created' | 'updated') => {
    setOpen(null);
    toast.success(addressSaved(a, verb), 5000);
  };
  const close = () => setOpen(null);
  const target = open && 'address' in open ? open.address : null;
  // Edit Address follows the address as sync brings it (the save of a moment ago, another board member's).
  const edited = useSyncedRow<SyncedDirectoryAddress>(directoryKey, open?.kind === 'edit' ? open.address._id : null);
  const add = manage ? <Button onClick={() => setOpen({ kind: 'add' })}>Add Address</Button> : undefined;
  return (
    <>
      <ListScreen
        title="Address Directory"
        subtitle="Manage community addresses and residents"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setOpen({ kind: 'export' })}>
              Export CSV
            </Button>
            {add}
          </div>
        }
        stats={[
          { label: 'Total Addresses', value: list.size },
          { label: 'Occupied', value: list.counters.occupied, hint: OCCUPIED_MEANS },
        ]}
        filters={<FilterBar filters={filters.store} list="addresses" label="Filter addresses" selects={ADDRESS_SELECTS} searchPlaceholder="Search by street, unit or resident..." />}
        tableTitle="All Addresses"
        columns={columns}
        rowKey={(a) => a.id}
        rows={list}
        // Add Address is in the header (the cache may still be on its first pull).
        empty={<EmptyState title={list.size === 0 ? 'No addresses yet' : 'No addresses found'} />}
        exhaustedText={ADDRESS_MESSAGES.exhausted}
      />
      <AddressDialog open={open?.kind === 'add'} address={null} onClose={close} onSaved={(a) => saved(a, 'created')} />
      <AddressDialog open={open?.kind === 'edit'} address={open?.kind === 'edit' ? (edited ? apiAddressOf(edited) : open.address) : null} onClose={close} onSaved={(a) => saved(a, 'updated')} />
      <ManageResidentsDialog
        address={open?.kind === 'residents' ? open.address : null}
        onClose={close}
        // The dialog reopens with the fresh address (the list follows through sync).
        onChanged={async (fresh) => setOpen({ kind: 'residents', address: fresh })}
      />
      <ConfirmAction
        open={open?.kind === 'delete'}
        title="Delete Address"
        label="Delete Address"
        busyText="Deleting..."
        failed={ADDRESS_MESSAGES.deleteFailed}
        onClose={close}
        onConfirm={async () => {
          await addressesApi.remove(target!._id);
          setOpen(null);
          toast.success(addressDeleted(target!), 5000);
        }}
      >
        <p>
          Delete <strong>{target && addressLabel(target)}</strong> from the directory? No one lives there.
        </p>
      </ConfirmAction>
      <ExportDialog open={open?.kind === 'export'} onClose={close} columns={ADDRESS_EXPORT_COLUMNS} rows={() => everyMatch.items} fileName={ADDRESS_EXPORT_NAME} what="addresses" />
    </>
  );
}
