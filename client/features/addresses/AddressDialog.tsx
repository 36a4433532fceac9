/**
 * Add Address and Edit Address (platform §2, §5): street, unit number, Property Type (Owner-Occupied
 * or Rental Property) and notes, with the remaining-characters hints from 8 and 450 characters on.
 */
import { useEffect, useState } from 'react';
import { ADDRESS_MESSAGES, addressSchema, NOTES_HINT_AT, NOTES_MAX, PROPERTY_TYPES, UNIT_HINT_AT, UNIT_MAX, type ApiAddress } from '../../../schema/addresses';
import { errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert, Dialog, DialogActions, Field, Input, Select, Textarea } from '../../ui';
import { addressesApi } from '../users/users-api';

const remaining = (value: string, from: number, max: number) => (value.length >= from ? `${max - value.length} characters remaining` : undefined);

export function AddressDialog({ open, address, onClose, onSaved }: { open: boolean; address: ApiAddress | null; onClose: () => void; onSaved: (a: ApiAddress) => void }) {
  const editing = !!address;
  const [values, setValues] = useState({ street: '', unit_number: '', is_rented: 'false', notes: '' });
  useEffect(() => {
    if (open) setValues({ street: address?.street ?? '', unit_number: address?.unit_number ?? '', is_rented: String(address?.is_rented ?? false), notes: address?.notes ?? '' });
  }, [open, address]);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const payload = { ...values, is_rented: values.is_rented === 'true' };
  const form = useFormSubmit(
    addressSchema,
    payload,
    async (data) => onSaved(editing ? await addressesApi.update(address._id, data) : await addressesApi.create(data)),
    (e) => errorMessage(e, editing ? ADDRESS_MESSAGES.updateFailed : ADDRESS_MESSAGES.createFailed),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Address' : 'Add Address'}
      footer={<DialogActions onCancel={onClose} form="address-form" busy={form.busy} busyText={editing ? 'Updating...' : 'Creating...'} label={editing ? 'Save Changes' : 'Add Address'} />}
    >
      <form id="address-form" noValidate onSubmit={form.onSubmit} className="space-y-4">
        {form.error && <Alert tone="error">{form.error}</Alert>}
        <Field label="Street Address" required error={form.errors.street}>
          <Input value={values.street} onChange={set('street')} invalid={!!form.errors.street} required autoComplete="off" />
        </Field>
        <Field label="Unit Number" error={form.errors.unit_number} hint={remaining(values.unit_number, UNIT_HINT_AT, UNIT_MAX)}>
          <Input value={values.unit_number} onChange={set('unit_number')} invalid={!!form.errors.unit_number} autoComplete="off" />
        </Field>
        <Field label="Property Type" error={form.errors.is_rented}>
          <Select value={values.is_rented} onChange={set('is_rented')}>
            {PROPERTY_TYPES.map((p) => (
              <option key={p.label} value={String(p.value)}>
                {p.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Notes" error={form.errors.notes} hint={remaining(values.notes, NOTES_HINT_AT, NOTES_MAX)}>
          <Textarea value={values.notes} onChange={set('notes')} invalid={!!form.errors.notes} rows={3} />
        </Field>
      </form>
    </Dialog>
  );
}
