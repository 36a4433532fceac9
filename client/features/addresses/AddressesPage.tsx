/**
 * /addresses: Total Addresses and Occupied, the All Addresses table
 * (residents with a Board badge, residency Vacant / Renter / Owner, notes), Load more ("No more
 * addresses"), Add Address, Edit Address and Manage Residents. REST, like /users.
 */
import { useState } from 'react';
import { ADDRESS_MESSAGES, ADDRESS_PAGE_SIZE, addressLabel, addressSaved, OCCUPIED_MEANS, residencyOf, type AddressStatistics, type ApiAddress, type Residency } from '../../../schema/addresses';
import { userPolicy } from '../../../schema/users';
import { usePagedList } from '../../lib/use-paged-list';
import { useCurrentUser } from '../../lib/session';
import { Alert, Badge, Button, EmptyState, ListScreen, useToast, type BadgeVariant, type Column } from '../../ui';
import { AddressDialog } from './AddressDialog';
import { ManageResidentsDialog } from './ManageResidentsDialog';

type Open = { kind: 'add' } | { kind: 'edit'; address: ApiAddress } | { kind: 'residents'; address: ApiAddress } | null;
const RESIDENCY_VARIANT: Record<Residency, BadgeVariant> = { Vacant: 'outline', Renter: 'warning', Owner: 'success' };

export function AddressesPage() {
  const me = useCurrentUser();
  const manage = !!me && userPolicy.mayManage(me.role);
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const list = usePagedList<ApiAddress, AddressStatistics>('/api/addresses', {
    limit: ADDRESS_PAGE_SIZE,
    loadFailed: ADDRESS_MESSAGES.loadFailed,
    loadMoreFailed: ADDRESS_MESSAGES.loadMoreFailed,
  });

  const saved = (a: ApiAddress, verb: 'created' | 'updated') => {
    setOpen(null);
    toast.success(addressSaved(a, verb), 5000);
    void list.reload();
  };

  const columns: Column<ApiAddress>[] = [
    { header: 'Address', primary: true, cell: (a) => addressLabel(a) },
    {
      header: 'Residents',
      cell: (a) =>
        a.residents.length === 0 ? (
          <span className="text-neutral-600">None</span>
        ) : (
          <ul className="space-y-0.5">
            {a.residents.map((r) => (
              <li key={r._id} className="flex flex-wrap items-center gap-1.5">
                {r.name}
                {r.role === 'board' && <Badge variant="default">Board</Badge>}
              </li>
            ))}
          </ul>
        ),
    },
    {
      header: 'Residency',
      cell: (a) => {
        const r = residencyOf(a);
        return <Badge variant={RESIDENCY_VARIANT[r]}>{r}</Badge>;
      },
    },
    { header: 'Notes', className: 'max-w-xs', cell: (a) => (a.notes ? <span className="line-clamp-2">{a.notes}</span> : <span className="text-neutral-600">—</span>) },
    ...(manage
      ? [
          {
            header: 'Actions',
            className: 'text-right',
            cell: (a: ApiAddress) => (
              <div className="flex justify-start gap-1.5 sm:justify-end">
                <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'edit', address: a })}>
                  Edit<span className="sr-only"> {addressLabel(a)}</span>
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'residents', address: a })}>
                  Assign<span className="sr-only"> residents to {addressLabel(a)}</span>
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];

  const add = manage ? <Button onClick={() => setOpen({ kind: 'add' })}>Add Address</Button> : undefined;
  const s = list.statistics;
  return (
    <>
      <ListScreen
        title="Address Directory"
        subtitle="Manage community addresses and residents"
        actions={add}
        banner={list.error && <Alert tone="error">{list.error}</Alert>}
        stats={[
          { label: 'Total Addresses', value: s?.totalAddresses ?? '–' },
          { label: 'Occupied', value: s?.occupied ?? '–', hint: OCCUPIED_MEANS },
        ]}
        tableTitle="All Addresses"
        columns={columns}
        rowKey={(a) => a._id}
        rows={list.rows}
        empty={<EmptyState title="No addresses yet" action={add} />}
        exhaustedText={ADDRESS_MESSAGES.exhausted}
      />
      <AddressDialog open={open?.kind === 'add'} address={null} onClose={() => setOpen(null)} onSaved={(a) => saved(a, 'created')} />
      <AddressDialog open={open?.kind === 'edit'} address={open?.kind === 'edit' ? open.address : null} onClose={() => setOpen(null)} onSaved={(a) => saved(a, 'updated')} />
      <ManageResidentsDialog
        address={open?.kind === 'residents' ? open.address : null}
        onClose={() => setOpen(null)}
        onChanged={async (fresh) => {
          // The list refreshes, and the dialog reopens with the fresh address.
          await list.reload();
          setOpen({ kind: 'residents', address: fresh });
        }}
      />
    </>
  );
}
