/**
 * The address of a new member (Invite User): a combobox that searches the whole directory
 * as the user types (GET /api/addresses?search, after the 300 ms debounce of the list searches), so
 * any address can be chosen, not only a first page of them. "No address" is always offered.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { addressLabel } from '../../../schema/addresses';
import { NO_ADDRESS } from '../../../schema/users';
import { FILTER_DEBOUNCE_MS } from '../../lib/use-list-filters';
import { CheckIcon, ChevronDownIcon, cx } from '../../ui';
import { anchorAt } from '../../ui/anchor';
import { Input, useFieldIds } from '../../ui/Field';
import { addressesApi } from '../users/users-api';

export interface PickedAddress {
  _id: string;
  label: string;
}
export const NO_ADDRESS_PICKED: PickedAddress = { _id: NO_ADDRESS, label: 'No address' };
/** The choices shown at once: enough to scroll, few enough to ask for while typing. */
const SHOWN = 20;

type Found = { query: string; addresses: PickedAddress[]; more: boolean } | { query: string; failed: true };

export function AddressPicker({ value, onChange, open }: { value: PickedAddress; onChange: (a: PickedAddress) => void; open: boolean }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  // The kit's Input (the Field's error describes it) under the Field's control id, which Headless UI
  // takes as the combobox's own.
  const field = useFieldIds();

  useEffect(() => {
    if (!open) return;
    let current = true;
    const q = query.trim();
    const timer = setTimeout(
      () =>
        addressesApi.page(1, SHOWN, q || undefined).then(
          (r) => current && setFound({ query: q, addresses: r.docs.map((a) => ({ _id: a._id, label: addressLabel(a) })), more: r.hasNextPage }),
          () => current && setFound({ query: q, failed: true }),
        ),
      q ? FILTER_DEBOUNCE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, open]);

  const searching = !found || found.query !== query.trim();
  const options = found && 'addresses' in found ? found.addresses : [];
  const status = searching
    ? 'Searching...'
    : found && 'failed' in found
      ? 'Failed to load addresses'
      : options.length === 0
        ? 'No addresses match'
        : found && 'more' in found && found.more
          ? 'Type to find more addresses'
          : null;

  return (
    <Combobox value={value} by="_id" onChange={(a: PickedAddress | null) => onChange(a ?? NO_ADDRESS_PICKED)} onClose={() => setQuery('')} immediate>
      <div className="relative">
        <ComboboxInput
          as={Input}
          id={field?.controlId}
          className="pr-9"
          displayValue={(a: PickedAddress | null) => (a && a._id !== NO_ADDRESS ? a.label : '')}
          placeholder="No address (type to search)"
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
        />
        <ComboboxButton className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-neutral-500" aria-label="Show addresses">
          <ChevronDownIcon className="size-4" />
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor={anchorAt('bottom start', 4)}
        className="z-[60] max-h-64 w-(--input-width) min-w-56 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-1 shadow-popover empty:invisible focus:outline-none"
      >
        {[NO_ADDRESS_PICKED, ...options].map((a) => (
          <ComboboxOption
            key={a._id}
            value={a}
            className="group flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-800 select-none data-focus:bg-neutral-100"
          >
            <CheckIcon className="invisible size-4 shrink-0 text-accent-700 group-data-selected:visible" />
            <span className={cx(a._id === NO_ADDRESS && 'text-neutral-600')}>{a.label}</span>
          </ComboboxOption>
        ))}
        {status && (
          <p className="px-2 py-1.5 text-sm text-neutral-600" role="status">
            {status}
          </p>
        )}
      </ComboboxOptions>
    </Combobox>
  );
}
