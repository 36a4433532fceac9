/**
 * Add Address and Edit Address: street, unit number, Property Type (Owner-Occupied
 * or Rental Property) and notes, with the remaining-characters hints from 8 and 450 characters on.
 */
import { ADDRESS_MESSAGES, addressSchema, NOTES_HINT_AT, NOTES_MAX, PROPERTY_TYPES, UNIT_HINT_AT, UNIT_MAX, type ApiAddress } from '../../../schema/addresses';
import { errorMessage } from '../../lib/api';
import { useDraft } from '../../lib/use-draft';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Alert, charactersLeft, Dialog, DialogActions, Field, Input, Select, Textarea } from '../../ui';
import { addressesApi } from '../users/users-api';

const valuesOf = (address: ApiAddress | null) => ({ street: address?.street ?? '', unit_number: address?.unit_number ?? '', is_rented: String(address?.is_rented ?? false), notes: address?.notes ?? '' });

/** Past the limit the spec's message shows at once, in red, where the remaining-characters hint was. */
const tooLong = (value: string, max: number, message: string) => (value.length > max ? message : undefined);

export function AddressDialog({ open, address, onClose, onSaved }: { open: boolean; address: ApiAddress | null; onClose: () => void; onSaved: (a: ApiAddress) => void }) {
  const editing = !!address;
  const [draft, setValues] = useDraft(open ? valuesOf(address) : null, address?._id);
  const values = draft ?? valuesOf(null);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const payload = { ...values, is_rented: values.is_rented === 'true' };
  const form = useFormSubmit(
    addressSchema,
    payload,
    async (data) => onSaved(editing ? await addressesApi.update(address._id, data) : await addressesApi.create(data)),
    (e) => errorMessage(e, editing ? ADDRESS_MESSAGES.updateFailed : ADDRESS_MESSAGES.createFailed),
  );
  const unitError = form.errors.unit_number ?? tooLong(values.unit_number, UNIT_MAX, ADDRESS_MESSAGES.unitTooLong);
  const notesError = form.errors.notes ?? tooLong(values.notes, NOTES_MAX, ADDRESS_MESSAGES.notesTooLong);

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
        <Field label="Unit Number" error={unitError} hint={charactersLeft(values.unit_number, UNIT_MAX, UNIT_HINT_AT)}>
          <Input value={values.unit_number} onChange={set('unit_number')} invalid={!!unitError} autoComplete="off" />
        </Field>
        <Field label="Property Type" error={form.errors.is_rented}>
          <Select
            options={PROPERTY_TYPES.map((p) => ({ value: String(p.value), label: p.label }))}
            value={values.is_rented}
            onChange={(is_rented) => setValues((v) => ({ ...v, is_rented }))}
          />
        </Field>
        <Field label="Notes" error={notesError} hint={charactersLeft(values.notes, NOTES_MAX, NOTES_HINT_AT)}>
          <Textarea value={values.notes} onChange={set('notes')} invalid={!!notesError} rows={3} />
        </Field>
      </form>
    </Dialog>
  );
}
